// Assignment and Grade Services passback (docs/lti.md#grades): when a teacher approves an essay of a
// task placed in an LMS course with a line item, a job posts the approved score (0–100, the growth
// record's percent) to the line item for the learner's LMS id. Queued in the approval's transaction;
// a failed post is retried (30 s, 1, 2 … min), a platform that refuses the score for good fails the job.
import type { Executor } from '../db/database';
import { enqueueJob } from '../jobs/queue';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { ltiRepo } from '../repositories/lti';
import { postScore } from '../lti/ags';
import { PlatformCallError } from '../lti/platform-token';
import type { ServiceDeps } from './deps';

export const LTI_SCORE_JOB = 'lti-score';
export const LTI_SCORE_ATTEMPTS = 8;

/** Queues one passback per graded resource link of the essay's task and class (inside the approval's transaction). */
async function essayApproved(tx: Executor, essay: { id: number; taskId: number; classId: number }, now: Date): Promise<void> {
  const links = await ltiRepo.gradedLinks(tx, essay.taskId, essay.classId);
  for (const link of links) {
    await enqueueJob(tx, { kind: LTI_SCORE_JOB, payload: { essayId: essay.id, linkId: link.id }, dedupeKey: `lti-score:${link.id}:${essay.id}`, maxAttempts: LTI_SCORE_ATTEMPTS }, now);
  }
}

export const ltiHooks = { essayApproved };

export function ltiScoreHandler(deps: Pick<ServiceDeps, 'db' | 'now'>, log: { info(o: object, m: string): void }): JobHandler {
  const { db, now } = deps;
  return async (ctx) => {
    const { essayId, linkId } = ctx.job.payload as { essayId: number; linkId: number };
    const essay = await ltiRepo.approvedScore(db, essayId);
    // Approval cancelled since, or no score to give: nothing to send.
    if (!essay || essay.status !== 'approved' || essay.scorePercent === null) return;
    const link = await ltiRepo.resourceLinkById(db, linkId);
    const platform = link ? await ltiRepo.platform(db, link.platformId) : undefined;
    if (!link?.lineitemUrl || !platform?.enabled) return;
    const userId = await ltiRepo.subOfStudent(db, platform.id, essay.studentId, essay.classId);
    if (!userId) {
      log.info({ lti: { essayId, linkId } }, 'lti score not sent: the student has no LMS account linked');
      return;
    }
    try {
      await postScore(
        db,
        platform,
        link.lineitemUrl,
        { userId, scoreGiven: essay.scorePercent, scoreMaximum: 100, ...(essay.comment ? { comment: essay.comment.slice(0, 1000) } : {}), timestamp: (essay.auditAt ?? now()).toISOString() },
        now(),
      );
    } catch (err) {
      // 400/403/404/422: the platform will not take this score however often it is sent.
      if (err instanceof PlatformCallError && err.status !== null && [400, 403, 404, 422].includes(err.status)) throw new PermanentJobError(err.message);
      throw err;
    }
  };
}
