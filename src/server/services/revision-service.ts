// Revised drafts (product-rules.md#states Resubmission): the teacher asks a student to submit again, either keeping
// the current essay for comparison (the next upload becomes the next draft) or discarding it with its
// review (the next upload takes its place, same draft). One pending request per task and student;
// the student is told on the H5 pages. Cancelling asks for confirmation and restores the essay.
// The request is fulfilled by the student's next submission (essay-service submitEssay).
import type { BatchResult, RevisionMode, RevisionRequest } from '../../core/api/contracts/review';
import type { Lang } from '../../core/i18n';
import type { Executor } from '../db/database';
import { AppError, badRequest, notFound } from '../errors';
import { correctionsRepo } from '../repositories/corrections';
import { essaysRepo } from '../repositories/essays';
import { revisionsRepo } from '../repositories/revisions';
import { tasksRepo } from '../repositories/tasks';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';
import { essayForReview, requireClassInScope, requireReview } from './review-access';
import { revisionHooks } from './revision-hooks';
import { revisionView } from './review-service';
import { notifyStudents } from './student-notifications';
import { eachEssay } from './each-essay';

/** The last draft a student can hand in (0 first, 1 revised 1, 2 revised 2). */
const LAST_DRAFT = 2;

export function revisionService(deps: ServiceDeps) {
  const db = deps.db;

  async function requestOne(tx: Executor, auth: AuthContext, essayId: number, mode: RevisionMode, message: string, lang: Lang) {
    const now = deps.now();
    const essay = await correctionsRepo.essay(tx, essayId, true);
    if (!essay) throw notFound();
    if (await revisionsRepo.pending(tx, essay.taskId, essay.studentId, true)) throw new AppError(409, 'REVISION_PENDING', 'revision.pendingExists', undefined, { show: true });
    // Only the latest draft: asked of an earlier one, the student's next upload would take (and
    // overwrite) the later draft's number.
    const [latest] = await essaysRepo.ofStudent(tx, essay.taskId, essay.studentId);
    if (latest && latest.id !== essay.id) throw badRequest('NOT_LATEST_DRAFT', 'revision.notLatest');
    if (mode === 'keep' && essay.draft >= LAST_DRAFT) throw badRequest('LAST_DRAFT', 'revision.lastDraft');
    const nextDraft = mode === 'keep' ? essay.draft + 1 : essay.draft;
    // keep: the essay stays for comparison (its approval time is kept, so a cancelled request restores it);
    // discard: the essay and, with it, its review leave the lists (soft delete) until a cancel restores them.
    if (mode === 'keep') await essaysRepo.update(tx, essay.id, { status: 'revision_requested' });
    else await essaysRepo.softDelete(tx, essay.id, now);
    const request = await revisionsRepo.insert(tx, { schoolId: essay.schoolId, essayId: essay.id, taskId: essay.taskId, classId: essay.classId, studentId: essay.studentId, mode, message, nextDraft, requestedByIdentityId: auth.identity.id, createdAt: now });
    const task = await tasksRepo.find(tx, { schoolId: essay.schoolId }, essay.taskId);
    await notifyStudents(
      tx,
      [{ schoolId: essay.schoolId, studentId: essay.studentId, kind: 'revision', taskId: essay.taskId, essayId: essay.id, key: mode === 'keep' ? 'studentMsg.revisionKeep' : 'studentMsg.revisionDiscard', params: { title: task?.t.title ?? '', draft: nextDraft, message } }],
      lang,
      now,
    );
    return request;
  }

  /** An essay of the caller's scope, live or discarded by a request (a cancel restores it). */
  async function essayEvenDiscarded(auth: AuthContext, essayId: number) {
    requireReview(auth, 'write');
    const row = await revisionsRepo.essayEvenDeleted(db, auth.school.id, essayId);
    if (!row) throw notFound();
    await requireClassInScope(db, auth, row.classId);
    return row;
  }

  return {
    /** Asks for revised drafts of one essay or many; essays that cannot take one are skipped with the reason. */
    async request(auth: AuthContext, body: { essayIds: number[]; mode: RevisionMode; message: string }, lang: Lang): Promise<BatchResult> {
      requireReview(auth, 'write');
      return eachEssay(body.essayIds, lang, async (essayId) => {
        await essayForReview(db, auth, essayId, 'write');
        await db.transaction((tx) => requestOne(tx, auth, essayId, body.mode, body.message.trim(), lang));
      });
    },

    /** Cancels the pending request of an essay (confirm required): the essay is restored and the student told. */
    async cancel(auth: AuthContext, essayId: number, confirm: boolean, lang: Lang): Promise<RevisionRequest> {
      const target = await essayEvenDiscarded(auth, essayId);
      if (!confirm) throw new AppError(409, 'CONFIRM_REQUIRED', 'revision.confirmRequired', undefined, { show: true });
      const closed = await db.transaction(async (tx) => {
        const now = deps.now();
        // The essay first, then the request: the order approval and a new request lock them in.
        await revisionsRepo.essayEvenDeleted(tx, target.schoolId, essayId, true);
        const request = await revisionsRepo.pending(tx, target.taskId, target.studentId, true);
        if (!request || request.essayId !== essayId) throw badRequest('REVISION_NOT_PENDING', 'revision.notPending');
        await revisionHooks.restoreEssay(tx, request, now);
        await revisionsRepo.close(tx, request.id, 'cancelled', now);
        const task = await tasksRepo.find(tx, { schoolId: target.schoolId }, target.taskId);
        await notifyStudents(tx, [{ schoolId: target.schoolId, studentId: target.studentId, kind: 'revision_cancelled', taskId: target.taskId, essayId, key: 'studentMsg.revisionCancelled', params: { title: task?.t.title ?? '' } }], lang, now);
        return { ...request, status: 'cancelled', closedAt: now };
      });
      return revisionView(closed, await revisionsRepo.teacherName(db, closed.requestedByIdentityId));
    },
  };
}
export type RevisionService = ReturnType<typeof revisionService>;
