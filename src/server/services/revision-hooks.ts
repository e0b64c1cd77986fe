import type { Executor } from '../db/database';
import { revisionsRepo, type RevisionRow } from '../repositories/revisions';

/**
 * Inside a submission's transaction (submitEssay: single, phone and batch uploads): a pending
 * revised-draft request of the student decides the draft the upload becomes (request.nextDraft), and
 * is fulfilled by the essay once it exists.
 */
export const revisionHooks = {
  pendingFor: (tx: Executor, taskId: number, studentId: number) => revisionsRepo.pending(tx, taskId, studentId, true),
  fulfil: (tx: Executor, request: RevisionRow, essayId: number, now: Date) => revisionsRepo.close(tx, request.id, 'fulfilled', now, essayId),
};
