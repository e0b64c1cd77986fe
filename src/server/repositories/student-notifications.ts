import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { studentNotifications, students, tasks } from '../db/schema';

export type StudentNotificationRow = typeof studentNotifications.$inferSelect;

/** SQL of students' notifications on the H5 pages (isRead 0 unread, 1 read). */
export const studentNotificationsRepo = {
  async insertMany(db: Executor, rows: (typeof studentNotifications.$inferInsert)[]): Promise<void> {
    if (rows.length) await db.insert(studentNotifications).values(rows);
  },
  /** A student's notifications, newest first, with the task's title. */
  list(db: Executor, studentId: number) {
    return db
      .select({ n: studentNotifications, taskTitle: tasks.title })
      .from(studentNotifications)
      .leftJoin(tasks, eq(tasks.id, studentNotifications.taskId))
      .where(eq(studentNotifications.studentId, studentId))
      .orderBy(desc(studentNotifications.createdAt), desc(studentNotifications.id))
      .limit(200);
  },
  /** Marks only this student's notifications; other ids are ignored. */
  async markRead(db: Executor, studentId: number, ids: number[], now: Date): Promise<number> {
    const rows = await db
      .update(studentNotifications)
      .set({ isRead: 1, updatedAt: now })
      .where(and(eq(studentNotifications.studentId, studentId), inArray(studentNotifications.id, ids), eq(studentNotifications.isRead, 0)))
      .returning({ id: studentNotifications.id });
    return rows.length;
  },
  /** Locks the task row: two reminders of one task run one after the other (the 10-minute rule holds). */
  async lockTask(db: Executor, taskId: number): Promise<void> {
    await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).for('update');
  },
  /** The latest reminder of a task sent to students of a class after `since`. */
  async lastReminder(db: Executor, taskId: number, classId: number, since: Date): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: sql<Date>`max(${studentNotifications.createdAt})` })
      .from(studentNotifications)
      .innerJoin(students, eq(students.id, studentNotifications.studentId))
      .where(and(eq(studentNotifications.taskId, taskId), eq(studentNotifications.kind, 'reminder'), eq(students.classId, classId), gt(studentNotifications.createdAt, since)));
    return row?.at ? new Date(row.at) : undefined;
  },
};
