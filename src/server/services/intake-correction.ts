import type { Executor } from '../db/database';

/**
 * The one place intake hands a submitted essay to the AI pipeline. The job queue and
 * `requestCorrection(db, essayId, { reason })` belong to src/server/jobs and correction-service.ts
 * (another part of issue 4); this hook calls it once it exists.
 */
export type CorrectionReason = 'submitted' | 'resubmitted' | 'pages_changed';
export async function queueCorrection(_db: Executor, _essayId: number, _reason: CorrectionReason): Promise<void> {
  // Wired to correction-service's requestCorrection when it lands.
}
