/**
 * One meaning for every essay count on every screen (task board, class essay list tiles, statistics,
 * classroom evaluation). The server counts each live student's latest draft once, in exclusive
 * buckets by status; the figures people read are derived from those buckets here and nowhere else.
 * Before, the tiles' "AI 已批阅" counted only essays still waiting for the teacher while statistics
 * counted every essay the AI had scored, and an essay waiting for a rewrite was in no tile (product-rules.md#teacher-journey).
 */
import { AI_CORRECTED_BUCKETS } from './status-buckets';

/** The bucket definitions (which status counts where) are in status-buckets.ts. */
export interface StatusBuckets {
  students: number;
  /** handed in: the sum of the five buckets below */
  submitted: number;
  abnormal: number;
  /** submitted, waiting for or in the AI run */
  awaitingAi: number;
  /** AI finished, waiting for the teacher's review */
  aiDone: number;
  approved: number;
  /** the teacher asked for a revised draft that has not come yet */
  revisionRequested: number;
}

export interface DerivedCounts extends StatusBuckets {
  /** essays the AI has scored: waiting for review, approved, or sent back for a rewrite */
  aiCorrected: number;
  notSubmitted: number;
}

export function deriveCounts(b: StatusBuckets): DerivedCounts {
  const aiCorrected = AI_CORRECTED_BUCKETS.reduce((n, bucket) => n + b[bucket], 0);
  return {
    students: b.students,
    submitted: b.submitted,
    abnormal: b.abnormal,
    awaitingAi: b.awaitingAi,
    aiDone: b.aiDone,
    approved: b.approved,
    revisionRequested: b.revisionRequested,
    aiCorrected,
    notSubmitted: Math.max(0, b.students - b.submitted),
  };
}
