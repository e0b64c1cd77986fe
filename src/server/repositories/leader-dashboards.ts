import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, classes, classTeachers, essayFacts, identities, semesters, students, taskClasses, tasks } from '../db/schema';
import { AI_CORRECTED_BUCKETS } from '../../core/tasks/status-buckets';
import { preparedPerDatabase } from './prepared-per-database';
import { inBucket, inBuckets } from './status-bucket-sql';

/** The rows a dashboard reads: one school and semester, optionally one campus and one grade. */
export interface DashboardScope {
  schoolId: number;
  semesterId: number;
  campusId: number | null;
  grade: number | null;
}

const factsIn = (s: DashboardScope): SQL =>
  and(
    eq(essayFacts.schoolId, s.schoolId),
    eq(essayFacts.semesterId, s.semesterId),
    s.campusId !== null ? eq(essayFacts.campusId, s.campusId) : undefined,
    s.grade !== null ? eq(essayFacts.grade, s.grade) : undefined,
  )!;
const classesIn = (s: DashboardScope): SQL =>
  and(
    eq(classes.schoolId, s.schoolId),
    eq(classes.semesterId, s.semesterId),
    isNull(classes.deletedAt),
    s.campusId !== null ? eq(classes.campusId, s.campusId) : undefined,
    s.grade !== null ? eq(classes.grade, s.grade) : undefined,
  )!;

const int = (q: SQL) => sql<number>`coalesce(${q}, 0)::int`.mapWith(Number);
const num = (q: SQL) => sql<number | null>`${q}::float8`.mapWith((v) => (v === null ? null : Number(v)));
const latest = sql`${essayFacts.isLatest}`;
const approvedLatest = sql`${essayFacts.isLatest} and ${inBucket(essayFacts.status, 'approved')}`;
// The teacher's "AI 已批阅" (core AI_CORRECTED_BUCKETS): a flagged essay is abnormal, not corrected.
const aiCorrectedLatest = sql`${essayFacts.isLatest} and ${inBuckets(essayFacts.status, AI_CORRECTED_BUCKETS)}`;

const ph = (name: string) => sql`${sql.placeholder(name)}::int`;
// Every dashboard request resolves its scope (semesters, campuses, the caller's campus, grades):
// named statements prepared once per database.
const scopeStatements = {
  semesters: preparedPerDatabase((db: Executor) => db.select().from(semesters).where(eq(semesters.schoolId, ph('schoolId'))).orderBy(desc(semesters.year), desc(semesters.term)).prepare('zp_leaders_semesters')),
  campuses: preparedPerDatabase((db: Executor) =>
    db.select({ id: campuses.id, name: campuses.name }).from(campuses).where(eq(campuses.schoolId, ph('schoolId'))).orderBy(asc(campuses.id)).prepare('zp_leaders_campuses'),
  ),
  identityCampus: preparedPerDatabase((db: Executor) => db.select({ campusId: identities.campusId }).from(identities).where(eq(identities.id, ph('identityId'))).prepare('zp_leaders_identity_campus')),
  // classesIn without a grade, the campus a placeholder that may be null
  grades: preparedPerDatabase((db: Executor) =>
    db
      .selectDistinct({ grade: classes.grade })
      .from(classes)
      .where(and(eq(classes.schoolId, ph('schoolId')), eq(classes.semesterId, ph('semesterId')), isNull(classes.deletedAt), sql`(${ph('campusId')} is null or ${classes.campusId} = ${ph('campusId')})`))
      .orderBy(asc(classes.grade))
      .prepare('zp_leaders_grades'),
  ),
};

