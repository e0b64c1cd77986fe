import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { notifications } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

/** The drawer's query (placeholders userId, unreadOnly); exported for the EXPLAIN tests. */
export const notificationListQuery = (db: Executor) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, sql`${sql.placeholder('userId')}::int`), sql`(not ${sql.placeholder('unreadOnly')}::boolean or ${notifications.isRead} = 0)`))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(200);
// opened with every page of the app: prepared once per database
const listStatement = preparedPerDatabase((db: Executor) => notificationListQuery(db).prepare('zp_notifications_list'));

/** SQL for a user's notifications (product-rules.md#entities: isRead 0 unread, 1 read). */
export const notificationsRepo = {
  list(db: Executor, userId: number, unreadOnly: boolean) {
    return listStatement(db).execute({ userId, unreadOnly });
  },
  /** Marks only the caller's own notifications; ids of others are ignored, not an error leak. */
  async markRead(db: Executor, userId: number, ids: number[]): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ isRead: 1, updatedAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), eq(notifications.isRead, 0)))
      .returning({ id: notifications.id });
    return rows.length;
  },
  async create(db: Executor, values: typeof notifications.$inferInsert): Promise<void> {
    await db.insert(notifications).values(values);
  },
};
