import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { loginThrottle } from '../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** SQL for failed sign-in counters keyed by `account:<name>` or `ip:<address>`. */
export const loginThrottleRepo = {
  async get(db: Executor, key: string): Promise<ThrottleRow | undefined> {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    return row;
  },
  /** Counts a failure, restarting the count when the window has passed; returns the new row. */
  async recordFailure(db: Executor, key: string, now: Date, windowMs: number): Promise<ThrottleRow> {
    const windowStartLimit = new Date(now.getTime() - windowMs);
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit.toISOString()} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit.toISOString()} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
        },
      })
      .returning();
    return row!;
  },
  async lock(db: Executor, key: string, until: Date): Promise<void> {
    await db.update(loginThrottle).set({ lockedUntil: until }).where(eq(loginThrottle.key, key));
  },
  async reset(db: Executor, key: string): Promise<void> {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
  },
};
