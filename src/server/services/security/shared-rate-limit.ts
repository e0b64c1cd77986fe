import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { rateLimitsRepo } from '../../repositories/rate-limits';

export interface Limit {
  /** hits allowed per window */
  max: number;
  windowMs: number;
}

const windowOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);
const tooMany = (now: Date, start: Date, windowMs: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', 'error.tooManyRequests', { seconds: Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000)) }, { show: true });

let lastPurge = 0;

/**
 * Fixed-window limits counted in the database (one upsert … RETURNING per hit), so every server
 * process sees the same count. The old per-process Map let N processes answer N × the limit.
 */
export const sharedRateLimit = {
  /** Counts a hit of `key`; throws 429 (with the seconds until the window ends) once over `limit.max`. */
  async hit(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    const start = windowOf(now, limit.windowMs);
    const hits = await rateLimitsRepo.hit(db, key, start);
    if (now.getTime() - lastPurge > 10 * 60_000) {
      lastPurge = now.getTime();
      // Windows are at most a day long: older rows only take room.
      await rateLimitsRepo.purgeBefore(db, new Date(now.getTime() - 2 * 86_400_000));
    }
    if (hits > limit.max) throw tooMany(now, start, limit.windowMs);
  },
  /** Throws 429 when `key` is already at its limit in this window, without counting. */
  async refuseIfOver(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    const start = windowOf(now, limit.windowMs);
    if ((await rateLimitsRepo.peek(db, key, start)) >= limit.max) throw tooMany(now, start, limit.windowMs);
  },
  /** Takes back a hit counted by `hit` (a try that turned out right, or one refused anyway). */
  async giveBack(db: Executor, key: string, limit: Limit, now: Date): Promise<void> {
    await rateLimitsRepo.hit(db, key, windowOf(now, limit.windowMs), -1);
  },
};
