// The `essay-facts-refresh` job: brings one school's essay_facts up to date in the job runner, for the
// big backlogs (a database loaded outside the app, a first dashboard on a school with years of essays),
// so no dashboard request waits minutes. Small backlogs are still refreshed in the request, so a
// dashboard shows an approval at once. Batches commit as they go: a stopped run resumes where it was.
import type { Executor } from '../../db/database';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/runner';
import { essayFactsRepo } from '../../repositories/essay-facts';
import type { ServiceDeps } from '../deps';
import { refreshEssayFacts } from './essay-facts';
import { factsRewritten } from './leader-cache';

export const ESSAY_FACTS_JOB = 'essay-facts-refresh';
/** Up to this many changed essays a dashboard request refreshes itself (about a second); more go to the job. */
export const INLINE_REFRESH_LIMIT = 2000;

/** When this process last queued the refresh of a school, per database handle. */
const queuedAt = new WeakMap<object, Map<number, number>>();
const REQUEUE_MS = 60_000;

/**
 * Brings the school's facts up to date before a dashboard reads them when the backlog is small;
 * otherwise queues the job (once per school) and says the figures are being refreshed.
 */
export async function freshenFacts(db: Executor, schoolId: number, now: Date, inlineLimit = INLINE_REFRESH_LIMIT): Promise<{ refreshing: boolean }> {
  const pending = await essayFactsRepo.backlog(db, schoolId, await essayFactsRepo.exactWatermark(db, schoolId), inlineLimit + 1);
  if (pending > inlineLimit) {
    // queued once per school and minute from this process, not written again by every dashboard read
    let queued = queuedAt.get(db);
    if (!queued) queuedAt.set(db, (queued = new Map()));
    const last = queued.get(schoolId);
    if (last === undefined || now.getTime() - last > REQUEUE_MS || now.getTime() < last) {
      await enqueueJob(db, { kind: ESSAY_FACTS_JOB, payload: { schoolId }, dedupeKey: `essay-facts:${schoolId}`, maxAttempts: 5 }, now);
      queued.set(schoolId, now.getTime());
    }
    return { refreshing: true };
  }
  if ((await refreshEssayFacts(db, schoolId)) > 0) factsRewritten(db, schoolId);
  return { refreshing: false };
}

export function essayFactsHandler(deps: Pick<ServiceDeps, 'db'>, log: { info(obj: object, msg?: string): void }): JobHandler {
  return async (ctx) => {
    const schoolId = Number((ctx.job.payload as { schoolId?: unknown }).schoolId);
    if (!Number.isInteger(schoolId)) return;
    const seen = await refreshEssayFacts(deps.db, schoolId, async (n) => {
      ctx.signal.throwIfAborted();
      log.info({ event: 'essay_facts_progress', schoolId, essays: n }, 'leaders’ essay facts refreshed');
      // renews the lease; the total is unknown without counting the school's essays first
      await ctx.reportProgress(Math.min(99, Math.round(n / 1000)));
    });
    if (seen > 0) factsRewritten(deps.db, schoolId);
  };
}
