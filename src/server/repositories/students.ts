import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, classTextbooks, parents, students, textbooks } from '../db/schema';
import { studentNoOrder } from './student-order-sql';

export type StudentRow = typeof students.$inferSelect;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

const studentView = { s: students, className: classes.name };

/** SQL for students, parents and textbook binding. Callers check class access first. */
export const studentsRepo = {
  async page(db: Executor, classId: number, name: string | undefined, pageNum: number, pageSize: number) {
    const where = and(eq(students.classId, classId), isNull(students.deletedAt), name ? or(ilike(students.name, like(name)), ilike(students.studentNo, like(name))) : undefined);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(students).where(where);
    const rows = await db
      .select(studentView)
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(where)
      .orderBy(asc(studentNoOrder(students.studentNo)), asc(students.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async find(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select(studentView)
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, schoolId), eq(students.id, id), isNull(students.deletedAt)));
    return row;
  },
  async findMany(db: Executor, schoolId: number, ids: number[]) {
    if (!ids.length) return [];
    return db.select().from(students).where(and(eq(students.schoolId, schoolId), inArray(students.id, ids), isNull(students.deletedAt)));
  },
  /** Live students of a class, for duplicate checks. */
  inClass(db: Executor, classId: number) {
    return db.select().from(students).where(and(eq(students.classId, classId), isNull(students.deletedAt)));
  },
  async identTaken(db: Executor, schoolId: number, identificationNos: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!identificationNos.length) return out;
    const rows = await db
      .select({ id: students.id, no: students.identificationNo })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.identificationNo, identificationNos), isNull(students.deletedAt)));
    for (const r of rows) if (r.no) out.set(r.no, r.id);
    return out;
  },
  async insert(db: Executor, values: (typeof students.$inferInsert)[]) {
    if (!values.length) return [];
    return db.insert(students).values(values).returning();
  },
  async update(db: Executor, id: number, patch: Partial<typeof students.$inferInsert>) {
    await db.update(students).set({ ...patch, updatedAt: sql`now()` }).where(eq(students.id, id));
  },
  async softDelete(db: Executor, ids: number[], at: Date) {
    if (!ids.length) return 0;
    const rows = await db.update(students).set({ deletedAt: at, updatedAt: sql`now()` }).where(and(inArray(students.id, ids), isNull(students.deletedAt))).returning({ id: students.id });
    return rows.length;
  },
  async countByClass(db: Executor, classIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!classIds.length) return out;
    const rows = await db
      .select({ classId: students.classId, n: sql<number>`count(*)::int` })
      .from(students)
      .where(and(inArray(students.classId, classIds), isNull(students.deletedAt)))
      .groupBy(students.classId);
    for (const r of rows) out.set(r.classId, r.n);
    return out;
  },

  // parents
  async parentPage(db: Executor, classId: number, name: string | undefined, pageNum: number, pageSize: number) {
    const where = and(eq(students.classId, classId), isNull(students.deletedAt), name ? or(ilike(parents.name, like(name)), ilike(students.name, like(name))) : undefined);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(parents).innerJoin(students, eq(students.id, parents.studentId)).where(where);
    const rows = await db
      .select({ p: parents, studentName: students.name, studentNo: students.studentNo, classId: students.classId })
      .from(parents)
      .innerJoin(students, eq(students.id, parents.studentId))
      .where(where)
      .orderBy(asc(studentNoOrder(students.studentNo)), asc(parents.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async parent(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select({ p: parents, studentName: students.name, studentNo: students.studentNo, classId: students.classId })
      .from(parents)
      .innerJoin(students, eq(students.id, parents.studentId))
      .where(and(eq(parents.schoolId, schoolId), eq(parents.id, id), isNull(students.deletedAt)));
    return row;
  },
  async insertParent(db: Executor, values: typeof parents.$inferInsert) {
    const [row] = await db.insert(parents).values(values).returning();
    return row!;
  },
  async updateParent(db: Executor, id: number, patch: { name: string; phone: string; relation: string }) {
    await db.update(parents).set(patch).where(eq(parents.id, id));
  },
  async deleteParent(db: Executor, id: number) {
    await db.delete(parents).where(eq(parents.id, id));
  },

  // textbooks
  textbooks(db: Executor, grade?: number) {
    return db.select().from(textbooks).where(grade ? eq(textbooks.grade, grade) : undefined).orderBy(asc(textbooks.grade), asc(textbooks.term), asc(textbooks.id));
  },
  classTextbooks(db: Executor, classId: number) {
    return db
      .select({ id: textbooks.id, name: textbooks.name, publisher: textbooks.publisher, subject: textbooks.subject, grade: textbooks.grade, term: textbooks.term })
      .from(classTextbooks)
      .innerJoin(textbooks, eq(textbooks.id, classTextbooks.textbookId))
      .where(eq(classTextbooks.classId, classId))
      .orderBy(asc(textbooks.grade), asc(textbooks.term));
  },
  async setClassTextbooks(db: Executor, classId: number, textbookIds: number[]) {
    await db.delete(classTextbooks).where(eq(classTextbooks.classId, classId));
    if (textbookIds.length) await db.insert(classTextbooks).values(textbookIds.map((textbookId) => ({ classId, textbookId })));
  },
  async textbookIdsExist(db: Executor, ids: number[]) {
    if (!ids.length) return true;
    const rows = await db.select({ id: textbooks.id }).from(textbooks).where(inArray(textbooks.id, ids));
    return rows.length === new Set(ids).size;
  },
};
