// The `growth-backfill` job: growth entries of approved essays that have none (a database filled
// outside the app, or approved before growth records existed). Queued at every start and run by the
// job runner, so a process answers at once however large the backlog; each batch commits on its
// own, so a restart picks up where the last one stopped (the query looks for what is still missing).
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import type { Executor } from '../db/database';
import { growthRepo } from '../repositories/growth';
import { growthHooks } from './growth-hooks';
import type { ServiceDeps } from './deps';

export const GROWTH_BACKFILL_JOB = 'growth-backfill';
const BATCH = 200;

/** Queues the backfill once (one queued or running at a time, however many processes start). */
export function enqueueGrowthBackfill(db: Executor, now: Date) {
  // below the teachers' work (AI corrections are priority 0)
  return enqueueJob(db, { kind: GROWTH_BACKFILL_JOB, payload: {}, dedupeKey: GROWTH_BACKFILL_JOB, priority: -10, maxAttempts: 5 }, now);
}

/** Writes the missing entries a batch at a time (each essay in its own transaction); returns how many. */
export async function backfillGrowth(db: Executor, now: () => Date, onBatch: (done: number, lastEssayId: number) => Promise<void> = async () => {}, signal?: AbortSignal): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const ids = await growthRepo.approvedWithoutEntry(db, after, BATCH);
    for (const id of ids) await db.transaction((tx) => growthHooks.essayApproved(tx, id, now()));
    done += ids.length;
    after = ids.at(-1) ?? after;
    if (ids.length) await onBatch(done, after);
    if (ids.length < BATCH) return done;
  }
}

export function growthBackfillHandler(deps: Pick<ServiceDeps, 'db' | 'now'>, log: { info(obj: object, msg?: string): void }): JobHandler {
  return async (ctx) => {
    await backfillGrowth(
      deps.db,
      deps.now,
      async (essays, lastEssayId) => {
        log.info({ event: 'growth_backfill_progress', essays, lastEssayId }, 'growth records backfilled');
        // renews the lease; the total is unknown without a count over every approved essay
        await ctx.reportProgress(Math.min(99, Math.round(essays / 100)));
      },
      ctx.signal,
    );
  };
}
