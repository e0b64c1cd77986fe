// Excellent sample essays (优秀范文, product-rules.md#entities/#states): teachers propose approved essays, edit them, publish
// them to their class, grade or campus (campus-wide only after the exCheck review by a headmaster or
// the class's teacher), and everyone the scope reaches reads and likes them. Students and parents
// read on the H5 page with the class code — only published samples, so the original image and the
// comments of an essay reach students only once it is a sample of their class (product-rules.md#states).
import type { z } from 'zod';
import type * as c from '../../core/api/contracts/samples';
import type { SampleDetail, SampleHighlight, SampleScope, SampleStatus, SampleSummary, SampleSuggestion } from '../../core/api/contracts/samples';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import { sampleAuthorName } from '../../core/samples/display-name';
import { byScoreDesc } from '../../core/samples/score-rank';
import { AppError, badRequest, notFound } from '../errors';
import type { ErrorCode } from '../../core/api/error-codes';
import { classesRepo } from '../repositories/classes';
import { essaysRepo } from '../repositories/essays';
import { filesRepo } from '../repositories/files';
import { samplesRepo, type SampleReader, type SampleRow, type SampleSummaryRow } from '../repositories/samples';
import { studentsRepo } from '../repositories/students';
import { can, isScopedTeacher, requireAny } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { pageView } from './essay-service';
import { grantedFileUrl, type FileGrant } from './file-service';
import { sharedRateLimit } from './security/shared-rate-limit';
import { verifyStudentCode } from './security/student-code';
import { assertSchoolActive } from './school-expiry';

/** Suggestions look at the tasks released in this window, at most this many, top few per task and class. */
const SUGGEST_DAYS = 90;
const SUGGEST_TASKS = 6;
const SUGGEST_PER_CLASS = 2;

const conflict = (error: ErrorCode, key: MessageKey, params?: Record<string, string | number>) => new AppError(409, error, key, params, { show: true });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A pupil on the H5 page: their id and their own code (学生码). */
export interface H5Pupil {
  studentId: number;
  studentCode: string;
}

