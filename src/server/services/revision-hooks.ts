import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { correctionsRepo } from '../repositories/corrections';
import { requestCorrection } from './correction-service';
import { essaysRepo, type EssayRow } from '../repositories/essays';
import { reviewsRepo } from '../repositories/reviews';
import { revisionsRepo, type RevisionRow } from '../repositories/revisions';
import { isUniqueViolation } from '../db/pg-errors';


/**
 * The status a kept essay goes back to when its request is cancelled: approved if it was approved and
 * its AI result has not changed since (a re-run or a corrected transcript voids that approval), else
 * what its AI result says.
 */
async function restoredStatus(tx: Executor, essay: EssayRow): Promise<{ status: string; approvalVoid: boolean }> {
  const c = await correctionsRepo.get(tx, essay.id);
  const flagged = Array.isArray(essay.flags) && essay.flags.length > 0 && !essay.insistCorrect;
  const byCorrection: Record<string, string> = { done: flagged ? 'abnormal' : 'ai_done', queued: 'awaiting_ai', running: 'awaiting_ai', failed: 'abnormal' };
  const fromAi = (c && byCorrection[c.status]) ?? 'submitted';
  if (!essay.auditAt) return { status: fromAi, approvalVoid: false };
  if (c?.status === 'done' && c.updatedAt.getTime() <= essay.auditAt.getTime()) return { status: 'approved', approvalVoid: false };
  return { status: fromAi, approvalVoid: true };
}

/**
 * Inside a submission's transaction (submitEssay: single, phone and batch uploads): a pending
 * revised-draft request of the student decides the draft the upload becomes (request.nextDraft), and
 * is fulfilled by the essay once it exists. Cancelling a request (revision/cancel, or approving
 * another draft of the student with confirmation) undoes what it did to its essay.
 */
export const revisionHooks = {
  pendingFor: (tx: Executor, taskId: number, studentId: number) => revisionsRepo.pending(tx, taskId, studentId, true),
  fulfil: (tx: Executor, request: RevisionRow, essayId: number, now: Date) => revisionsRepo.close(tx, request.id, 'fulfilled', now, essayId),

  /**
   * Brings the request's essay back as it was before the request: a discarded one is undeleted with
   * its review (409 DRAFT_TAKEN when its draft was taken meanwhile), a kept one leaves
   * revision_requested. Call with the essay row locked.
   */
  async restoreEssay(tx: Executor, request: RevisionRow, now: Date): Promise<void> {
    if (request.mode === 'discard') {
      try {
        await tx.transaction((sp) => revisionsRepo.undelete(sp, request.essayId, now));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'DRAFT_TAKEN', 'revision.restoreTaken', undefined, { show: true });
        throw err;
      }
      // Its AI run was waiting when it was discarded, and the job found it gone: queue it again.
      const c = await correctionsRepo.get(tx, request.essayId);
      if (c && (c.status === 'queued' || c.status === 'running')) await requestCorrection(tx, request.essayId, { reason: 'rerun', now });
      return;
    }
    const essay = await correctionsRepo.essay(tx, request.essayId, true);
    if (!essay || essay.status !== 'revision_requested') return;
    const { status, approvalVoid } = await restoredStatus(tx, essay);
    await essaysRepo.update(tx, essay.id, { status, ...(approvalVoid ? { auditAt: null } : {}) });
    if (approvalVoid) await reviewsRepo.upsert(tx, essay.id, { approvedAt: null, approvedByIdentityId: null }, now);
  },
};
