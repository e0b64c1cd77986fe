// The job kinds this server runs and their handlers, registered on every runner (in the server and in
// `npm run worker`). Add a kind here with its handler; enqueue it with `enqueueJob`.
import type { ServiceDeps } from '../services/deps';
import { AI_CORRECTION_JOB, aiCorrectionHandler } from '../services/correction-service';
import { BATCH_SPLIT_JOB, batchSplitHandler } from '../services/batch/batch-service';
import type { JobRunner } from './runner';
import { PRACTICE_FEEDBACK_JOB, practiceFeedbackHandler } from '../services/practice-feedback-job';
import { GROWTH_BACKFILL_JOB, growthBackfillHandler } from '../services/growth-backfill-job';
import { ESSAY_FACTS_JOB, essayFactsHandler } from '../services/leaders/essay-facts-job';
import { LTI_SCORE_JOB, ltiScoreHandler } from '../services/lti-score-job';

export interface JobHandlerOptions {
  /** First retry delay of an AI correction (AI_RETRY_SECONDS; default 30 s, doubling per attempt). */
  aiRetryBackoffMs?: number;
}

export function registerJobHandlers(runner: JobRunner, deps: ServiceDeps, opts: JobHandlerOptions = {}): JobRunner {
  // Model-service outages get hours, not seconds: 30 s, 1, 2 … 32 min, then hourly (AI_CORRECTION_ATTEMPTS).
  runner.register(AI_CORRECTION_JOB, aiCorrectionHandler(deps), { backoffMs: opts.aiRetryBackoffMs ?? 30_000 });
  // Batch PDF/ZIP splitting and matching (product-rules.md#essay-intake): a failed attempt is retried after 10 s, 20 s.
  runner.register(BATCH_SPLIT_JOB, batchSplitHandler(deps), { backoffMs: 10_000 });
  // Practice attempts (product-rules.md#practice): the AI's feedback at once; a failed attempt is retried after 10 s, 20 s.
  runner.register(PRACTICE_FEEDBACK_JOB, practiceFeedbackHandler(deps), { backoffMs: 10_000 });
  // Growth entries missing for approved essays, queued at start: batches, resumable, progress in the log.
  runner.register(GROWTH_BACKFILL_JOB, growthBackfillHandler(deps, runner.log), { backoffMs: 60_000 });
  // The leaders' essay_facts of a school with a large backlog (small ones are refreshed by the request).
  runner.register(ESSAY_FACTS_JOB, essayFactsHandler(deps, runner.log), { backoffMs: 60_000 });
  // LTI grade passback (docs/lti.md#grades): 30 s, 1, 2 … min while the LMS is unreachable.
  runner.register(LTI_SCORE_JOB, ltiScoreHandler(deps, runner.log), { backoffMs: 30_000 });
  return runner;
}
