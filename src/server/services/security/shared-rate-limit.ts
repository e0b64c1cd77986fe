import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { rateLimitsRepo } from '../../repositories/rate-limits';

export interface Limit {
  /** hits allowed in any window of `windowMs` */
  max: number;
  windowMs: number;
}

const windowOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/**
 * The sliding-window estimate: this window's hits plus the previous window's, weighted by how much of
 * the previous window still lies within `windowMs` of now. A burst at the end of one window and the
 * start of the next counts together, which fixed calendar windows let through twice over.
 */
export function slidingCount(now: Date, windowMs: number, current: number, previous: number): number {
  const elapsed = (now.getTime() - windowOf(now, windowMs).getTime()) / windowMs;
  return current + previous * (1 - elapsed);
}

/** Seconds until the estimate is back under `max` (for the 429's "try again in"). */
function secondsUntilFree(now: Date, limit: Limit, current: number, previous: number): number {
  const start = windowOf(now, limit.windowMs).getTime();
  const elapsed = (now.getTime() - start) / limit.windowMs;
  let wait: number;
  if (current < limit.max && previous > 0) wait = (1 - (limit.max - current) / previous - elapsed) * limit.windowMs;
  else wait = start + limit.windowMs - now.getTime() + limit.windowMs * Math.max(0, 1 - (limit.max - 1) / Math.max(current, 1));
  return Math.max(1, Math.ceil(wait / 1000));
}

const tooMany = (seconds: number) => new AppError(429, 'TOO_MANY_REQUESTS', 'error.tooManyRequests', { seconds }, { show: true });

let lastPurge = 0;

/**
 * Sliding-window limits counted in the database (one upsert … RETURNING per hit plus a read of the
 * previous window), so every server process sees the same count. The old per-process Map let N
 * processes answer N × the limit; the old fixed windows let 2 × the limit through across a boundary.
 */
export const sharedRateLimit = {
  /** Counts a hit of `key`; throws 429 (with the seconds until there is room) once over `limit.max`, without counting that one. */
  async hit(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    const start = windowOf(now, limit.windowMs);
    const current = await rateLimitsRepo.hit(db, key, start);
    const previous = await rateLimitsRepo.peek(db, key, new Date(start.getTime() - limit.windowMs));
    if (now.getTime() - lastPurge > 10 * 60_000) {
      lastPurge = now.getTime();
      // Windows are at most a day long: older rows only take room.
      await rateLimitsRepo.purgeBefore(db, new Date(now.getTime() - 2 * 86_400_000));
    }
    if (slidingCount(now, limit.windowMs, current, previous) > limit.max) {
      // A refused hit is not counted: a client that keeps knocking gets in again as soon as its
      // earlier accepted hits slide out, never later (only what was let through uses up the limit).
      await rateLimitsRepo.hit(db, key, start, -1);
      throw tooMany(secondsUntilFree(now, limit, current - 1, previous));
    }
  },
  /** Throws 429 when `key` is already at its limit, without counting. */
  async refuseIfOver(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    const start = windowOf(now, limit.windowMs);
    const current = await rateLimitsRepo.peek(db, key, start);
    const previous = await rateLimitsRepo.peek(db, key, new Date(start.getTime() - limit.windowMs));
    if (slidingCount(now, limit.windowMs, current, previous) >= limit.max) throw tooMany(secondsUntilFree(now, limit, current + 1, previous));
  },
  /** Takes back a hit counted by `hit` (a try that turned out right, or one refused anyway). */
  async giveBack(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    await rateLimitsRepo.hit(db, key, windowOf(now, limit.windowMs), -1);
  },
  /** Forgets every count of keys starting with `prefix` (a teacher's reset of a pupil's code). */
  async forget(db: Executor, prefix: string): Promise<void> {
    await rateLimitsRepo.deletePrefix(db, prefix);
  },
};
