import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { essayPageVersions, rateLimitCounters } from '../db/schema';

/** SQL of the shared sliding-window counters (one row per key and window) and of the kept page versions. */
export const rateLimitsRepo = {
  /** Counts one hit of `key` in the window starting at `windowStart` and returns the window's total (one atomic upsert). */
  async hit(db: Executor, key: string, windowStart: Date, by = 1): Promise<number> {
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart, hits: by })
      .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + ${by}` } })
      .returning({ hits: rateLimitCounters.hits });
    return row!.hits;
  },
  /** The hits of `key` in a window (0 when none). */
  async peek(db: Executor, key: string, windowStart: Date): Promise<number> {
    const [row] = await db.select({ hits: rateLimitCounters.hits }).from(rateLimitCounters).where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    return row?.hits ?? 0;
  },
  /** Deletes the counters of every key starting with `prefix` (LIKE wildcards in it are taken literally). */
  async deletePrefix(db: Executor, prefix: string): Promise<void> {
    await db.delete(rateLimitCounters).where(like(rateLimitCounters.key, `${prefix.replace(/[%_\\]/g, '\\$&')}%`));
  },
  async purgeBefore(db: Executor, before: Date): Promise<void> {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
  },
};

export const pageVersionsRepo = {
  async keep(db: Executor, v: typeof essayPageVersions.$inferInsert): Promise<void> {
    await db.insert(essayPageVersions).values(v);
  },
};
