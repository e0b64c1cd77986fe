import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { sessions } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

/** SQL for sessions: a token lives only while its row is unrevoked and unexpired. */
export const sessionsRepo = {
  async create(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(values);
  },
  async findActive(db: Executor, id: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row;
  },
  async revoke(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },
  async revokeAllForUser(db: Executor, userId: number, now: Date): Promise<void> {
    await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};
