import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, corrections, essays, identities, jobs, notifications, students, taskClasses, tasks } from '../db/schema';

/** SQL behind the teachers' AI-run notifications (services/teacher-notifications.ts). */
export const aiNotificationsRepo = {
  /** The essay with what a notice names: task title, its creator's user, class and student. */
  async essayContext(db: Executor, essayId: number) {
    const [row] = await db
      .select({ e: essays, title: tasks.title, creatorUserId: identities.userId, className: classes.name, studentName: students.name })
      .from(essays)
      .innerJoin(tasks, eq(tasks.id, essays.taskId))
      .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
      .innerJoin(classes, eq(classes.id, essays.classId))
      .innerJoin(students, eq(students.id, essays.studentId))
      .where(eq(essays.id, essayId));
    return row;
  },
  /**
   * Locks the task's class row: two AI jobs of the class finishing at once take turns, so the second
   * sees the first committed and exactly one of them writes the batch notice.
   */
  async lockTaskClass(db: Executor, taskId: number, classId: number): Promise<void> {
    await db.select({ taskId: taskClasses.taskId }).from(taskClasses).where(and(eq(taskClasses.taskId, taskId), eq(taskClasses.classId, classId))).for('update');
  },
  /** AI jobs of live essays of a task and class still queued or running, other than `jobId`. */
  async waitingJobs(db: Executor, kind: string, taskId: number, classId: number, jobId: number): Promise<number> {
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(jobs)
      .innerJoin(essays, sql`${essays.id} = (${jobs.payload}->>'essayId')::int`)
      .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running']), ne(jobs.id, jobId), eq(essays.taskId, taskId), eq(essays.classId, classId), isNull(essays.deletedAt)));
    return n;
  },
  /** When the user last got a notice linking to the class list or to one of the class's essays. */
  async lastNotice(db: Executor, userId: number, listLink: string, essayLinkPrefix: string, taskId: number, classId: number): Promise<Date | undefined> {
    const essayLinks = sql`(select ${essayLinkPrefix}::text || es.id::text from essays es where es.task_id = ${taskId} and es.class_id = ${classId})`;
    const [row] = await db
      .select({ at: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`(${notifications.link} = ${listLink} or ${notifications.link} in ${essayLinks})`))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    return row?.at;
  },
  /** Live essays of a task and class whose AI run ended (done or failed) after `since`, and how many are abnormal. */
  async endedSince(db: Executor, taskId: number, classId: number, since: Date): Promise<{ total: number; abnormal: number }> {
    const [row] = await db
      .select({ total: count(), abnormal: sql<number>`(count(*) filter (where ${essays.status} = 'abnormal'))::int` })
      .from(corrections)
      .innerJoin(essays, eq(essays.id, corrections.essayId))
      .where(and(eq(essays.taskId, taskId), eq(essays.classId, classId), isNull(essays.deletedAt), inArray(corrections.status, ['done', 'failed']), gt(corrections.updatedAt, since)));
    return { total: Number(row?.total ?? 0), abnormal: Number(row?.abnormal ?? 0) };
  },
};
