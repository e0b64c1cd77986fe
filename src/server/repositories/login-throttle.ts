import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { loginThrottle } from '../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** SQL for failed sign-in counters keyed by `account:<name>` or `ip:<address>`. */
export const loginThrottleRepo = {
  async get(db: Executor, key: string): Promise<ThrottleRow | undefined> {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    return row;
  },
  /**
   * Takes one sign-in attempt of `key` before the password is compared: one upsert … RETURNING under
   * the row lock, refused (undefined) while the key is locked. The count first leaks one failure per
   * `leakMs` since `window_start` (which then moves on by the whole intervals leaked, or to now when
   * the bucket ran empty), so it slides with time instead of restarting a window. The attempt that
   * reaches `delayAfter` locks the key for `baseMs · 2^(n − delayAfter)` (at most `maxMs`), so of a
   * burst of parallel guesses only those before the lock are compared, and each later one waits longer.
   */
  async takeAttempt(db: Executor, key: string, now: Date, rule: { leakMs: number; delayAfter: number; baseMs: number; maxMs: number }): Promise<ThrottleRow | undefined> {
    const at = now.toISOString();
    const leaked = sql`floor(greatest(extract(epoch from (${at}::timestamptz - ${loginThrottle.windowStart})) * 1000, 0) / ${rule.leakMs}::float8)::int`;
    const left = sql`greatest(${loginThrottle.failures} - ${leaked}, 0)`;
    const n = sql`(${left} + 1)`;
    const lockFor = (count: SQL | number) =>
      sql`case when (${count})::int >= ${rule.delayAfter}::int then ${at}::timestamptz + least(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2::float8, ((${count})::int - ${rule.delayAfter}::int)::float8)) * interval '1 millisecond' else null end`;
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: now, lockedUntil: sql`${lockFor(1)}` })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: n,
          windowStart: sql`case when ${left} = 0 then ${at}::timestamptz else ${loginThrottle.windowStart} + ${leaked} * ${rule.leakMs}::float8 * interval '1 millisecond' end`,
          lockedUntil: lockFor(n),
        },
        setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${at}::timestamptz`,
      })
      .returning();
    return row;
  },
  /** Gives back an attempt that turned out right (an address's count is of failures only). */
  async giveBack(db: Executor, key: string): Promise<void> {
    await db.update(loginThrottle).set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` }).where(eq(loginThrottle.key, key));
  },
  async lock(db: Executor, key: string, until: Date): Promise<void> {
    await db.update(loginThrottle).set({ lockedUntil: until }).where(eq(loginThrottle.key, key));
  },
  async reset(db: Executor, key: string): Promise<void> {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  },
};
