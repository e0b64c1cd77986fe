import type { Executor } from '../db/database';
import { requestCorrection } from './correction-service';

/** Why intake asks for a correction (all map to correction-service's `upload`: the teacher's delay applies). */
export type CorrectionReason = 'submitted' | 'resubmitted' | 'pages_changed';

/**
 * The one place intake hands a submitted essay to the AI pipeline: `requestCorrection` (job queue,
 * the teacher's AI delay, dedupe per essay) sets awaiting_ai unless review is manual or the essay abnormal.
 */
export async function queueCorrection(deps: { db: Executor; now: () => Date }, essayId: number, _reason: CorrectionReason): Promise<void> {
  await requestCorrection(deps.db, essayId, { reason: 'upload', now: deps.now() });
}
