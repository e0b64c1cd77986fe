import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, identities, lcwAnswers, lcwQuestions, lcwSubmissions, lcwTestClasses, lcwTestQuestions, lcwTests, students, type LcwQuestionKind } from '../db/schema';
import { studentNoOrder } from './student-order-sql';

export type LcwQuestionRow = typeof lcwQuestions.$inferSelect;
export type LcwTestRow = typeof lcwTests.$inferSelect;
export type LcwTestQuestionRow = typeof lcwTestQuestions.$inferSelect;
export type LcwAnswerRow = typeof lcwAnswers.$inferSelect;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** Tests a scoped teacher sees: one of the test's classes is theirs (main or bound), or they wrote it. */
function visibleTo(teacherIdentityId: number | undefined): SQL | undefined {
  if (teacherIdentityId === undefined) return undefined;
  return sql`(${lcwTests.createdBy} = ${teacherIdentityId} or exists (
    select 1 from lcw_test_classes tc join classes c on c.id = tc.class_id
    where tc.test_id = ${lcwTests.id} and (c.main_teacher_id = ${teacherIdentityId}
      or exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.identity_id = ${teacherIdentityId}))))`;
}

/** For a scoped teacher only rows of the classes they teach count (a test shared with a colleague's class). */
function taughtClass(classColumn: string, teacherIdentityId: number | undefined): SQL {
  if (teacherIdentityId === undefined) return sql`true`;
  return sql`exists (select 1 from classes c where c.id = ${sql.raw(classColumn)} and (c.main_teacher_id = ${teacherIdentityId}
    or exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.identity_id = ${teacherIdentityId})))`;
}

/** Figures of a test for its list row, as correlated subqueries on lcw_tests, over the classes the caller reads. */
function figures(teacherIdentityId: number | undefined) {
  const ownSubmissions = taughtClass('su.class_id', teacherIdentityId);
  return {
    questionCount: sql<number>`(select count(*)::int from lcw_test_questions q where q.test_id = ${lcwTests.id})`,
    totalPoints: sql<number>`(select coalesce(sum(q.points), 0)::int from lcw_test_questions q where q.test_id = ${lcwTests.id})`,
    studentCount: sql<number>`(select count(*)::int from students s join lcw_test_classes tc on tc.class_id = s.class_id where tc.test_id = ${lcwTests.id} and s.deleted_at is null and ${taughtClass('s.class_id', teacherIdentityId)})`,
    submittedCount: sql<number>`(select count(*)::int from lcw_submissions su where su.test_id = ${lcwTests.id} and ${ownSubmissions})`,
    pendingMarking: sql<number>`(select coalesce(sum(su.pending_count), 0)::int from lcw_submissions su where su.test_id = ${lcwTests.id} and ${ownSubmissions})`,
    averageScore: sql<number | null>`(select round(avg(su.score)::numeric, 1)::float8 from lcw_submissions su where su.test_id = ${lcwTests.id} and ${ownSubmissions})`,
    createdByName: identities.teacherName,
  };
}

