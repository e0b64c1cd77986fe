import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, corrections, essayReviews, essays, parentReportLinks, semesters, students, tasks } from '../db/schema';
import { sql } from 'drizzle-orm';
import { studentNoOrder } from './student-order-sql';

/** SQL of the parents' report links and the one student's report they open. */
export const parentLinksRepo = {
  /** Live (unrevoked, unexpired) links of the given students, newest first. */
  live(db: Executor, studentIds: number[], now: Date) {
    if (!studentIds.length) return Promise.resolve([]);
    return db
      .select()
      .from(parentReportLinks)
      .where(and(inArray(parentReportLinks.studentId, studentIds), isNull(parentReportLinks.revokedAt), gt(parentReportLinks.expiresAt, now)))
      .orderBy(desc(parentReportLinks.id));
  },
  async insert(db: Executor, rows: (typeof parentReportLinks.$inferInsert)[]) {
    if (!rows.length) return [];
    return db.insert(parentReportLinks).values(rows).returning();
  },
  async revoke(db: Executor, id: number, now: Date) {
    const rows = await db.update(parentReportLinks).set({ revokedAt: now }).where(and(eq(parentReportLinks.id, id), isNull(parentReportLinks.revokedAt))).returning({ id: parentReportLinks.id });
    return rows.length > 0;
  },
  /** A link with its student, the student's live class and the semester's end. */
  async find(db: Executor, id: number) {
    const [row] = await db
      .select({ link: parentReportLinks, studentName: students.name, classId: students.classId, className: classes.name, studentDeleted: students.deletedAt })
      .from(parentReportLinks)
      .innerJoin(students, eq(students.id, parentReportLinks.studentId))
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(eq(parentReportLinks.id, id));
    return row;
  },
  async semesterEnd(db: Executor, classId: number) {
    const [row] = await db.select({ endDate: semesters.endDate }).from(classes).innerJoin(semesters, eq(semesters.id, classes.semesterId)).where(eq(classes.id, classId));
    return row?.endDate ?? null;
  },
  /** The student's latest approved draft of every task, oldest task first, with what the parents' page shows. */
  approvedEssays(db: Executor, studentId: number) {
    return db
      .selectDistinctOn([tasks.releaseAt, essays.taskId], {
        essayId: essays.id,
        taskId: essays.taskId,
        title: tasks.title,
        teacherScore: essays.teacherScore,
        dimensionScores: essayReviews.dimensionScores,
        teacherComment: essayReviews.teacherComment,
        notes: sql<{ kind: string; excerpt: string; fix?: string; message: string; start: number; end: number }[] | null>`${corrections.result} -> 'notes'`,
        aiComment: sql<string | null>`${corrections.result} -> 'comments' ->> 'overall'`,
        /** the teacher's corrected transcript, else the AI's */
        transcript: sql<string | null>`coalesce(${essayReviews.transcript}, ${corrections.transcript})`,
      })
      .from(essays)
      .innerJoin(tasks, and(eq(tasks.id, essays.taskId), isNull(tasks.deletedAt)))
      .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
      .leftJoin(corrections, eq(corrections.essayId, essays.id))
      // An approval stands while the teacher waits for a revised draft of that essay (its approval time is
      // kept, status revision_requested): parents keep seeing it until a later draft is approved.
      .where(and(eq(essays.studentId, studentId), or(eq(essays.status, 'approved'), and(eq(essays.status, 'revision_requested'), isNotNull(essayReviews.approvedAt))), isNull(essays.deletedAt)))
      .orderBy(asc(tasks.releaseAt), asc(essays.taskId), desc(essays.draft));
  },
  /** Students of the class with at least one approved essay (an approval kept while a revised draft is awaited counts). */
  async withApproved(db: Executor, classId: number): Promise<Set<number>> {
    const rows = await db
      .selectDistinct({ studentId: essays.studentId })
      .from(essays)
      .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
      .where(and(eq(essays.classId, classId), or(eq(essays.status, 'approved'), and(eq(essays.status, 'revision_requested'), isNotNull(essayReviews.approvedAt))), isNull(essays.deletedAt)));
    return new Set(rows.map((r) => r.studentId));
  },
  rosterOf(db: Executor, classId: number) {
    return db.select({ id: students.id, name: students.name, studentNo: students.studentNo }).from(students).where(and(eq(students.classId, classId), isNull(students.deletedAt))).orderBy(asc(studentNoOrder(students.studentNo)), asc(students.id));
  },
};
