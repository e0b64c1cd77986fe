// Practice homework (练习作业, product-rules.md#roles key /exercise) and classroom composition (课堂作文 on
// /homework/situation/index, key /task), the teacher's side: set, list with participation and
// averages, one practice with every student's attempts, comments, start and end. A teacher (role 2)
// works on the classes they teach; other schools' practices are 404. docs/practice.md.
import type { PracticeAttempt, PracticeDetail, PracticeGrowth, PracticeKind, PracticeState, PracticeSummary } from '../../core/api/contracts/practice';
import type { Lang } from '../../core/i18n';
import { AppError, badRequest, notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { growthRepo } from '../repositories/growth';
import { practiceRepo, type PracticeAttemptRow, type PracticeRow, type PracticeStats } from '../repositories/practice';
import { promptBankRepo } from '../repositories/prompt-bank';
import { isScopedTeacher, requireAny } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { grantedFileUrl, type FileGrant } from './file-service';
import { feedbackView } from './practice-feedback';

type Action = 'query' | 'add' | 'edit' | 'delete';
/** Practice needs the /exercise permission; the classroom writing lives in essay management (/task). */
export function requirePractice(auth: AuthContext, kind: PracticeKind, action: Action): void {
  requireAny(auth, kind === 'practice' ? ['exercise', action] : ['task', action]);
}

/** Where a practice stands at `now`: not started (classroom before start), open, or ended. */
export function stateOf(p: Pick<PracticeRow, 'startedAt' | 'endsAt' | 'endedAt'>, now: Date): PracticeState {
  if (!p.startedAt || p.startedAt.getTime() > now.getTime()) return 'notStarted';
  if (p.endedAt || (p.endsAt && p.endsAt.getTime() <= now.getTime())) return 'ended';
  return 'open';
}
export const remainingOf = (p: Pick<PracticeRow, 'startedAt' | 'endsAt' | 'endedAt'>, now: Date) =>
  stateOf(p, now) === 'open' && p.endsAt ? Math.max(0, Math.floor((p.endsAt.getTime() - now.getTime()) / 1000)) : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An attempt with its photo links signed for the reader (the teacher, or the pupil on the practice page). */
export function attemptView(deps: Pick<ServiceDeps, 'signer' | 'now'>, a: PracticeAttemptRow, lang: Lang, grant: FileGrant): PracticeAttempt {
  return {
    id: a.id,
    studentId: a.studentId,
    attemptNo: a.attemptNo,
    source: a.source as PracticeAttempt['source'],
    text: a.text,
    photoUrls: a.fileIds.map((id) => grantedFileUrl(deps, id, grant).url),
    status: a.status as PracticeAttempt['status'],
    feedback: a.status === 'done' ? feedbackView(a.feedback, lang) : null,
    scorePercent: a.scorePercent,
    wordCount: a.wordCount,
    error: a.status === 'failed' ? a.error : null,
    teacherComment: a.teacherComment,
    commentedAt: iso(a.commentedAt),
    submittedAt: a.submittedAt.toISOString(),
    feedbackAt: iso(a.feedbackAt),
  };
}

export function practiceService(deps: ServiceDeps) {
  const db = deps.db;

  function summaryOf(row: { p: PracticeRow; className: string; classCode: string }, size: number, stats: PracticeStats | undefined): PracticeSummary {
    const p = row.p;
    return {
      id: p.id,
      kind: p.kind as PracticeKind,
      title: p.title,
      prompt: p.prompt,
      genre: p.genre,
      grade: p.grade,
      minWords: p.minWords,
      focus: p.focus,
      classId: p.classId,
      className: row.className,
      classCode: row.classCode,
      durationMinutes: p.durationMinutes,
      startedAt: iso(p.startedAt),
      endsAt: iso(p.endsAt),
      endedAt: iso(p.endedAt),
      state: stateOf(p, deps.now()),
      createdAt: p.createdAt.toISOString(),
      participants: stats?.participants ?? 0,
      classSize: size,
      attempts: stats?.attempts ?? 0,
      averagePercent: stats?.averagePercent ?? null,
      averageWords: stats?.averageWords ?? null,
    };
  }

  /** A practice of a class the caller may see (else 404), checked for the action on its kind. */
  async function visible(auth: AuthContext, id: number, action: Action, lock = false) {
    const row = await practiceRepo.find(db, auth.school.id, id, lock);
    if (!row) throw notFound();
    requirePractice(auth, row.p.kind as PracticeKind, action);
    if (!(await classesRepo.find(db, { ...visibleClasses(auth), id: row.p.classId }))) throw notFound();
    return row;
  }

  async function summary(row: { p: PracticeRow; className: string; classCode: string }) {
    const [sizes, stats] = await Promise.all([practiceRepo.classSizes(db, [row.p.classId]), practiceRepo.stats(db, [row.p.id])]);
    return summaryOf(row, sizes.get(row.p.classId) ?? 0, stats.get(row.p.id));
  }

  return {
    async add(auth: AuthContext, body: { kind: PracticeKind; classId: number; title: string; prompt: string; sourceId?: number | undefined; genre: string; minWords: number; focus: string; deadline?: string | undefined; durationMinutes?: number | undefined; startNow: boolean }) {
      requirePractice(auth, body.kind, 'add');
      const found = await classesRepo.find(db, { ...visibleClasses(auth), id: body.classId });
      if (!found) throw notFound();
      const cls = found.cls;
      const now = deps.now();
      let prompt = body.prompt;
      let genre = body.genre;
      if (body.sourceId !== undefined) {
        // A public prompt or one of the teacher's own.
        const source = (await promptBankRepo.visible(db, auth.identity.id, body.sourceId)) ? ((await promptBankRepo.find(db, null, body.sourceId)) ?? (await promptBankRepo.find(db, auth.identity.id, body.sourceId))) : undefined;
        if (!source) throw badRequest('PROMPT_UNKNOWN', 'practice.promptUnknown');
        if (!prompt) prompt = [source.topic, source.material, ...source.requirements].filter(Boolean).join('\n');
        if (!genre) genre = source.type;
      }
      let times: Pick<PracticeRow, 'startedAt' | 'endsAt' | 'durationMinutes'>;
      if (body.kind === 'practice') {
        if (!body.deadline) throw badRequest('DEADLINE_REQUIRED', 'practice.deadlineRequired');
        const deadline = new Date(body.deadline);
        if (deadline.getTime() <= now.getTime() + 60_000) throw badRequest('DEADLINE_PAST', 'practice.deadlinePast');
        times = { startedAt: now, endsAt: deadline, durationMinutes: null };
      } else {
        if (!body.durationMinutes) throw badRequest('DURATION_REQUIRED', 'practice.durationRange');
        times = body.startNow ? { startedAt: now, endsAt: new Date(now.getTime() + body.durationMinutes * 60_000), durationMinutes: body.durationMinutes } : { startedAt: null, endsAt: null, durationMinutes: body.durationMinutes };
      }
      const p = await practiceRepo.insert(db, {
        schoolId: auth.school.id,
        classId: cls.id,
        creatorIdentityId: auth.identity.id,
        kind: body.kind,
        title: body.title,
        prompt,
        sourceId: body.sourceId ?? null,
        genre,
        grade: cls.grade,
        minWords: body.minWords,
        focus: body.focus,
        ...times,
        createdAt: now,
        updatedAt: now,
      });
      return summary({ p, className: cls.name, classCode: cls.classCode });
    },

    async page(auth: AuthContext, q: { kind: PracticeKind; classId?: number | undefined; pageNum: number; pageSize: number }) {
      requirePractice(auth, q.kind, 'query');
      const candidates = q.classId !== undefined ? [q.classId] : await practiceRepo.classIdsOf(db, auth.school.id, q.kind);
      const classIds = await classesRepo.allowedIds(db, visibleClasses(auth), candidates);
      const { rows, total } = await practiceRepo.page(db, { schoolId: auth.school.id, kind: q.kind, classIds }, q.pageNum, q.pageSize);
      const [sizes, stats] = await Promise.all([practiceRepo.classSizes(db, [...new Set(rows.map((r) => r.p.classId))]), practiceRepo.stats(db, rows.map((r) => r.p.id))]);
      return { list: rows.map((r) => summaryOf(r, sizes.get(r.p.classId) ?? 0, stats.get(r.p.id))), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async detail(auth: AuthContext, id: number, lang: Lang): Promise<PracticeDetail> {
      const row = await visible(auth, id, 'query');
      const [roster, attempts] = await Promise.all([practiceRepo.roster(db, row.p.classId), practiceRepo.attempts(db, id)]);
      const byStudent = new Map<number, PracticeAttemptRow[]>();
      for (const a of attempts) byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
      const known = new Set(roster.map((s) => s.id));
      return {
        practice: await summary(row),
        remainingSeconds: remainingOf(row.p, deps.now()),
        // Students who left the class after answering keep their attempts at the end of the list.
        students: roster
          .map((s) => ({ ...s, left: false }))
          .concat([...byStudent.keys()].filter((sid) => !known.has(sid)).map((sid) => ({ id: sid, name: '—', studentNo: '', left: true })))
          .map((s) => {
            const mine = byStudent.get(s.id) ?? [];
            const scores = mine.map((a) => a.scorePercent).filter((v): v is number => v !== null);
            return { id: s.id, name: s.name, studentNo: s.studentNo, attempts: mine.map((a) => attemptView(deps, a, lang, { identityId: auth.identity.id })), bestPercent: scores.length ? Math.max(...scores) : null };
          }),
      };
    },

    async comment(auth: AuthContext, id: number, attemptId: number, comment: string) {
      const row = await visible(auth, id, 'edit');
      const attempt = await practiceRepo.attempt(db, attemptId);
      if (!attempt || attempt.practiceId !== row.p.id) throw notFound();
      const now = deps.now();
      await practiceRepo.updateAttempt(db, attemptId, { teacherComment: comment, commentedAt: comment ? now : null }, now);
      return { attemptId, teacherComment: comment, commentedAt: comment ? now.toISOString() : null };
    },

    /** Classroom: starts the timed writing now (once). */
    async start(auth: AuthContext, id: number) {
      await visible(auth, id, 'edit');
      // Checked again under the row lock (outside it first: PGlite has one connection, so no query on db inside tx).
      return db.transaction(async (tx) => {
        const row = await practiceRepo.find(tx, auth.school.id, id, true);
        if (!row) throw notFound();
        if (row.p.kind !== 'classroom') throw badRequest('NOT_CLASSROOM', 'practice.notClassroom');
        if (row.p.startedAt) throw new AppError(409, 'ALREADY_STARTED', 'practice.alreadyStarted', undefined, { show: true });
        const now = deps.now();
        const p = { ...row.p, startedAt: now, endsAt: new Date(now.getTime() + (row.p.durationMinutes ?? 40) * 60_000) };
        await practiceRepo.update(tx, id, { startedAt: p.startedAt, endsAt: p.endsAt }, now);
        return { ...row, p };
      }).then((row) => summary(row));
    },

    /** Ends a classroom writing (or closes a practice) now: later submissions are refused. */
    async end(auth: AuthContext, id: number) {
      const row = await visible(auth, id, 'edit');
      const now = deps.now();
      const state = stateOf(row.p, now);
      if (state === 'notStarted') throw badRequest('NOT_STARTED', 'practice.notStarted');
      if (state === 'ended') return summary(row);
      await practiceRepo.update(db, id, { endedAt: now }, now);
      return summary({ ...row, p: { ...row.p, endedAt: now } });
    },

    async remove(auth: AuthContext, id: number) {
      const row = await visible(auth, id, 'delete');
      await practiceRepo.update(db, row.p.id, { deletedAt: deps.now() }, deps.now());
      return { deleted: 1 };
    },

    /** A student's practice series for the growth profile (same access as the profile), apart from graded tasks. */
    async growth(auth: AuthContext, studentId: number): Promise<PracticeGrowth> {
      requireAny(auth, ['class', 'query'], ['headmaster', 'query']);
      const student = await growthRepo.student(db, auth.school.id, studentId, isScopedTeacher(auth) ? auth.identity.id : undefined);
      if (!student) throw notFound();
      const rows = await practiceRepo.studentSeries(db, auth.school.id, studentId);
      const byPractice = new Map<number, typeof rows>();
      for (const r of rows) byPractice.set(r.a.practiceId, [...(byPractice.get(r.a.practiceId) ?? []), r]);
      const series = [...byPractice.values()].map((list) => {
        const first = list[0]!;
        const scored = list.filter((r) => r.a.scorePercent !== null);
        const best = scored.length ? scored.reduce((b, r) => (r.a.scorePercent! > b.a.scorePercent! ? r : b)) : null;
        const focus = (best?.a.feedback as { focus?: { met?: boolean } } | null)?.focus;
        return {
          practiceId: first.a.practiceId,
          kind: first.kind as PracticeKind,
          title: first.title,
          focus: first.focus,
          date: first.a.submittedAt.toISOString(),
          bestPercent: best?.a.scorePercent ?? null,
          wordCount: best?.a.wordCount ?? first.a.wordCount,
          attempts: list.length,
          focusMet: focus && typeof focus.met === 'boolean' ? focus.met : null,
        };
      });
      const scores = series.map((s) => s.bestPercent).filter((v): v is number => v !== null);
      return { studentId, practices: series.length, attempts: rows.length, averagePercent: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null, series };
    },
  };
}
export type PracticeService = ReturnType<typeof practiceService>;