/** SQL of the headmaster home and the /teachingAdmin pages: aggregates over essay_facts, classes and tasks. */
export const leaderDashboardsRepo = {
  semesters(db: Executor, schoolId: number) {
    return scopeStatements.semesters(db).execute({ schoolId });
  },
  campuses(db: Executor, schoolId: number) {
    return scopeStatements.campuses(db).execute({ schoolId });
  },
  /** Per class of the scope: students now, released tasks reaching it, and its essays' figures. */
  classes(db: Executor, s: DashboardScope, semesterMid: string) {
    const st = db
      .select({ classId: students.classId, n: count().as('students_n') })
      .from(students)
      .where(and(eq(students.schoolId, s.schoolId), isNull(students.deletedAt)))
      .groupBy(students.classId)
      .as('st');
    const tc = db
      .select({ classId: taskClasses.classId, n: count().as('tasks_n') })
      .from(taskClasses)
      .innerJoin(tasks, eq(tasks.id, taskClasses.taskId))
      .where(and(eq(tasks.schoolId, s.schoolId), isNull(tasks.deletedAt), eq(tasks.status, 'released')))
      .groupBy(taskClasses.classId)
      .as('tc');
    const f = db
      .select({
        classId: essayFacts.classId,
        submitted: sql<number>`count(*) filter (where ${latest})`.as('submitted'),
        approved: sql<number>`count(*) filter (where ${approvedLatest})`.as('approved'),
        sumFinal: sql<number>`sum(${essayFacts.finalPercent}) filter (where ${latest})`.as('sum_final'),
        nFinal: sql<number>`count(${essayFacts.finalPercent}) filter (where ${latest})`.as('n_final'),
        essays: sql<number>`count(*)`.as('essays'),
        writers: sql<number>`count(distinct ${essayFacts.studentId})`.as('writers'),
        words: sql<number>`sum(${essayFacts.wordCount})`.as('words'),
        early: sql<number>`avg(${essayFacts.finalPercent}) filter (where ${latest} and ${essayFacts.submittedAt} < ${semesterMid}::date)`.as('early'),
        late: sql<number>`avg(${essayFacts.finalPercent}) filter (where ${latest} and ${essayFacts.submittedAt} >= ${semesterMid}::date)`.as('late'),
      })
      .from(essayFacts)
      .where(factsIn(s))
      .groupBy(essayFacts.classId)
      .as('f');
    return db
      .select({
        classId: classes.id,
        className: classes.name,
        grade: classes.grade,
        campus: campuses.name,
        students: int(sql`${st.n}`),
        tasks: int(sql`${tc.n}`),
        submitted: int(sql`${f.submitted}`),
        approved: int(sql`${f.approved}`),
        sumFinal: num(sql`${f.sumFinal}`),
        nFinal: int(sql`${f.nFinal}`),
        essays: int(sql`${f.essays}`),
        writers: int(sql`${f.writers}`),
        words: int(sql`${f.words}`),
        early: num(sql`${f.early}`),
        late: num(sql`${f.late}`),
      })
      .from(classes)
      .innerJoin(campuses, eq(campuses.id, classes.campusId))
      .leftJoin(st, eq(st.classId, classes.id))
      .leftJoin(tc, eq(tc.classId, classes.id))
      .leftJoin(f, eq(f.classId, classes.id))
      .where(classesIn(s))
      .orderBy(asc(classes.grade), asc(classes.name), asc(classes.id));
  },
  /** Distinct released tasks reaching a class of the scope. */
  async taskCount(db: Executor, s: DashboardScope): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${tasks.id})`.mapWith(Number) })
      .from(taskClasses)
      .innerJoin(tasks, eq(tasks.id, taskClasses.taskId))
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .where(and(classesIn(s), isNull(tasks.deletedAt), eq(tasks.status, 'released')));
    return row?.n ?? 0;
  },
  async totals(db: Executor, s: DashboardScope) {
    const [row] = await db
      .select({
        submitted: int(sql`count(*) filter (where ${latest})`),
        aiCorrected: int(sql`count(*) filter (where ${aiCorrectedLatest})`),
        approved: int(sql`count(*) filter (where ${approvedLatest})`),
        turnaroundHours: num(sql`avg(extract(epoch from ${essayFacts.approvedAt} - ${essayFacts.submittedAt})) filter (where ${approvedLatest}) / 3600`),
      })
      .from(essayFacts)
      .where(factsIn(s));
    return row!;
  },
  /** Per grade: essays by band of their final percent (bands' lower bounds given highest first). */
  bandsByGrade(db: Executor, s: DashboardScope, mins: number[]) {
    const bandIdx = sql.join(
      [sql`case`, ...mins.map((m, i) => sql`when ${essayFacts.finalPercent} >= ${m} then ${i}`), sql`else ${mins.length} end`],
      sql` `,
    );
    return db
      .select({ grade: essayFacts.grade, band: sql<number>`${bandIdx}`.mapWith(Number), n: count(), sum: num(sql`sum(${essayFacts.finalPercent})`) })
      .from(essayFacts)
      .where(and(factsIn(s), latest, sql`${essayFacts.finalPercent} is not null`))
      .groupBy(essayFacts.grade, sql`2`)
      .orderBy(asc(essayFacts.grade));
  },
  problems(db: Executor, s: DashboardScope) {
    const kind = sql<string>`unnest(${essayFacts.problems})`;
    return db
      .select({ kind: kind.as('kind'), n: count() })
      .from(essayFacts)
      .where(and(factsIn(s), latest, sql`cardinality(${essayFacts.problems}) > 0`))
      .groupBy(sql`1`)
      .orderBy(desc(count()));
  },
  /** Teachers with essays pending review (AI done, not approved; abnormal ones are not pending), oldest first. */
  waiting(db: Executor, s: DashboardScope, limit: number) {
    const oldest = sql<Date>`min(${essayFacts.submittedAt})`;
    return db
      .select({ teacherId: essayFacts.teacherId, name: identities.teacherName, essays: count(), oldestAt: oldest.mapWith((v) => new Date(v as string)) })
      .from(essayFacts)
      .innerJoin(identities, eq(identities.id, essayFacts.teacherId))
      .where(and(factsIn(s), latest, inBucket(essayFacts.status, 'aiDone')))
      .groupBy(essayFacts.teacherId, identities.teacherName)
      .orderBy(asc(oldest))
      .limit(limit);
  },
  /** Per month (China time): essays submitted and their mean final percent. */
  trend(db: Executor, s: DashboardScope) {
    const month = sql<string>`to_char(${essayFacts.submittedAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
    return db
      .select({ month: month.as('month'), submitted: count(), average: num(sql`avg(${essayFacts.finalPercent})`) })
      .from(essayFacts)
      .where(and(factsIn(s), latest))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  },
  /** Mean percent per dimension for the classes given. */
  dimensions(db: Executor, s: DashboardScope, classIds: number[]) {
    if (!classIds.length) return Promise.resolve([]);
    return db
      .select({ classId: essayFacts.classId, id: sql<string>`d.key`, average: num(sql`avg((d.value)::text::float8)`) })
      .from(essayFacts)
      .innerJoin(sql`jsonb_each(${essayFacts.dimensions}) as d`, sql`true`)
      .where(and(factsIn(s), latest, inArray(essayFacts.classId, classIds)))
      .groupBy(essayFacts.classId, sql`d.key`);
  },
  /** Teacher identities of the school with classes (main or bound) in the scope. */
  teacherClasses(db: Executor, s: DashboardScope) {
    const bound = db
      .select({ identityId: classTeachers.identityId, classId: classTeachers.classId })
      .from(classTeachers)
      .innerJoin(classes, eq(classes.id, classTeachers.classId))
      .where(classesIn(s));
    const main = db
      .select({ identityId: sql<number>`${classes.mainTeacherId}`.as('identity_id'), classId: classes.id })
      .from(classes)
      .where(and(classesIn(s), sql`${classes.mainTeacherId} is not null`));
    return main.union(bound);
  },
  /** Released tasks each teacher created that reach a class of the scope. */
  teacherTasks(db: Executor, s: DashboardScope) {
    return db
      .select({ teacherId: tasks.creatorIdentityId, n: sql<number>`count(distinct ${tasks.id})`.mapWith(Number) })
      .from(tasks)
      .innerJoin(taskClasses, eq(taskClasses.taskId, tasks.id))
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .where(and(classesIn(s), isNull(tasks.deletedAt), eq(tasks.status, 'released')))
      .groupBy(tasks.creatorIdentityId);
  },
  /** Per approving teacher: approvals, median hours, AI score changes, comments and annotations. */
  teacherApprovals(db: Executor, s: DashboardScope) {
    const hours = sql`extract(epoch from ${essayFacts.approvedAt} - ${essayFacts.submittedAt}) / 3600`;
    return db
      .select({
        teacherId: sql<number>`${essayFacts.approverId}`.mapWith(Number),
        approved: count(),
        medianHours: num(sql`percentile_cont(0.5) within group (order by ${hours})`),
        changed: int(sql`count(*) filter (where ${essayFacts.scoreChanged})`),
        comparable: int(sql`count(${essayFacts.aiPercent})`),
        averageChange: num(sql`avg(${essayFacts.scoreDelta}) filter (where ${essayFacts.scoreChanged})`),
        averageAbsChange: num(sql`avg(abs(${essayFacts.scoreDelta})) filter (where ${essayFacts.scoreChanged})`),
        comments: int(sql`sum(${essayFacts.commented})`),
        annotations: int(sql`sum(${essayFacts.annotations})`),
      })
      .from(essayFacts)
      .where(and(factsIn(s), eq(essayFacts.status, 'approved'), sql`${essayFacts.approverId} is not null`))
      .groupBy(essayFacts.approverId);
  },
  teacherNames(db: Executor, schoolId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db.select({ id: identities.id, name: identities.teacherName }).from(identities).where(and(eq(identities.schoolId, schoolId), inArray(identities.id, ids)));
  },
};
export type ClassAggregateRow = Awaited<ReturnType<typeof leaderDashboardsRepo.classes>>[number];

/** The campus an identity is limited to (null = the whole school), and the grades with classes in a scope. */
export const leaderScopeRepo = {
  async identityCampus(db: Executor, identityId: number): Promise<number | null> {
    const [row] = await scopeStatements.identityCampus(db).execute({ identityId });
    return row?.campusId ?? null;
  },
  async grades(db: Executor, s: Omit<DashboardScope, 'grade'>): Promise<number[]> {
    const rows = await scopeStatements.grades(db).execute({ schoolId: s.schoolId, semesterId: s.semesterId, campusId: s.campusId });
    return rows.map((r) => r.grade);
  },
};
