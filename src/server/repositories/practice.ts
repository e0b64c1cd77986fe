import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, practiceAttempts, practices, students } from '../db/schema';
import { studentNoOrder } from './student-order-sql';

export type PracticeRow = typeof practices.$inferSelect;
export type PracticeAttemptRow = typeof practiceAttempts.$inferSelect;

export interface PracticeStats {
  participants: number;
  attempts: number;
  averagePercent: number | null;
  averageWords: number | null;
}

const live = isNull(practices.deletedAt);

/** SQL of practices (练习作业) and classroom writings (课堂作文) and the students' attempts. */
export const practiceRepo = {
  async insert(db: Executor, values: typeof practices.$inferInsert): Promise<PracticeRow> {
    const [row] = await db.insert(practices).values(values).returning();
    return row!;
  },
  /** A live practice of the school (with its class name, code and size), optionally locked for update. */
  async find(db: Executor, schoolId: number, id: number, lock = false) {
    const q = db
      .select({ p: practices, className: classes.name, classCode: classes.classCode })
      .from(practices)
      .innerJoin(classes, eq(classes.id, practices.classId))
      .where(and(eq(practices.schoolId, schoolId), eq(practices.id, id), live));
    const [row] = lock ? await q.for('update', { of: practices }) : await q;
    return row;
  },
  async update(db: Executor, id: number, patch: Partial<typeof practices.$inferInsert>, now: Date): Promise<void> {
    await db.update(practices).set({ ...patch, updatedAt: now }).where(eq(practices.id, id));
  },
  /** Distinct classes that have practices of a kind in the school (to scope a teacher's list). */
  async classIdsOf(db: Executor, schoolId: number, kind: string): Promise<number[]> {
    const rows = await db.selectDistinct({ id: practices.classId }).from(practices).where(and(eq(practices.schoolId, schoolId), eq(practices.kind, kind), live));
    return rows.map((r) => r.id);
  },
  /** A page of practices of the given classes, newest first. */
  async page(db: Executor, f: { schoolId: number; kind: string; classIds: number[] }, pageNum: number, pageSize: number) {
    if (!f.classIds.length) return { rows: [], total: 0 };
    const where = and(eq(practices.schoolId, f.schoolId), eq(practices.kind, f.kind), inArray(practices.classId, f.classIds), live);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(practices).where(where);
    const rows = await db
      .select({ p: practices, className: classes.name, classCode: classes.classCode })
      .from(practices)
      .innerJoin(classes, eq(classes.id, practices.classId))
      .where(where)
      .orderBy(desc(practices.createdAt), desc(practices.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total: count?.n ?? 0 };
  },
  /** Live students per class. */
  async classSizes(db: Executor, classIds: number[]): Promise<Map<number, number>> {
    if (!classIds.length) return new Map();
    const rows = await db
      .select({ classId: students.classId, n: sql<number>`count(*)::int` })
      .from(students)
      .where(and(inArray(students.classId, classIds), isNull(students.deletedAt)))
      .groupBy(students.classId);
    return new Map(rows.map((r) => [r.classId, r.n]));
  },
  /** Participation and averages per practice: the mean over participants of each one's best AI score. */
  async stats(db: Executor, practiceIds: number[]): Promise<Map<number, PracticeStats>> {
    if (!practiceIds.length) return new Map();
    const best = db
      .select({
        practiceId: practiceAttempts.practiceId,
        studentId: practiceAttempts.studentId,
        attempts: sql<number>`count(*)::int`.as('attempts'),
        best: sql<number | null>`max(${practiceAttempts.scorePercent})`.as('best'),
        words: sql<number | null>`max(${practiceAttempts.wordCount})`.as('words'),
      })
      .from(practiceAttempts)
      .where(inArray(practiceAttempts.practiceId, practiceIds))
      .groupBy(practiceAttempts.practiceId, practiceAttempts.studentId)
      .as('best');
    const rows = await db
      .select({
        practiceId: best.practiceId,
        participants: sql<number>`count(*)::int`,
        attempts: sql<number>`sum(${best.attempts})::int`,
        average: sql<string | null>`round(avg(${best.best}))`,
        words: sql<string | null>`round(avg(${best.words}))`,
      })
      .from(best)
      .groupBy(best.practiceId);
    const num = (v: string | number | null) => (v === null ? null : Number(v));
    return new Map(rows.map((r) => [r.practiceId, { participants: r.participants, attempts: r.attempts, averagePercent: num(r.average), averageWords: num(r.words) }]));
  },
  /** The class's live students in student-number order. */
  roster(db: Executor, classId: number) {
    return db
      .select({ id: students.id, name: students.name, studentNo: students.studentNo })
      .from(students)
      .where(and(eq(students.classId, classId), isNull(students.deletedAt)))
      .orderBy(studentNoOrder(students.studentNo), asc(students.id));
  },
  attempts(db: Executor, practiceId: number) {
    return db.select().from(practiceAttempts).where(eq(practiceAttempts.practiceId, practiceId)).orderBy(asc(practiceAttempts.studentId), asc(practiceAttempts.attemptNo));
  },
  attemptsOfStudent(db: Executor, practiceId: number, studentId: number) {
    return db
      .select()
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.practiceId, practiceId), eq(practiceAttempts.studentId, studentId)))
      .orderBy(asc(practiceAttempts.attemptNo));
  },
  async attempt(db: Executor, id: number, lock = false): Promise<PracticeAttemptRow | undefined> {
    const q = db.select().from(practiceAttempts).where(eq(practiceAttempts.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertAttempt(db: Executor, values: typeof practiceAttempts.$inferInsert): Promise<PracticeAttemptRow> {
    const [row] = await db.insert(practiceAttempts).values(values).returning();
    return row!;
  },
  async updateAttempt(db: Executor, id: number, patch: Partial<typeof practiceAttempts.$inferInsert>, now: Date): Promise<void> {
    await db.update(practiceAttempts).set({ ...patch, updatedAt: now }).where(eq(practiceAttempts.id, id));
  },
  /** Practices of a class the students see: started, not deleted, newest first (the last 30). */
  visibleToClass(db: Executor, classId: number) {
    return db
      .select()
      .from(practices)
      .where(and(eq(practices.classId, classId), live, sql`${practices.startedAt} is not null`))
      .orderBy(desc(practices.startedAt), desc(practices.id))
      .limit(30);
  },
  /** A student's attempts of every practice with the practice's fields, oldest first (growth series). */
  studentSeries(db: Executor, schoolId: number, studentId: number) {
    return db
      .select({ a: practiceAttempts, title: practices.title, kind: practices.kind, focus: practices.focus })
      .from(practiceAttempts)
      .innerJoin(practices, eq(practices.id, practiceAttempts.practiceId))
      .where(and(eq(practiceAttempts.schoolId, schoolId), eq(practiceAttempts.studentId, studentId), live))
      .orderBy(asc(practiceAttempts.submittedAt), asc(practiceAttempts.id));
  },
};