/** SQL of the etiquette test: question bank, tests, submissions, answers. Callers check the school and role first. */
export const lcwRepo = {
  // ---- question bank ----
  async questionPage(db: Executor, schoolId: number, f: { kind?: LcwQuestionKind; keyword?: string }, pageNum: number, pageSize: number) {
    const where = and(eq(lcwQuestions.schoolId, schoolId), isNull(lcwQuestions.deletedAt), f.kind ? eq(lcwQuestions.kind, f.kind) : undefined, f.keyword ? ilike(lcwQuestions.stem, like(f.keyword)) : undefined);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(lcwQuestions).where(where);
    const rows = await db
      .select({ q: lcwQuestions, createdByName: identities.teacherName })
      .from(lcwQuestions)
      .innerJoin(identities, eq(identities.id, lcwQuestions.createdBy))
      .where(where)
      .orderBy(desc(lcwQuestions.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async question(db: Executor, schoolId: number, id: number) {
    const [row] = await db.select().from(lcwQuestions).where(and(eq(lcwQuestions.schoolId, schoolId), eq(lcwQuestions.id, id), isNull(lcwQuestions.deletedAt)));
    return row;
  },
  async questionsByIds(db: Executor, schoolId: number, ids: number[]) {
    if (!ids.length) return [];
    return db.select().from(lcwQuestions).where(and(eq(lcwQuestions.schoolId, schoolId), inArray(lcwQuestions.id, ids), isNull(lcwQuestions.deletedAt)));
  },
  async insertQuestions(db: Executor, rows: (typeof lcwQuestions.$inferInsert)[]) {
    if (!rows.length) return [];
    return db.insert(lcwQuestions).values(rows).returning();
  },
  async updateQuestion(db: Executor, id: number, patch: Partial<typeof lcwQuestions.$inferInsert>) {
    await db.update(lcwQuestions).set(patch).where(eq(lcwQuestions.id, id));
  },

  // ---- tests ----
  async insertTest(db: Executor, test: typeof lcwTests.$inferInsert, questions: Omit<typeof lcwTestQuestions.$inferInsert, 'testId'>[], classIds: number[]) {
    const [row] = await db.insert(lcwTests).values(test).returning();
    await db.insert(lcwTestQuestions).values(questions.map((q) => ({ ...q, testId: row!.id })));
    await db.insert(lcwTestClasses).values(classIds.map((classId) => ({ testId: row!.id, classId })));
    return row!;
  },
  async replaceTestContent(db: Executor, testId: number, patch: Partial<typeof lcwTests.$inferInsert>, questions: Omit<typeof lcwTestQuestions.$inferInsert, 'testId'>[], classIds: number[]) {
    await db.update(lcwTests).set(patch).where(eq(lcwTests.id, testId));
    await db.delete(lcwTestQuestions).where(eq(lcwTestQuestions.testId, testId));
    await db.delete(lcwTestClasses).where(eq(lcwTestClasses.testId, testId));
    await db.insert(lcwTestQuestions).values(questions.map((q) => ({ ...q, testId })));
    await db.insert(lcwTestClasses).values(classIds.map((classId) => ({ testId, classId })));
  },
  async testPage(db: Executor, f: { schoolId: number; teacherIdentityId?: number; keyword?: string; classId?: number }, pageNum: number, pageSize: number) {
    const where = and(
      eq(lcwTests.schoolId, f.schoolId),
      isNull(lcwTests.deletedAt),
      visibleTo(f.teacherIdentityId),
      f.keyword ? ilike(lcwTests.title, like(f.keyword)) : undefined,
      f.classId ? sql`exists (select 1 from lcw_test_classes tc where tc.test_id = ${lcwTests.id} and tc.class_id = ${f.classId})` : undefined,
    );
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(lcwTests).where(where);
    const rows = await db
      .select({ t: lcwTests, ...figures(f.teacherIdentityId) })
      .from(lcwTests)
      .innerJoin(identities, eq(identities.id, lcwTests.createdBy))
      .where(where)
      .orderBy(desc(lcwTests.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  /** One test the caller may see, with its list figures; undefined for another school's or a hidden one. */
  async test(db: Executor, f: { schoolId: number; teacherIdentityId?: number }, id: number) {
    const [row] = await db
      .select({ t: lcwTests, ...figures(f.teacherIdentityId) })
      .from(lcwTests)
      .innerJoin(identities, eq(identities.id, lcwTests.createdBy))
      .where(and(eq(lcwTests.schoolId, f.schoolId), eq(lcwTests.id, id), isNull(lcwTests.deletedAt), visibleTo(f.teacherIdentityId)));
    return row;
  },
  async testClasses(db: Executor, testIds: number[]) {
    if (!testIds.length) return [];
    return db
      .select({ testId: lcwTestClasses.testId, id: classes.id, name: classes.name })
      .from(lcwTestClasses)
      .innerJoin(classes, eq(classes.id, lcwTestClasses.classId))
      .where(inArray(lcwTestClasses.testId, testIds))
      .orderBy(asc(classes.grade), asc(classes.name));
  },
  testQuestions(db: Executor, testId: number) {
    return db.select().from(lcwTestQuestions).where(eq(lcwTestQuestions.testId, testId)).orderBy(asc(lcwTestQuestions.position));
  },
  async publish(db: Executor, id: number, now: Date) {
    await db.update(lcwTests).set({ status: 'published', updatedAt: now }).where(eq(lcwTests.id, id));
  },
  async softDeleteTest(db: Executor, id: number, now: Date) {
    await db.update(lcwTests).set({ deletedAt: now }).where(eq(lcwTests.id, id));
  },
  /** Live students of the test's classes, with their class, in class and student-number order. */
  studentsOfTest(db: Executor, testId: number) {
    return db
      .select({ id: students.id, name: students.name, studentNo: students.studentNo, classId: students.classId, className: classes.name })
      .from(students)
      .innerJoin(lcwTestClasses, eq(lcwTestClasses.classId, students.classId))
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(lcwTestClasses.testId, testId), isNull(students.deletedAt)))
      .orderBy(asc(classes.grade), asc(classes.name), asc(studentNoOrder(students.studentNo)), asc(students.id));
  },
  submissionsOfTest(db: Executor, testId: number) {
    return db.select().from(lcwSubmissions).where(eq(lcwSubmissions.testId, testId));
  },
  answersOfTest(db: Executor, testId: number) {
    return db
      .select({ a: lcwAnswers, classId: lcwSubmissions.classId })
      .from(lcwAnswers)
      .innerJoin(lcwSubmissions, eq(lcwSubmissions.id, lcwAnswers.submissionId))
      .where(eq(lcwSubmissions.testId, testId));
  },

  // ---- submissions ----
  async submission(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select({ s: lcwSubmissions, studentName: students.name, className: classes.name })
      .from(lcwSubmissions)
      .innerJoin(students, eq(students.id, lcwSubmissions.studentId))
      .innerJoin(classes, eq(classes.id, lcwSubmissions.classId))
      .where(and(eq(lcwSubmissions.schoolId, schoolId), eq(lcwSubmissions.id, id)));
    return row;
  },
  async submissionOf(db: Executor, testId: number, studentId: number) {
    const [row] = await db.select().from(lcwSubmissions).where(and(eq(lcwSubmissions.testId, testId), eq(lcwSubmissions.studentId, studentId)));
    return row;
  },
  answersOf(db: Executor, submissionId: number) {
    return db.select().from(lcwAnswers).where(eq(lcwAnswers.submissionId, submissionId));
  },
  /**
   * Inserts the submission and its answers; `on conflict do nothing` makes a second, parallel
   * submission of the same student come back empty (answers are final once sent).
   */
  async insertSubmission(db: Executor, s: typeof lcwSubmissions.$inferInsert, answers: Omit<typeof lcwAnswers.$inferInsert, 'submissionId'>[]) {
    const [row] = await db.insert(lcwSubmissions).values(s).onConflictDoNothing().returning();
    if (!row) return undefined;
    if (answers.length) await db.insert(lcwAnswers).values(answers.map((a) => ({ ...a, submissionId: row.id })));
    return row;
  },
  /** Short answers of a test for marking, with the student and question. */
  markingList(db: Executor, testId: number, onlyPending: boolean) {
    return db
      .select({ a: lcwAnswers, q: lcwTestQuestions, classId: lcwSubmissions.classId, studentName: students.name, className: classes.name })
      .from(lcwAnswers)
      .innerJoin(lcwSubmissions, eq(lcwSubmissions.id, lcwAnswers.submissionId))
      .innerJoin(lcwTestQuestions, eq(lcwTestQuestions.id, lcwAnswers.testQuestionId))
      .innerJoin(students, eq(students.id, lcwSubmissions.studentId))
      .innerJoin(classes, eq(classes.id, lcwSubmissions.classId))
      .where(and(eq(lcwSubmissions.testId, testId), eq(lcwTestQuestions.kind, 'short'), onlyPending ? isNull(lcwAnswers.score) : undefined))
      .orderBy(asc(lcwTestQuestions.position), asc(classes.name), asc(studentNoOrder(students.studentNo)));
  },
  /** An answer with its question and submission, locked for marking. */
  async answerForMarking(db: Executor, schoolId: number, answerId: number) {
    const [row] = await db
      .select({ a: lcwAnswers, q: lcwTestQuestions, s: lcwSubmissions })
      .from(lcwAnswers)
      .innerJoin(lcwSubmissions, eq(lcwSubmissions.id, lcwAnswers.submissionId))
      .innerJoin(lcwTestQuestions, eq(lcwTestQuestions.id, lcwAnswers.testQuestionId))
      .where(and(eq(lcwAnswers.id, answerId), eq(lcwSubmissions.schoolId, schoolId)))
      .for('update', { of: lcwSubmissions });
    return row;
  },
  async markAnswer(db: Executor, answerId: number, patch: { score: number; teacherComment: string; markedBy: number; markedAt: Date }) {
    await db.update(lcwAnswers).set(patch).where(eq(lcwAnswers.id, answerId));
  },
  /** Recomputes a submission's score and pending count from its answers. */
  async refreshSubmission(db: Executor, submissionId: number) {
    await db
      .update(lcwSubmissions)
      .set({
        score: sql`(select coalesce(sum(a.score), 0)::int from lcw_answers a where a.submission_id = ${submissionId})`,
        pendingCount: sql`(select count(*)::int from lcw_answers a where a.submission_id = ${submissionId} and a.score is null)`,
      })
      .where(eq(lcwSubmissions.id, submissionId));
  },

  // ---- the students' phone ----
  /** Published tests of a class that have started (closed ones too, so students can read their results). */
  testsForClass(db: Executor, classId: number, now: Date) {
    const { questionCount, totalPoints } = figures(undefined);
    return db
      .select({ t: lcwTests, questionCount, totalPoints })
      .from(lcwTests)
      .innerJoin(lcwTestClasses, eq(lcwTestClasses.testId, lcwTests.id))
      .where(and(eq(lcwTestClasses.classId, classId), eq(lcwTests.status, 'published'), isNull(lcwTests.deletedAt), sql`(${lcwTests.startsAt} is null or ${lcwTests.startsAt} <= ${now})`))
      .orderBy(desc(lcwTests.deadline));
  },
  async testForClass(db: Executor, classId: number, testId: number) {
    const [row] = await db
      .select({ t: lcwTests })
      .from(lcwTests)
      .innerJoin(lcwTestClasses, eq(lcwTestClasses.testId, lcwTests.id))
      .where(and(eq(lcwTestClasses.classId, classId), eq(lcwTests.id, testId), eq(lcwTests.status, 'published'), isNull(lcwTests.deletedAt)));
    return row?.t;
  },
};
