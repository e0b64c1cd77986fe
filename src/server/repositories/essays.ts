import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedPerDatabase } from './prepared-per-database';
import { batchPages, batchUploads, classes, essayPages, essays, files, students, taskClasses } from '../db/schema';
import { inBucket } from './status-bucket-sql';

export type EssayRow = typeof essays.$inferSelect;
export type EssayPageRow = typeof essayPages.$inferSelect;
export type PageWithFile = { p: EssayPageRow; f: typeof files.$inferSelect };

const live = (...parts: ReturnType<typeof eq>[]) => and(isNull(essays.deletedAt), ...parts);

/** SQL for essays and their pages. Callers check task, class and student scope first. */
export const essaysRepo = {
  async find(db: Executor, schoolId: number, id: number) {
    const [row] = await findStatement(db).execute({ schoolId, id });
    return row;
  },
  /** The pages of one essay with their files, in page order (the correction screen's; prepared). */
  pagesOf(db: Executor, essayId: number): Promise<PageWithFile[]> {
    return pagesOfStatement(db).execute({ essayId });
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
   * The latest draft is found once per student row (a LATERAL probe of the unique
   * (task_id, student_id, draft) index), not by a subquery per student row and bucket.
   */
  async countsPerClass(db: Executor, taskIds: number[]) {
    if (!taskIds.length) return [];
    return countsPerClassStatement(db).execute({ taskIds: `{${taskIds.map((id) => Math.trunc(id)).join(',')}}` });
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

/** The task board's counts query (placeholder `taskIds`: an int[] literal); exported for the EXPLAIN tests. */
export function countsPerClassQuery(db: Executor) {
  // one backward probe of the (task_id, student_id, draft) index per student row, whatever the
  // number of drafts; the status is then read by the aggregates as a column, not re-queried
  const latest = db
    .select({ status: sql<string>`${essays.status}`.as('latest_status') })
    .from(essays)
    .where(and(eq(essays.taskId, taskClasses.taskId), eq(essays.studentId, students.id), isNull(essays.deletedAt)))
    .orderBy(desc(essays.draft))
    .limit(1)
    .as('latest');
  const n = (cond: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${cond}))::int`;
  return db
    .select({
      taskId: taskClasses.taskId,
      classId: classes.id,
      className: classes.name,
      students: sql<number>`count(${students.id})::int`,
      submitted: sql<number>`count(${latest.status})::int`,
      abnormal: n(inBucket(latest.status, 'abnormal')),
      awaitingAi: n(inBucket(latest.status, 'awaitingAi')),
      aiDone: n(inBucket(latest.status, 'aiDone')),
      approved: n(inBucket(latest.status, 'approved')),
      revisionRequested: n(inBucket(latest.status, 'revisionRequested')),
    })
    .from(taskClasses)
    .innerJoin(classes, eq(classes.id, taskClasses.classId))
    .leftJoin(students, and(eq(students.classId, classes.id), isNull(students.deletedAt)))
    .leftJoinLateral(latest, sql`true`)
    .where(sql`${taskClasses.taskId} = any(${sql.placeholder('taskIds')}::int[])`)
    .groupBy(taskClasses.taskId, classes.id, classes.name, classes.grade)
    .orderBy(asc(classes.grade), asc(classes.name));
}
const countsPerClassStatement = preparedPerDatabase((db: Executor) => countsPerClassQuery(db).prepare('zp_essay_counts_per_class'));

// read on every open of an essay (correction screen, essay views): prepared once per database
const findStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ e: essays, studentName: students.name, studentNo: students.studentNo })
    .from(essays)
    .innerJoin(students, eq(students.id, essays.studentId))
    .where(live(eq(essays.schoolId, sql.placeholder('schoolId')), eq(essays.id, sql.placeholder('id'))))
    .prepare('zp_essay_find'),
);
const pagesOfStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ p: essayPages, f: files })
    .from(essayPages)
    .innerJoin(files, eq(files.id, essayPages.fileId))
    .where(eq(essayPages.essayId, sql.placeholder('essayId')))
    .orderBy(asc(essayPages.pageNo), asc(essayPages.id))
    .prepare('zp_essay_pages_of'),
);
