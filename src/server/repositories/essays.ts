import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { batchPages, batchUploads, classes, essayPages, essays, files, students, taskClasses } from '../db/schema';
import { inBucket } from './status-bucket-sql';

export type EssayRow = typeof essays.$inferSelect;
export type EssayPageRow = typeof essayPages.$inferSelect;
export type PageWithFile = { p: EssayPageRow; f: typeof files.$inferSelect };

const live = (...parts: ReturnType<typeof eq>[]) => and(isNull(essays.deletedAt), ...parts);

/** SQL for essays and their pages. Callers check task, class and student scope first. */
export const essaysRepo = {
  async find(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select({ e: essays, studentName: students.name, studentNo: students.studentNo })
      .from(essays)
      .innerJoin(students, eq(students.id, essays.studentId))
      .where(live(eq(essays.schoolId, schoolId), eq(essays.id, id)));
    return row;
  },
  /** The live essay of a student's draft, locked for the rest of the transaction. */
  async findDraftForUpdate(db: Executor, taskId: number, studentId: number, draft: number): Promise<EssayRow | undefined> {
    const [row] = await db.select().from(essays).where(live(eq(essays.taskId, taskId), eq(essays.studentId, studentId), eq(essays.draft, draft))).for('update');
    return row;
  },
  /** Live essays of one student for a task, latest draft first. */
  ofStudent(db: Executor, taskId: number, studentId: number): Promise<EssayRow[]> {
    return db.select().from(essays).where(live(eq(essays.taskId, taskId), eq(essays.studentId, studentId))).orderBy(desc(essays.draft));
  },
  /** Live essays of a task for the students of a class (by the student's current class). */
  ofTaskClass(db: Executor, taskId: number, classId: number) {
    return db
      .select({ e: essays, pageCount: sql<number>`(select count(*)::int from essay_pages ep where ep.essay_id = "essays"."id")` })
      .from(essays)
      .innerJoin(students, eq(students.id, essays.studentId))
      .where(live(eq(essays.taskId, taskId), eq(students.classId, classId)))
      .orderBy(asc(essays.studentId), desc(essays.draft));
  },
  async insert(db: Executor, values: typeof essays.$inferInsert): Promise<EssayRow> {
    const [row] = await db.insert(essays).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof essays.$inferInsert>): Promise<void> {
    await db.update(essays).set({ ...patch, updatedAt: sql`now()` }).where(eq(essays.id, id));
  },
  async softDelete(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(essays).set({ deletedAt: at, updatedAt: sql`now()` }).where(eq(essays.id, id));
  },

  pages(db: Executor, essayIds: number[]): Promise<PageWithFile[]> {
    if (!essayIds.length) return Promise.resolve([]);
    return db.select({ p: essayPages, f: files }).from(essayPages).innerJoin(files, eq(files.id, essayPages.fileId)).where(inArray(essayPages.essayId, essayIds)).orderBy(asc(essayPages.essayId), asc(essayPages.pageNo), asc(essayPages.id));
  },
  async page(db: Executor, schoolId: number, pageId: number) {
    const [row] = await db
      .select({ p: essayPages, f: files, e: essays })
      .from(essayPages)
      .innerJoin(essays, eq(essays.id, essayPages.essayId))
      .innerJoin(files, eq(files.id, essayPages.fileId))
      .where(live(eq(essays.schoolId, schoolId), eq(essayPages.id, pageId)));
    return row;
  },
  async replacePages(db: Executor, essayId: number, fileIds: string[]): Promise<void> {
    await db.delete(essayPages).where(eq(essayPages.essayId, essayId));
    if (fileIds.length) await db.insert(essayPages).values(fileIds.map((fileId, i) => ({ essayId, fileId, pageNo: i + 1 })));
  },
  async appendPages(db: Executor, essayId: number, fileIds: string[]): Promise<void> {
    const [{ last } = { last: 0 }] = await db.select({ last: sql<number>`coalesce(max(${essayPages.pageNo}), 0)::int` }).from(essayPages).where(eq(essayPages.essayId, essayId));
    if (fileIds.length) await db.insert(essayPages).values(fileIds.map((fileId, i) => ({ essayId, fileId, pageNo: last + i + 1 })));
  },
  async updatePage(db: Executor, pageId: number, patch: Partial<typeof essayPages.$inferInsert>): Promise<void> {
    await db.update(essayPages).set(patch).where(eq(essayPages.id, pageId));
  },
  async deletePage(db: Executor, pageId: number): Promise<void> {
    await db.delete(essayPages).where(eq(essayPages.id, pageId));
  },
  /** Renumbers the pages of an essay 1..n in the given order of page ids. */
  async renumber(db: Executor, essayId: number, pageIds: number[]): Promise<void> {
    for (const [i, id] of pageIds.entries()) await db.update(essayPages).set({ pageNo: i + 1 }).where(and(eq(essayPages.id, id), eq(essayPages.essayId, essayId)));
  },

  /**
   * Task board counts per class of each task, from the latest live draft of every live student of
   * the class: submitted = handed in (any status); abnormal, awaitingAi (submitted, awaiting_ai,
   * ai_running), aiDone, approved and revisionRequested split it; notSubmitted = students − submitted.
   */
  async countsPerClass(db: Executor, taskIds: number[]) {
    if (!taskIds.length) return [];
    const per = db
      .select({
        taskId: taskClasses.taskId,
        classId: sql<number>`${classes.id}`.as('class_id'),
        className: sql<string>`${classes.name}`.as('class_name'),
        grade: sql<number>`${classes.grade}`.as('grade'),
        studentId: sql<number | null>`${students.id}`.as('student_id'),
        latest: sql<string | null>`(select e.status from essays e where e.task_id = "task_classes"."task_id" and e.student_id = "students"."id" and e.deleted_at is null order by e.draft desc limit 1)`.as('latest'),
      })
      .from(taskClasses)
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .leftJoin(students, and(eq(students.classId, classes.id), isNull(students.deletedAt)))
      .where(inArray(taskClasses.taskId, taskIds))
      .as('per');
    const n = (cond: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${cond}))::int`;
    return db
      .select({
        taskId: per.taskId,
        classId: per.classId,
        className: per.className,
        students: sql<number>`count(${per.studentId})::int`,
        submitted: sql<number>`count(${per.latest})::int`,
        abnormal: n(inBucket(per.latest, 'abnormal')),
        awaitingAi: n(inBucket(per.latest, 'awaitingAi')),
        aiDone: n(inBucket(per.latest, 'aiDone')),
        approved: n(inBucket(per.latest, 'approved')),
        revisionRequested: n(inBucket(per.latest, 'revisionRequested')),
      })
      .from(per)
      .groupBy(per.taskId, per.classId, per.className, per.grade)
      .orderBy(asc(per.grade), asc(per.className));
  },

  /** Batch pages of a task and class still waiting for the teacher to name their student. */
  async unmatchedImages(db: Executor, taskId: number, classId: number): Promise<number> {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(batchPages)
      .innerJoin(batchUploads, eq(batchUploads.id, batchPages.batchId))
      .where(and(eq(batchUploads.taskId, taskId), eq(batchUploads.classId, classId), eq(batchPages.state, 'unmatched')));
    return n;
  },
};