export function sampleService(deps: ServiceDeps) {
  const db = deps.db;
  // Counted in the database, so every server process shares the limits.
  const H5_READ = { max: 120, windowMs: 60_000 };
  const LIKES_IP = { max: 30, windowMs: 60_000 };
  const LIKES_PUPIL = { max: 10, windowMs: 60_000 };

  /** Classes the caller may manage samples of (propose, edit, publish): class.edit and the class in scope. */
  async function managedClassIds(auth: AuthContext, classIds: number[]): Promise<Set<number>> {
    if (!can(auth, 'class', 'edit')) return new Set();
    return new Set(await classesRepo.allowedIds(db, visibleClasses(auth), classIds));
  }

  async function reader(auth: AuthContext): Promise<SampleReader> {
    requireAny(auth, ['class', 'query'], ['headmaster', 'query']);
    const readerKey = `identity:${auth.identity.id}`;
    const campusId = await samplesRepo.identityCampus(db, auth.identity.id);
    if (!isScopedTeacher(auth)) return { kind: 'wide', schoolId: auth.school.id, campusIds: campusId ? [campusId] : null, readerKey, identityId: auth.identity.id };
    const classes = (await classesRepo.brief(db, visibleClasses(auth))).map((k) => ({ id: k.id, campusId: k.campusId, grade: k.grade }));
    const campusIds = [...new Set([...classes.map((k) => k.campusId), ...(campusId ? [campusId] : [])])];
    return { kind: 'teacher', schoolId: auth.school.id, classes, campusIds, readerKey, identityId: auth.identity.id };
  }

  /** Full name to readers of the student's class (and those who manage it), initials beyond. */
  /** Teachers' links carry their identity; a class page's (class code) the sample's publication. */
  const grantFor = (r: SampleReader, sampleId: number): FileGrant => (r.kind === 'class' ? { sampleId } : { identityId: r.identityId });

  function summary(r: SampleReader, row: SampleSummaryRow, inClass: boolean, lang: Lang): SampleSummary {
    const x = row.s;
    return {
      id: x.id,
      essayId: x.essayId,
      taskId: x.taskId,
      classId: x.classId,
      title: x.title,
      status: x.status as SampleStatus,
      scope: x.scope as SampleScope,
      studentName: sampleAuthorName(row.studentName, x.showName, inClass ? 'inClass' : 'beyond', translate(lang, 'sample.anonymous')),
      className: row.className,
      grade: x.grade,
      genre: x.genre,
      themes: x.themes,
      taskTitle: row.taskTitle,
      teacherScore: row.teacherScore,
      abstract: x.abstract,
      reason: x.reason,
      coverUrl: x.coverFileId ? grantedFileUrl(deps, x.coverFileId, grantFor(r, x.id)).url : null,
      featured: x.featured,
      likeCount: x.likeCount,
      liked: row.liked,
      proposedBy: row.proposedBy,
      publishedAt: iso(x.publishedAt),
      createdAt: x.createdAt.toISOString(),
    };
  }

  function inClassFor(r: SampleReader, managed: Set<number>) {
    return (classId: number) => r.kind === 'wide' || managed.has(classId) || (r.kind === 'class' && r.cls.id === classId);
  }

  async function summaries(auth: AuthContext, r: SampleReader, rows: SampleSummaryRow[], lang: Lang) {
    const managed = await managedClassIds(auth, [...new Set(rows.map((x) => x.s.classId))]);
    const inClass = inClassFor(r, managed);
    return rows.map((row) => summary(r, row, inClass(row.s.classId) || (r.kind === 'teacher' && r.classes.some((k) => k.id === row.s.classId)), lang));
  }

  async function detailView(r: SampleReader, row: NonNullable<Awaited<ReturnType<typeof samplesRepo.detail>>>, opts: { inClass: boolean; canEdit: boolean; canCheck: boolean }, lang: Lang): Promise<SampleDetail> {
    const pages = await essaysRepo.pages(db, [row.s.essayId]);
    const grant = grantFor(r, row.s.id);
    return {
      ...summary(r, row, opts.inClass, lang),
      coverUrl: row.s.coverFileId ? grantedFileUrl(deps, row.s.coverFileId, grant).url : pages[0] ? pageView(deps, pages[0], grant).url : null,
      coverFileId: row.s.coverFileId,
      transcript: row.transcript,
      highlights: row.s.highlights as SampleHighlight[],
      aiReview: row.s.aiReview,
      teacherEvaluation: row.s.teacherEvaluation,
      teacherComment: row.teacherComment,
      showName: row.s.showName,
      pages: pages.map((p) => {
        const v = pageView(deps, p, grant);
        return { id: v.id, pageNo: v.pageNo, fileId: v.fileId, rotation: v.rotation, url: v.url };
      }),
      checkNote: row.s.checkNote,
      checkedBy: row.checkedBy,
      canEdit: opts.canEdit,
      canCheck: opts.canCheck,
    };
  }

  /** A sample the caller manages (class.edit on its class), locked; 404 when out of reach. */
  async function managed(auth: AuthContext, id: number, lock = true): Promise<SampleRow> {
    requireAny(auth, ['class', 'edit']);
    const row = await samplesRepo.find(db, auth.school.id, id, lock);
    if (!row || !(await managedClassIds(auth, [row.classId])).has(row.classId)) throw notFound();
    return row;
  }

  /** exCheck: a headmaster of the sample's campus (or of every campus), or a teacher who manages its class. */
  async function mayCheck(auth: AuthContext, row: SampleRow): Promise<boolean> {
    if (can(auth, 'headmaster', 'edit')) {
      const campusId = await samplesRepo.identityCampus(db, auth.identity.id);
      if (!campusId || campusId === row.campusId) return true;
    }
    return (await managedClassIds(auth, [row.classId])).has(row.classId);
  }

  function statusError(row: SampleRow, lang: Lang) {
    return conflict('SAMPLE_STATUS', 'sample.badStatus', { status: translate(lang, `sample.status.${row.status as SampleStatus}`) });
  }

  /** The essay must still be approved when it is published (approval can be cancelled meanwhile). */
  async function requireApproved(essayId: number) {
    const e = await samplesRepo.essayStatus(db, essayId);
    if (e !== 'approved') throw conflict('ESSAY_NOT_APPROVED', 'sample.essayNotApproved');
  }

  async function suggestions(auth: AuthContext, lang: Lang): Promise<SampleSuggestion[]> {
    if (!can(auth, 'class', 'edit')) return [];
    const classes = await classesRepo.brief(db, visibleClasses(auth));
    const since = new Date(deps.now().getTime() - SUGGEST_DAYS * 86_400_000);
    const rows = await samplesRepo.approvedOfRecentTasks(db, auth.school.id, classes.map((k) => k.id), since, SUGGEST_TASKS);
    const groups = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.e.taskId}:${r.e.classId}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const out: SampleSuggestion[] = [];
    for (const group of groups.values()) {
      const ranked = byScoreDesc(group, (r) => r.e.teacherScore);
      // the best essays that are not samples yet, each with its rank among all approved ones
      const open = ranked.map((r, i) => ({ r, i })).filter(({ r }) => !r.sampled && r.e.teacherScore);
      open.slice(0, SUGGEST_PER_CLASS).forEach(({ r, i }) => {
        const result = r.result as { comments?: { overall?: string } } | null;
        const overall = (result?.comments?.overall ?? '').split(/(?<=[。！？.!?])/)[0]?.trim() ?? '';
        const why = translate(lang, 'sample.why', { rank: i + 1, count: group.length, score: r.e.teacherScore ?? '—' }) + (overall ? ` ${translate(lang, 'sample.whyAi', { text: overall })}` : '');
        out.push({ essayId: r.e.id, taskId: r.e.taskId, taskTitle: r.taskTitle, classId: r.e.classId, className: r.className, studentName: r.studentName, teacherScore: r.e.teacherScore, rank: i + 1, approvedCount: group.length, why });
      });
    }
    return out;
  }

  /**
   * The H5 reader of a class code: the class (school active), rate-limited per address. With a pupil of
   * the class who gives their own code (学生码) the reader is that pupil, so a like counts once per
   * pupil whatever phone or random key sends it; without one the reader is anonymous and cannot like.
   */
  async function classReader(classCode: string, pupil: H5Pupil | undefined, ip: string): Promise<Extract<SampleReader, { kind: 'class' }>> {
    await sharedRateLimit.hit(db, `samples:h5:ip:${ip}`, H5_READ, deps.now());
    const cls = await classesRepo.findByCode(db, classCode);
    if (!cls) throw new AppError(403, 'CLASS_CODE_WRONG', 'sample.classCodeWrong', undefined, { show: true });
    await assertSchoolActive(db, cls.schoolId);
    let readerKey = 'h5:anonymous';
    if (pupil) {
      const student = await studentsRepo.find(db, cls.schoolId, pupil.studentId);
      if (!student || student.s.classId !== cls.id) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
      await verifyStudentCode(db, deps.signer, student.s, pupil.studentCode, ip, deps.now());
      readerKey = `pupil:${student.s.id}`;
    }
    return { kind: 'class', schoolId: cls.schoolId, cls: { id: cls.id, campusId: cls.campusId, grade: cls.grade }, readerKey };
  }

  return {
    /** One click from the correction panel or the class list; only approved essays qualify. */
    async propose(auth: AuthContext, body: z.infer<typeof c.proposeBody>, lang: Lang): Promise<SampleSummary> {
      requireAny(auth, ['class', 'edit']);
      const found = await samplesRepo.essayForProposal(db, auth.school.id, body.essayId);
      if (!found || !(await managedClassIds(auth, [found.e.classId])).has(found.e.classId)) throw notFound();
      if (found.e.status !== 'approved') throw badRequest('ESSAY_NOT_APPROVED', 'sample.onlyApproved');
      const id = await db.transaction(async (tx) => {
        if (await samplesRepo.liveOfEssay(tx, found.e.id)) throw conflict('SAMPLE_EXISTS', 'sample.exists');
        const correction = await samplesRepo.aiOverall(tx, found.e.id);
        const row = await samplesRepo.insert(tx, {
          schoolId: auth.school.id,
          campusId: found.cls.campusId,
          classId: found.cls.id,
          grade: found.cls.grade,
          taskId: found.task.id,
          essayId: found.e.id,
          studentId: found.e.studentId,
          reason: body.reason,
          title: found.task.title.slice(0, 60),
          aiReview: correction ?? '',
          genre: found.task.genre,
          proposedByIdentityId: auth.identity.id,
        });
        return row.id;
      });
      const r = await reader(auth);
      const row = await samplesRepo.detail(db, r, id);
      return summary(r, row!, true, lang);
    },

    /** pre-list: proposals waiting to be released or checked, and the AI's suggestions. */
    async preList(auth: AuthContext, lang: Lang) {
      const r = await reader(auth);
      const pending = [...(await samplesRepo.list(db, r, { status: 'to_release' }, 'date', { pageNum: 1, pageSize: 100 })).rows, ...(await samplesRepo.list(db, r, { status: 'checking' }, 'date', { pageNum: 1, pageSize: 100 })).rows];
      return { proposed: await summaries(auth, r, pending, lang), suggestions: await suggestions(auth, lang) };
    },

    async detail(auth: AuthContext, id: number, lang: Lang): Promise<SampleDetail> {
      const r = await reader(auth);
      const row = await samplesRepo.detail(db, r, id);
      if (!row) throw notFound();
      const manages = (await managedClassIds(auth, [row.s.classId])).has(row.s.classId);
      const inClass = manages || r.kind === 'wide' || (r.kind === 'teacher' && r.classes.some((k) => k.id === row.s.classId));
      return detailView(r, row, { inClass, canEdit: manages && row.s.status === 'to_release', canCheck: row.s.status === 'checking' && (await mayCheck(auth, row.s)) }, lang);
    },

    /** edit: only while to be released (unpublish first); the cover is a page of the essay or a school file. */
    async save(auth: AuthContext, body: z.infer<typeof c.saveSampleBody>, lang: Lang): Promise<SampleDetail> {
      {
        const row = await managed(auth, body.id, false);
        if (row.status !== 'to_release') throw conflict('SAMPLE_LOCKED', 'sample.locked');
        if (body.coverFileId && !(await filesRepo.find(db, auth.school.id, body.coverFileId))) throw badRequest('COVER_UNKNOWN', 'sample.coverUnknown');
        const transcript = (await samplesRepo.detail(db, await reader(auth), row.id))?.transcript ?? '';
        for (const h of body.highlights) if (h.end <= h.start || h.end > transcript.length) throw badRequest('HIGHLIGHT_RANGE', 'sample.highlightRange');
        const highlights = body.highlights.map((h) => ({ ...h, excerpt: transcript.slice(h.start, h.end) }));
        await samplesRepo.update(db, row.id, {
          title: body.title,
          coverFileId: body.coverFileId,
          abstract: body.abstract,
          aiReview: body.aiReview,
          teacherEvaluation: body.teacherEvaluation,
          scope: body.scope,
          showName: body.showName,
          genre: body.genre,
          themes: [...new Set(body.themes)],
          highlights,
          featured: body.featured,
        });
      }
      return this.detail(auth, body.id, lang);
    },

    /** to be released → published (class, grade) or → checking (campus-wide, exCheck first). */
    async publish(auth: AuthContext, id: number, lang: Lang): Promise<SampleDetail> {
      const row = await managed(auth, id, false);
      if (row.status !== 'to_release') throw statusError(row, lang);
      await requireApproved(row.essayId);
      const now = deps.now();
      if (row.scope === 'campus') await samplesRepo.update(db, id, { status: 'checking', checkNote: null, checkedAt: null, checkedByIdentityId: null });
      else await samplesRepo.update(db, id, { status: 'published', publishedAt: now });
      return this.detail(auth, id, lang);
    },

    /** published or checking → to be released: taken off the readers' lists, editable again. */
    async unpublish(auth: AuthContext, id: number, lang: Lang): Promise<SampleDetail> {
      const row = await managed(auth, id, false);
      if (row.status === 'to_release') throw statusError(row, lang);
      await samplesRepo.update(db, id, { status: 'to_release', publishedAt: null });
      return this.detail(auth, id, lang);
    },

    /** A proposal withdrawn (not while published: unpublish first). */
    async withdraw(auth: AuthContext, id: number, lang: Lang): Promise<{ id: number }> {
      const row = await managed(auth, id, false);
      if (row.status === 'published') throw statusError(row, lang);
      await samplesRepo.update(db, id, { deletedAt: deps.now() });
      return { id };
    },

    /** exCheck: confirm (→ published campus-wide) or send back (→ to be released, with a note). */
    async check(auth: AuthContext, body: z.infer<typeof c.checkBody>, lang: Lang): Promise<SampleDetail> {
      const r = await reader(auth);
      const row = await samplesRepo.find(db, auth.school.id, body.id);
      if (!row || !(await samplesRepo.detail(db, r, row.id))) throw notFound();
      if (!(await mayCheck(auth, row))) throw new AppError(403, 'FORBIDDEN', 'error.forbidden', undefined, { show: true });
      if (row.status !== 'checking') throw statusError(row, lang);
      if (body.approve) await requireApproved(row.essayId);
      if (!body.approve && !body.note) throw badRequest('NOTE_REQUIRED', 'sample.noteRequired');
      const now = deps.now();
      await samplesRepo.update(db, row.id, body.approve
        ? { status: 'published', publishedAt: now, checkedByIdentityId: auth.identity.id, checkedAt: now, checkNote: body.note || null }
        : { status: 'to_release', checkedByIdentityId: auth.identity.id, checkedAt: now, checkNote: body.note });
      return this.detail(auth, row.id, lang);
    },

    async list(auth: AuthContext, q: z.infer<typeof c.sampleListQuery>, lang: Lang) {
      const r = await reader(auth);
      const { rows, total } = await samplesRepo.list(db, r, q, q.sort, q);
      return { list: await summaries(auth, r, rows, lang), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    /** exceHome: featured and latest published samples, by grade and genre. */
    async home(auth: AuthContext, q: z.infer<typeof c.homeQuery>, lang: Lang) {
      const r = await reader(auth);
      const f = { status: 'published', grade: q.grade, genre: q.genre };
      const featured = (await samplesRepo.list(db, r, { ...f, featured: true }, 'likes', { pageNum: 1, pageSize: 6 })).rows;
      const latest = (await samplesRepo.list(db, r, f, 'date', { pageNum: 1, pageSize: 8 })).rows;
      return { featured: await summaries(auth, r, featured, lang), latest: await summaries(auth, r, latest, lang), ...(await samplesRepo.counts(db, r)) };
    },

    /** One like per reader of a published sample the reader sees. */
    async like(auth: AuthContext, id: number) {
      const r = await reader(auth);
      const row = await samplesRepo.detail(db, r, id);
      if (!row || row.s.status !== 'published') throw notFound();
      await samplesRepo.like(db, id, r.readerKey);
      return { liked: true, likeCount: await samplesRepo.likeCount(db, id) };
    },

    // ----- H5 (class code; published samples only) -----

    async h5List(classCode: string, ip: string, lang: Lang) {
      const r = await classReader(classCode, undefined, ip);
      const { rows } = await samplesRepo.list(db, r, {}, 'date', { pageNum: 1, pageSize: 100 });
      const cls = await classesRepo.findByCode(db, classCode);
      return { className: cls?.name ?? '', list: rows.map((row) => summary(r, row, row.s.classId === r.cls.id, lang)) };
    },

    /** Only published samples reaching the class: the original pages and comments come with them and nowhere else. */
    async h5Detail(classCode: string, id: number, pupil: H5Pupil | undefined, ip: string, lang: Lang): Promise<SampleDetail> {
      const r = await classReader(classCode, pupil, ip);
      const row = await samplesRepo.detail(db, r, id);
      if (!row) throw notFound();
      return detailView(r, row, { inClass: row.s.classId === r.cls.id, canEdit: false, canCheck: false }, lang);
    },

    /** Once per pupil: liking again, from any phone or address, changes nothing. */
    async h5Like(classCode: string, id: number, pupil: H5Pupil, ip: string) {
      await sharedRateLimit.hit(db, `samples:like:ip:${ip}`, LIKES_IP, deps.now());
      await sharedRateLimit.hit(db, `samples:like:pupil:${pupil.studentId}`, LIKES_PUPIL, deps.now());
      const r = await classReader(classCode, pupil, ip);
      if (!(await samplesRepo.detail(db, r, id))) throw notFound();
      await samplesRepo.like(db, id, r.readerKey);
      return { liked: true, likeCount: await samplesRepo.likeCount(db, id) };
    },
  };
}
export type SampleService = ReturnType<typeof sampleService>;
