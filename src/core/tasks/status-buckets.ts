import type { EssayStatus } from '../api/contracts/essays';

/**
 * The one definition of what each essay status counts as, for every screen that counts essays (task
 * board, class list, statistics, leaders' pages, growth profile, parents' page). A student's latest live
 * draft of a task is in exactly one bucket; "submitted" is the sum of the five. Repositories build their
 * SQL filters from these lists, so a status cannot count as pending on one screen and abnormal on another.
 */
export const STATUS_BUCKET = {
  submitted: 'awaitingAi',
  awaiting_ai: 'awaitingAi',
  ai_running: 'awaitingAi',
  /** pending review: the AI is done and the teacher has not approved yet */
  ai_done: 'aiDone',
  /** flagged (blank page, copy, off topic, AI failure...): the teacher looks first, never counted as pending */
  abnormal: 'abnormal',
  approved: 'approved',
  /** the teacher asked for a revised draft that has not come yet */
  revision_requested: 'revisionRequested',
} as const satisfies Record<EssayStatus, string>;

export type StatusBucket = (typeof STATUS_BUCKET)[EssayStatus];

/** The statuses counted in a bucket. */
export function statusesIn(bucket: StatusBucket): EssayStatus[] {
  return (Object.keys(STATUS_BUCKET) as EssayStatus[]).filter((s) => STATUS_BUCKET[s] === bucket);
}

/** Pending review, the figure a teacher or a leader reads as "待审核": the AI is done, the teacher has not approved. */
export const PENDING_REVIEW_STATUSES: readonly EssayStatus[] = statusesIn('aiDone');

/** "AI 已批阅": essays the AI has scored that the teacher can use — pending review, approved, or sent back for a rewrite (a flagged essay is counted as abnormal instead). */
export const AI_CORRECTED_BUCKETS: readonly StatusBucket[] = ['aiDone', 'approved', 'revisionRequested'];
