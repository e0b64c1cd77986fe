import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { tasksRepo } from '../repositories/tasks';

export const RELEASE_INTERVAL_MS = 30_000;

/**
 * Releases scheduled tasks whose time has come, in one UPDATE every 30 s. Reads never write: they
 * compute a due task as released (taskStatusAt), so correctness never depends on the timer; the job
 * only keeps the stored status fresh for readers of the column (the leaders' dashboards).
 */
export function startTaskReleaseJob(db: Db, now: () => Date, log: FastifyBaseLogger, intervalMs = RELEASE_INTERVAL_MS) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await tasksRepo.releaseDue(db, now());
      if (n) log.info({ released: n }, 'scheduled essay tasks released');
    } catch (err) {
      log.warn({ err }, 'task release job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
