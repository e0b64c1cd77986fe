import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { batchPages, batchUploads, students } from '../db/schema';
import { studentNoOrder } from './student-order-sql';

export type BatchRow = typeof batchUploads.$inferSelect;
export type BatchPageRow = typeof batchPages.$inferSelect;

/** SQL of batch uploads and their pages. Callers check task and class scope first. */
export const batchRepo = {
  async find(db: Executor, schoolId: number, id: string): Promise<BatchRow | undefined> {
    const [row] = await db.select().from(batchUploads).where(and(eq(batchUploads.schoolId, schoolId), eq(batchUploads.id, id)));
    return row;
  },
  async byId(db: Executor, id: string): Promise<BatchRow | undefined> {
    const [row] = await db.select().from(batchUploads).where(eq(batchUploads.id, id));
    return row;
  },
  /** The batch of the same file for the same task and class that has not failed (a re-upload answers it). */
  async sameFile(db: Executor, taskId: number, classId: number, fileId: string): Promise<BatchRow | undefined> {
    const [row] = await db
      .select()
      .from(batchUploads)
      .where(and(eq(batchUploads.taskId, taskId), eq(batchUploads.classId, classId), eq(batchUploads.fileId, fileId), ne(batchUploads.status, 'failed')))
      .orderBy(desc(batchUploads.createdAt))
      .limit(1);
    return row;
  },
  async insert(db: Executor, values: typeof batchUploads.$inferInsert): Promise<BatchRow> {
    const [row] = await db.insert(batchUploads).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, patch: Partial<typeof batchUploads.$inferInsert>): Promise<void> {
    await db.update(batchUploads).set(patch).where(eq(batchUploads.id, id));
  },
  /** The batches of a task and class that still hold pages without a student, oldest first. */
  withUnmatchedPages(db: Executor, schoolId: number, taskId: number, classId: number): Promise<BatchRow[]> {
    return db
      .select()
      .from(batchUploads)
      .where(
        and(
          eq(batchUploads.schoolId, schoolId),
          eq(batchUploads.taskId, taskId),
          eq(batchUploads.classId, classId),
          sql`exists (select 1 from ${batchPages} where ${batchPages.batchId} = ${batchUploads.id} and ${batchPages.state} = 'unmatched')`,
        ),
      )
      .orderBy(asc(batchUploads.createdAt));
  },
  pages(db: Executor, batchId: string): Promise<BatchPageRow[]> {
    return db.select().from(batchPages).where(eq(batchPages.batchId, batchId)).orderBy(asc(batchPages.pageNo));
  },
  /** Inserts or replaces a page's outcome (a retried job writes the same page again). */
  async upsertPage(db: Executor, values: typeof batchPages.$inferInsert): Promise<void> {
    const { batchId: _b, pageNo: _p, ...rest } = values;
    await db
      .insert(batchPages)
      .values(values)
      .onConflictDoUpdate({ target: [batchPages.batchId, batchPages.pageNo], set: { ...rest, updatedAt: sql`now()` } });
  },
  async updatePage(db: Executor, batchId: string, pageNo: number, patch: Partial<typeof batchPages.$inferInsert>): Promise<void> {
    await db
      .update(batchPages)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(batchPages.batchId, batchId), eq(batchPages.pageNo, pageNo)));
  },
  /** Live students of a class: the roster pages are matched against. */
  roster(db: Executor, classId: number) {
    return db
      .select({ id: students.id, name: students.name, studentNo: students.studentNo })
      .from(students)
      .where(and(eq(students.classId, classId), isNull(students.deletedAt)))
      .orderBy(asc(studentNoOrder(students.studentNo)));
  },
  studentsByIds(db: Executor, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db.select({ id: students.id, name: students.name, studentNo: students.studentNo, classId: students.classId }).from(students).where(inArray(students.id, ids));
  },
};
