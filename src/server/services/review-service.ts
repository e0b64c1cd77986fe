// Teacher review of an essay (product-rules.md#states Review): the correction screen's workspace, the classmates
// before and after, saving the teacher's edits, the corrected transcript (local re-analysis),
// approval (AI done, comment not empty, a pending revised-draft request confirmed), cancelling it,
// batch approval, and a student's drafts side by side.
import type { BatchResult, DimensionScoreInput, EssayReview, ReviewAnnotation, ReviewWorkspace } from '../../core/api/contracts/review';
import type { EssayStatus } from '../../core/api/contracts/essays';
import { toTuple, type CharBoxTuple } from '../../core/geometry/page-boxes';
import type { Lang } from '../../core/i18n';
import type { Executor } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import { correctionsRepo } from '../repositories/corrections';
import { essaysRepo, type EssayRow } from '../repositories/essays';
import { writingListRepo } from '../repositories/writing-list';
import { reviewsRepo, type ReviewRow } from '../repositories/reviews';
import { revisionsRepo, type RevisionRow } from '../repositories/revisions';
import { studentsRepo } from '../repositories/students';
import { tasksRepo } from '../repositories/tasks';
import { workspaceEssay } from '../repositories/workspace-essay';
import { workspaceTask } from '../repositories/workspace-task';
import { isScopedTeacher } from './access';
import type { AuthContext } from './auth-context';
import { correctionService, essayJobKey } from './correction-service';
import type { ServiceDeps } from './deps';
import { labelOf, pageView } from './essay-service';
import { approvedLocked, essayForReview, requireClassInScope, requireReview } from './review-access';
import { aiDimensionScores, checkDimensionScores, checkTeacherScore, scoringOf, taskScoring, totalOf, type StoredDimensionScore, type TaskScoring } from './review-scoring';
import { analyseCorrectedTranscript, charsOnto, moveAnnotations, type StoredResult } from './review-transcript';
import { growthHooks } from './growth-hooks';
import { ltiHooks } from './lti-score-job';
import { revisionHooks } from './revision-hooks';
import { notifyStudents } from './student-notifications';
import { byStudentNo } from '../../core/domain/student-order';
import { eachEssay } from './each-essay';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Essay statuses in which the AI review is complete (product-rules.md#states: 'Please complete the AI review first'). */
const AI_COMPLETE: readonly string[] = ['ai_done', 'revision_requested'];

export function reviewView(essay: Pick<EssayRow, 'id' | 'status' | 'teacherScore'>, row: (ReviewRow & { approvedByName?: string | null }) | undefined): EssayReview {
  return {
    essayId: essay.id,
    transcript: row?.transcript ?? null,
    teacherComment: row?.teacherComment ?? '',
    dimensionScores: (row?.dimensionScores as StoredDimensionScore[] | undefined) ?? [],
    annotations: (row?.annotations as ReviewAnnotation[] | undefined) ?? [],
    teacherScore: essay.teacherScore,
    approved: essay.status === 'approved',
    approvedAt: essay.status === 'approved' ? iso(row?.approvedAt) : null,
    approvedBy: essay.status === 'approved' ? (row?.approvedByName ?? null) : null,
    updatedAt: iso(row?.updatedAt),
  };
}

export function revisionView(r: RevisionRow, requestedBy: string) {
  return {
    id: r.id,
    essayId: r.essayId,
    studentId: r.studentId,
    mode: r.mode as 'keep' | 'discard',
    message: r.message,
    status: r.status as 'pending' | 'cancelled' | 'fulfilled',
    nextDraft: r.nextDraft,
    requestedAt: r.createdAt.toISOString(),
    requestedBy,
  };
}

export interface ApproveInput {
  essayId: number;
  teacherComment: string;
  dimensionScores?: DimensionScoreInput[] | undefined;
  teacherScore?: string | undefined;
  confirmPendingRevision: boolean;
}


/** The character boxes of the transcript the panel shows (the teacher's, when corrected), for the wire. */
function shownCharBoxes(result: StoredResult | null, shown: string | null): CharBoxTuple[] {
  if (!result?.pages?.length || !shown) return [];
  return charsOnto(result, shown).map(toTuple);
}

export function reviewService(deps: ServiceDeps) {
  const db = deps.db;
  const corrections = correctionService(deps);

  /** Classmates with a live essay for the task (their latest draft), in class order (student number). */
  async function classmates(essay: EssayRow) {
    // the class list's prepared statement: live students with their live essays, latest draft first
    const latest = new Map<number, { essayId: number; studentId: number; name: string; status: string; studentNo: string; id: number }>();
    for (const r of await writingListRepo.rows(db, essay.taskId, essay.classId)) {
      if (r.essay && !latest.has(r.studentId)) latest.set(r.studentId, { essayId: r.essay.id, studentId: r.studentId, name: r.name, status: r.essay.status, studentNo: r.studentNo, id: r.studentId });
    }
    return [...latest.values()].sort(byStudentNo).map(({ essayId, studentId, name, status }) => ({ essayId, studentId, name, status }));
  }
  async function around(essay: EssayRow) {
    const list = await classmates(essay);
    const i = list.findIndex((c) => c.studentId === essay.studentId);
    return { list, i, previous: i > 0 ? list[i - 1]! : null, next: i >= 0 && i < list.length - 1 ? list[i + 1]! : null };
  }

  /** The task's scoring, with a clear 404 when the task went away. */
  const scoringOfTask = (taskId: number, lang: Lang, ex: Executor = db) => taskScoring(ex, taskId, lang);

  /** Teacher edits: dimension scores checked against the task, the total given or derived from them. */
  function scoresFrom(scoring: TaskScoring, input: { dimensionScores?: DimensionScoreInput[] | undefined; teacherScore?: string | undefined }) {
    const dims = input.dimensionScores ? checkDimensionScores(scoring, input.dimensionScores) : undefined;
    const total = input.teacherScore ? checkTeacherScore(scoring, input.teacherScore) : dims ? totalOf(scoring, dims) : undefined;
    return { dims, total };
  }

  async function approveIn(tx: Executor, auth: AuthContext, input: ApproveInput, lang: Lang) {
    const now = deps.now();
    const essay = await correctionsRepo.essay(tx, input.essayId, true);
    if (!essay) throw notFound();
    if (essay.status === 'approved') throw approvedLocked();
    const correction = await correctionsRepo.get(tx, essay.id);
    if (!AI_COMPLETE.includes(essay.status) || correction?.status !== 'done') throw badRequest('AI_NOT_DONE', 'review.aiNotDone');
    const pending = await revisionsRepo.pending(tx, essay.taskId, essay.studentId, true);
    if (pending && !input.confirmPendingRevision) throw new AppError(409, 'REVISION_PENDING', 'review.revisionPending', undefined, { show: true });
    const scoring = await scoringOfTask(essay.taskId, lang, tx);
    const current = await reviewsRepo.get(tx, essay.id);
    const given = scoresFrom(scoring, input);
    // Without teacher scores the approval accepts the AI's: the approved record is complete for the export.
    const ai = (correction.result as { score?: { dimensions?: { id: string; value?: number; label: string }[] } } | null)?.score?.dimensions;
    const stored = (current?.dimensionScores as StoredDimensionScore[] | undefined) ?? [];
    const dims = given.dims ?? (stored.length ? stored : aiDimensionScores(scoring, ai));
    const teacherScore = given.total ?? (given.dims ? null : essay.teacherScore) ?? totalOf(scoring, dims) ?? essay.aiScore;
    if (pending) {
      // A request on another draft (a later one it discarded, or one it keeps) is undone as a cancel
      // would undo it, so approving this draft loses nothing.
      if (pending.essayId !== essay.id) await revisionHooks.restoreEssay(tx, pending, now);
      await revisionsRepo.close(tx, pending.id, 'cancelled', now);
    }
    await essaysRepo.update(tx, essay.id, { status: 'approved', auditAt: now, teacherScore });
    await reviewsRepo.upsert(tx, essay.id, { teacherComment: input.teacherComment.trim(), dimensionScores: dims, approvedAt: now, approvedByIdentityId: auth.identity.id, updatedByIdentityId: auth.identity.id }, now);
    await growthHooks.essayApproved(tx, essay.id, now);
    await ltiHooks.essayApproved(tx, essay, now);
    const task = await tasksRepo.find(tx, { schoolId: essay.schoolId }, essay.taskId);
    await notifyStudents(
      tx,
      [{ schoolId: essay.schoolId, studentId: essay.studentId, kind: 'approved', taskId: essay.taskId, essayId: essay.id, key: teacherScore ? 'studentMsg.approved' : 'studentMsg.approvedNoScore', params: { title: task?.t.title ?? '', score: teacherScore ?? '' } }],
      lang,
      now,
    );
    return essay.id;
  }

  async function reviewOf(essayId: number) {
    const essay = await correctionsRepo.essay(db, essayId);
    if (!essay) throw notFound();
    return reviewView(essay, await reviewsRepo.get(db, essayId));
  }

  const service = {
    async workspace(auth: AuthContext, essayId: number, lang: Lang): Promise<ReviewWorkspace> {
      const row = await essayForReview(db, auth, essayId, 'read');
      const e = row.e;
      const [pages, task, rows, near] = await Promise.all([
        essaysRepo.pagesOf(db, e.id),
        workspaceTask(db, auth.school.id, e.taskId, e.classId),
        workspaceEssay(db, e.id, essayJobKey(e.id)),
        around(e),
      ]);
      if (!task || !rows) throw notFound();
      const correction = corrections.correctionView(e, rows.correction, rows.job);
      const review = rows.review ? { ...rows.review, approvedByName: rows.approvedByName } : undefined;
      const pending = rows.revision && rows.requestedBy !== null ? { r: rows.revision, requestedBy: rows.requestedBy } : undefined;
      const scoring = await scoringOf(db, task, lang);
      const shownReview = reviewView(e, review);
      return {
        essay: {
          id: e.id,
          taskId: e.taskId,
          classId: e.classId,
          studentId: e.studentId,
          studentName: row.studentName,
          studentNo: row.studentNo,
          draft: e.draft,
          status: e.status as EssayStatus,
          label: labelOf(e.status, e.draft),
          submittedTime: e.submittedAt.toISOString(),
          auditTime: iso(e.auditAt),
          pages: pages.map((p) => {
            const v = pageView(deps, p, { identityId: auth.identity.id });
            return { id: v.id, pageNo: v.pageNo, url: v.url, width: v.width, height: v.height, rotation: v.rotation };
          }),
        },
        task: {
          id: task.task.id,
          title: task.task.title,
          genre: task.task.genre,
          grade: task.task.grade,
          requirements: task.task.requirements,
          scoreType: scoring.scoreType,
          fullMark: scoring.fullMark,
          levels: scoring.levels,
          dimensions: scoring.dimensions,
        },
        className: task.className ?? '',
        correction,
        review: shownReview,
        revision: pending ? revisionView(pending.r, pending.requestedBy) : null,
        previous: near.previous,
        next: near.next,
        charBoxes: shownCharBoxes(correction.result as StoredResult | null, shownReview.transcript ?? correction.transcript),
        position: near.i + 1,
        total: near.list.length,
      };
    },

    /** The classmate before or after; at an end 400 'The current student is already the first/last one'. */
    async neighbour(auth: AuthContext, essayId: number, direction: 'previous' | 'next') {
      const row = await essayForReview(db, auth, essayId, 'read');
      const near = await around(row.e);
      const hit = direction === 'previous' ? near.previous : near.next;
      if (!hit) throw badRequest(direction === 'previous' ? 'FIRST_STUDENT' : 'LAST_STUDENT', direction === 'previous' ? 'review.firstStudent' : 'review.lastStudent');
      return hit;
    },

    /** Saves any subset of the teacher's edits without approving; refused once approved. */
    async save(auth: AuthContext, body: { essayId: number; teacherComment?: string | undefined; dimensionScores?: DimensionScoreInput[] | undefined; teacherScore?: string | undefined; annotations?: ReviewAnnotation[] | undefined }, lang: Lang) {
      const row = await essayForReview(db, auth, body.essayId, 'write');
      const scoring = await scoringOfTask(row.e.taskId, lang);
      const { dims, total } = scoresFrom(scoring, body);
      await db.transaction(async (tx) => {
        const essay = await correctionsRepo.essay(tx, body.essayId, true);
        if (!essay) throw notFound();
        if (essay.status === 'approved') throw approvedLocked();
        const now = deps.now();
        await reviewsRepo.upsert(
          tx,
          essay.id,
          {
            ...(body.teacherComment !== undefined ? { teacherComment: body.teacherComment.trim() } : {}),
            ...(dims ? { dimensionScores: dims } : {}),
            ...(body.annotations ? { annotations: body.annotations } : {}),
            updatedByIdentityId: auth.identity.id,
          },
          now,
        );
        if (total !== undefined) await essaysRepo.update(tx, essay.id, { teacherScore: total });
      });
      return reviewOf(body.essayId);
    },

    async approve(auth: AuthContext, input: ApproveInput, lang: Lang): Promise<EssayReview> {
      await essayForReview(db, auth, input.essayId, 'write');
      await db.transaction((tx) => approveIn(tx, auth, input, lang));
      return reviewOf(input.essayId);
    },

    /** Back to pending review (or to the revision request still pending); the audit time is cleared. */
    async cancelApproval(auth: AuthContext, essayId: number): Promise<EssayReview> {
      await essayForReview(db, auth, essayId, 'write');
      await db.transaction(async (tx) => {
        const essay = await correctionsRepo.essay(tx, essayId, true);
        if (!essay) throw notFound();
        if (essay.status !== 'approved') throw badRequest('NOT_APPROVED', 'review.notApproved');
        const pending = await revisionsRepo.pending(tx, essay.taskId, essay.studentId);
        const status: EssayStatus = pending?.essayId === essay.id ? 'revision_requested' : 'ai_done';
        await essaysRepo.update(tx, essayId, { status, auditAt: null });
        await reviewsRepo.upsert(tx, essayId, { approvedAt: null, approvedByIdentityId: null, updatedByIdentityId: auth.identity.id }, deps.now());
        await growthHooks.approvalCancelled(tx, essayId, deps.now());
      });
      return reviewOf(essayId);
    },

    /**
     * Approves many essays after a quick look: each keeps its teacher comment. An essay without one
     * takes the AI's overall comment only when the teacher chose "use the AI comment as mine"
     * (useAiComment); otherwise it is skipped with TEACHER_COMMENT_REQUIRED. The AI comment itself
     * stays the AI's in the correction result either way. Essays that cannot be approved are skipped
     * with the reason.
     */
    async batchApprove(auth: AuthContext, body: { essayIds: number[]; confirmPendingRevision: boolean; useAiComment?: boolean | undefined }, lang: Lang): Promise<BatchResult> {
      requireReview(auth, 'write');
      return eachEssay(body.essayIds, lang, async (essayId) => {
        await essayForReview(db, auth, essayId, 'write');
        await db.transaction(async (tx) => {
          const [review, correction] = await Promise.all([reviewsRepo.get(tx, essayId), correctionsRepo.get(tx, essayId)]);
          const aiComment = (correction?.result as { comments?: { overall?: string } } | null)?.comments?.overall ?? '';
          const own = review?.teacherComment.trim() ?? '';
          const teacherComment = own || (body.useAiComment ? aiComment.trim() : '');
          const essay = await correctionsRepo.essay(tx, essayId);
          // The AI check comes first: an essay still being corrected has no AI comment yet either.
          if (essay && essay.status !== 'approved' && !teacherComment && (!AI_COMPLETE.includes(essay.status) || correction?.status !== 'done')) throw badRequest('AI_NOT_DONE', 'review.aiNotDone');
          if (essay && essay.status !== 'approved' && !teacherComment && !body.useAiComment) throw badRequest('TEACHER_COMMENT_REQUIRED', 'review.teacherCommentRequired');
          if (essay && essay.status !== 'approved' && !teacherComment) throw badRequest('COMMENT_EMPTY', 'review.noComment');
          await approveIn(tx, auth, { essayId, teacherComment, confirmPendingRevision: body.confirmPendingRevision }, lang);
        });
      });
    },

    /**
     * Stores the teacher's corrected transcript and re-runs the local analysis on it; the new AI
     * result replaces the old in one transaction with the essay's AI fields and the teacher's
     * transcript (annotations moved along). The teacher comment is never touched.
     */
    async saveTranscript(auth: AuthContext, essayId: number, transcript: string, lang: Lang): Promise<ReviewWorkspace> {
      const row = await essayForReview(db, auth, essayId, 'write');
      const scoring = await scoringOfTask(row.e.taskId, lang);
      const aiReady = (essay: EssayRow | undefined, c: Awaited<ReturnType<typeof correctionsRepo.get>>) => {
        if (!essay) throw notFound();
        if (essay.status === 'approved') throw approvedLocked();
        if (c?.status !== 'done' || !c.result || !['ai_done', 'abnormal', 'revision_requested'].includes(essay.status)) throw badRequest('AI_NOT_DONE', 'review.aiNotDone');
        return c;
      };
      // The analysis runs outside the transaction (it takes CPU, not the database); the write checks
      // that the AI result it started from is still the one stored, else it starts again.
      for (let attempt = 0; ; attempt++) {
        const seen = aiReady(await correctionsRepo.essay(db, essayId), await correctionsRepo.get(db, essayId));
        const analysed = await analyseCorrectedTranscript(seen.result as StoredResult, transcript, scoring.input);
        const written = await db.transaction(async (tx) => {
          const essay = await correctionsRepo.essay(tx, essayId, true);
          const current = aiReady(essay, await correctionsRepo.get(tx, essayId));
          if (current.updatedAt.getTime() !== seen.updatedAt.getTime() && attempt < 2) return false;
          const now = deps.now();
          const review = await reviewsRepo.get(tx, essayId);
          const before = review?.transcript ?? current.transcript ?? '';
          await correctionsRepo.saveResult(tx, essayId, { status: 'done', transcript, result: analysed.result, engine: 'local', error: null }, now);
          const status = essay!.status === 'abnormal' && !analysed.flags.length ? 'ai_done' : essay!.status;
          await correctionsRepo.updateEssay(tx, essayId, { status, flags: analysed.flags, aiScore: analysed.aiScore, wordCount: analysed.wordCount }, now);
          const annotations = moveAnnotations((review?.annotations as ReviewAnnotation[] | undefined) ?? [], before, transcript);
          await reviewsRepo.upsert(tx, essayId, { transcript, annotations, updatedByIdentityId: auth.identity.id }, now);
          return true;
        });
        if (written) break;
      }
      return service.workspace(auth, essayId, lang);
    },

    /** A student's drafts of a task, oldest first, discarded ones flagged, with what the teacher and the AI said. */
    async drafts(auth: AuthContext, taskId: number, studentId: number) {
      requireReview(auth, 'read');
      const student = await studentsRepo.find(db, auth.school.id, studentId);
      if (!student) throw notFound();
      await requireClassInScope(db, auth, student.s.classId);
      // The task too must be one the caller sees (a scoped teacher: created it or it reaches a class they teach).
      const task = await tasksRepo.find(db, { schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) }, taskId);
      if (!task) throw notFound();
      const rows = await revisionsRepo.draftsOf(db, taskId, studentId);
      const ids = rows.map((r) => r.e.id);
      const [reviews, results] = await Promise.all([reviewsRepo.many(db, ids), Promise.all(ids.map((id) => correctionsRepo.get(db, id)))]);
      return {
        studentId,
        studentName: student.s.name,
        drafts: rows.map(({ e, discarded, pageCount }, i) => {
          const review = reviews.find((r) => r.essayId === e.id);
          const c = results[i];
          return {
            id: e.id,
            taskId: e.taskId,
            classId: e.classId,
            studentId: e.studentId,
            draft: e.draft,
            status: e.status as EssayStatus,
            label: labelOf(e.status, e.draft),
            source: e.source as 'single' | 'batch' | 'phone',
            insistCorrect: e.insistCorrect,
            wordCount: e.wordCount,
            aiScore: e.aiScore,
            teacherScore: e.teacherScore,
            submittedTime: e.submittedAt.toISOString(),
            auditTime: iso(e.auditAt),
            pageCount,
            flagCount: Array.isArray(e.flags) ? e.flags.length : 0,
            transcript: review?.transcript ?? c?.transcript ?? null,
            teacherComment: review?.teacherComment ?? '',
            aiComment: (c?.result as { comments?: { overall?: string } } | null)?.comments?.overall ?? null,
            discarded: Boolean(discarded),
          };
        }),
      };
    },
  };
  return service;
}
export type ReviewService = ReturnType<typeof reviewService>;
