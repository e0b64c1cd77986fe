import { and, asc, eq, getTableColumns, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, classes, corrections, essayReviews, essays, growthEntries, growthRecords, semesters, students, tasks } from '../db/schema';
import { taughtBy } from './classes';
import { excellentSampleCount } from './excellent-sample-counts';
import { studentNoOrder } from './student-order-sql';

export type GrowthEntryRow = Omit<typeof growthEntries.$inferSelect, 'transcript'>;
export type GrowthEntryInsert = typeof growthEntries.$inferInsert;

export type GrowthSort = 'studentNo' | 'name' | 'className' | 'tasksCompleted' | 'essaysSubmitted' | 'totalWords' | 'excellentCount' | 'averageScore';

export interface GrowthListFilter {
  schoolId: number;
  semesterId: number;
  /** only classes this identity teaches (role 2) */
  teacherIdentityId?: number | undefined;
  classId?: number | undefined;
  campusId?: number | undefined;
  grade?: number | undefined;
  keyword?: string | undefined;
}

const excellent = excellentSampleCount(sql`${students.id}`, sql`${classes.semesterId}`);

/**
 * Essays a student handed in during a semester: every live essay (revised drafts included) on the tasks
 * of that semester (the task's semester, else the class's, as the entries), whatever its status. Before, this counted approved essays only, so a
 * pupil whose essays waited for review (or were flagged) showed 0 handed in.
 */
function handedInCount(studentId: SQL, semesterId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from essays e join classes ec on ec.id = e.class_id join tasks et on et.id = e.task_id
    where e.student_id = ${studentId} and e.deleted_at is null and et.deleted_at is null and coalesce(et.semester_id, ec.semester_id) = ${semesterId})`;
}
const handedIn = handedInCount(sql`${students.id}`, sql`${classes.semesterId}`);
const SORT: Record<GrowthSort, SQL> = {
  studentNo: studentNoOrder(students.studentNo),
  name: sql`${students.name}`,
  className: sql`${classes.grade} * 100000 + ${classes.id}`,
  tasksCompleted: sql`coalesce(${growthRecords.tasksCompleted}, 0)`,
  essaysSubmitted: handedIn,
  totalWords: sql`coalesce(${growthRecords.totalWords}, 0)`,
  excellentCount: excellent,
  averageScore: sql`coalesce(${growthRecords.averagePercent}, -1)`,
};

function listWhere(f: GrowthListFilter): SQL {
  const parts: SQL[] = [eq(classes.schoolId, f.schoolId), eq(classes.semesterId, f.semesterId), isNull(classes.deletedAt), isNull(students.deletedAt)];
  if (f.teacherIdentityId !== undefined) parts.push(taughtBy(f.teacherIdentityId));
  if (f.classId !== undefined) parts.push(eq(classes.id, f.classId));
  if (f.campusId !== undefined) parts.push(eq(classes.campusId, f.campusId));
  if (f.grade !== undefined) parts.push(eq(classes.grade, f.grade));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    parts.push(or(ilike(students.name, like), ilike(students.studentNo, like))!);
  }
  return and(...parts)!;
}

/** SQL of the growth records: the per-essay entries, the per-semester records and the class lists. Callers check scope first. */
export const growthRepo = {
  /** What an approved essay contributes: the essay, its task and semester, the teacher's review, the AI's notes. */
  async source(db: Executor, essayId: number) {
    const [row] = await db
      .select({
        essay: essays,
        taskTitle: tasks.title,
        semesterId: sql<number>`coalesce(${tasks.semesterId}, ${classes.semesterId})`,
        teacherComment: essayReviews.teacherComment,
        dimensionScores: essayReviews.dimensionScores,
        annotations: essayReviews.annotations,
        transcript: sql<string | null>`coalesce(${essayReviews.transcript}, ${corrections.transcript})`,
        notes: sql<{ kind: string; excerpt: string; fix?: string; message?: string; start?: number }[] | null>`${corrections.result} -> 'notes'`,
      })
      .from(essays)
      .innerJoin(tasks, eq(tasks.id, essays.taskId))
      .innerJoin(classes, eq(classes.id, essays.classId))
      .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
      .leftJoin(corrections, eq(corrections.essayId, essays.id))
      .where(eq(essays.id, essayId));
    return row;
  },
  async upsertEntry(db: Executor, entry: GrowthEntryInsert) {
    const { essayId: _id, ...set } = entry;
    await db.insert(growthEntries).values(entry).onConflictDoUpdate({ target: growthEntries.essayId, set });
  },
  /** Removes an essay's entry; answers the student and semester it belonged to (to recompute), if any. */
  async deleteEntry(db: Executor, essayId: number) {
    const [gone] = await db.delete(growthEntries).where(eq(growthEntries.essayId, essayId)).returning({ studentId: growthEntries.studentId, semesterId: growthEntries.semesterId, schoolId: growthEntries.schoolId });
    return gone;
  },
  /** Rewrites a student's record of a semester from their entries (one statement; no entries leaves zeros). */
  async recompute(db: Executor, key: { studentId: number; semesterId: number; schoolId: number }, now: Date) {
    await db.execute(sql`
      insert into growth_records (student_id, semester_id, school_id, tasks_completed, essays_submitted, total_words, average_percent, last_approved_at, updated_at)
      select ${key.studentId}, ${key.semesterId}, ${key.schoolId},
             count(distinct task_id)::int, count(*)::int, coalesce(sum(word_count), 0)::int,
             round(avg(score_percent))::int, max(approved_at), ${now.toISOString()}::timestamptz
        from growth_entries where student_id = ${key.studentId} and semester_id = ${key.semesterId}
      on conflict (student_id, semester_id) do update set
        school_id = excluded.school_id, tasks_completed = excluded.tasks_completed, essays_submitted = excluded.essays_submitted,
        total_words = excluded.total_words, average_percent = excluded.average_percent,
        last_approved_at = excluded.last_approved_at, updated_at = excluded.updated_at`);
  },
  /** The scored entries of these students in a semester, with their task (whose scale the score is on). */
  scoredEntries(db: Executor, studentIds: number[], semesterId: number) {
    if (!studentIds.length) return Promise.resolve([]);
    return db
      .select({ studentId: growthEntries.studentId, taskId: growthEntries.taskId, scorePercent: sql<number>`${growthEntries.scorePercent}` })
      .from(growthEntries)
      .where(and(inArray(growthEntries.studentId, studentIds), eq(growthEntries.semesterId, semesterId), isNotNull(growthEntries.scorePercent)))
      .orderBy(asc(growthEntries.submittedAt), asc(growthEntries.essayId));
  },
  /** A student's entries of a semester, oldest first (without the transcripts: see firstWrittenRight). */
  entries(db: Executor, studentId: number, semesterId: number) {
    const { transcript: _t, ...columns } = getTableColumns(growthEntries);
    return db
      .select(columns)
      .from(growthEntries)
      .where(and(eq(growthEntries.studentId, studentId), eq(growthEntries.semesterId, semesterId)))
      .orderBy(asc(growthEntries.submittedAt), asc(growthEntries.draft), asc(growthEntries.essayId));
  },
  /**
   * For each (right word, essay of the last slip): the first later essay of the student's semester
   * whose transcript contains the word — searched in the database, so transcripts never travel.
   */
  async firstWrittenRight(db: Executor, studentId: number, semesterId: number, lines: { right: string; afterEssayId: number }[]): Promise<Map<number, number>> {
    if (!lines.length) return new Map();
    const values = sql.join(lines.map((l, k) => sql`(${k}::int, ${l.right}::text, ${l.afterEssayId}::int)`), sql`, `);
    const result = await db.execute<{ k: number; essay_id: number }>(sql`
      select p.k, hit.essay_id
        from (values ${values}) as p(k, r, after_id)
        join growth_entries last on last.essay_id = p.after_id
        cross join lateral (
          select e.essay_id from growth_entries e
           where e.student_id = ${studentId} and e.semester_id = ${semesterId}
             and (e.submitted_at, e.draft, e.essay_id) > (last.submitted_at, last.draft, last.essay_id)
             and strpos(e.transcript, p.r) > 0
           order by e.submitted_at, e.draft, e.essay_id
           limit 1) hit`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { k: number; essay_id: number }[] }).rows) as { k: number; essay_id: number }[];
    return new Map(rows.map((r) => [Number(r.k), Number(r.essay_id)]));
  },
  /** A live student of the school with their class and its semester (only if `teacherIdentityId`, when given, teaches it). */
  async student(db: Executor, schoolId: number, studentId: number, teacherIdentityId?: number) {
    const [row] = await db
      .select({ s: students, className: classes.name, grade: classes.grade, classSemesterId: classes.semesterId, campusName: campuses.name, semester: semesters })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(campuses, eq(campuses.id, classes.campusId))
      .leftJoin(semesters, eq(semesters.id, classes.semesterId))
      .where(and(eq(students.id, studentId), eq(students.schoolId, schoolId), isNull(students.deletedAt), isNull(classes.deletedAt), ...(teacherIdentityId !== undefined ? [taughtBy(teacherIdentityId)] : [])));
    return row;
  },
  async record(db: Executor, studentId: number, semesterId: number) {
    const [row] = await db
      .select({ r: growthRecords, excellentCount: excellentSampleCount(sql`${growthRecords.studentId}`, sql`${growthRecords.semesterId}`) })
      .from(growthRecords)
      .where(and(eq(growthRecords.studentId, studentId), eq(growthRecords.semesterId, semesterId)));
    return row;
  },
  /** How many essays the student handed in during the semester (see handedInCount). */
  async handedIn(db: Executor, studentId: number, semesterId: number): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`select ${handedInCount(sql`${studentId}::int`, sql`${semesterId}::int`)} as n`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
    return Number(rows[0]?.n ?? 0);
  },
  async semester(db: Executor, schoolId: number, semesterId: number) {
    const [row] = await db.select().from(semesters).where(and(eq(semesters.id, semesterId), eq(semesters.schoolId, schoolId)));
    return row;
  },
  async currentSemester(db: Executor, schoolId: number) {
    const [row] = await db.select().from(semesters).where(eq(semesters.schoolId, schoolId)).orderBy(sql`${semesters.isCurrent} desc, ${semesters.year} desc, ${semesters.term} desc`).limit(1);
    return row;
  },
  /** One page of the students of the semester's classes the filter allows, with their records. */
  async page(db: Executor, f: GrowthListFilter, sort: GrowthSort, order: 'asc' | 'desc', pageNum: number, pageSize: number) {
    const where = listWhere(f);
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(where);
    const dir = order === 'desc' ? sql`desc` : sql`asc`;
    const rows = await db
      .select({
        studentId: students.id,
        name: students.name,
        gender: students.gender,
        studentNo: students.studentNo,
        classId: classes.id,
        className: classes.name,
        grade: classes.grade,
        campusName: campuses.name,
        tasksCompleted: sql<number>`coalesce(${growthRecords.tasksCompleted}, 0)`,
        essaysSubmitted: handedIn,
        totalWords: sql<number>`coalesce(${growthRecords.totalWords}, 0)`,
        excellentCount: excellent,
        averagePercent: growthRecords.averagePercent,
        lastApprovedAt: growthRecords.lastApprovedAt,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(campuses, eq(campuses.id, classes.campusId))
      .leftJoin(growthRecords, and(eq(growthRecords.studentId, students.id), eq(growthRecords.semesterId, classes.semesterId)))
      .where(where)
      .orderBy(sql`${SORT[sort]} ${dir}`, sql`${classes.grade} asc`, sql`${classes.id} asc`, sql`${studentNoOrder(students.studentNo)} asc`, asc(students.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  /** Approved essays without an entry (written before growth records existed), for the growth-backfill job. */
  async approvedWithoutEntry(db: Executor, afterId: number, limit: number) {
    const rows = await db
      .select({ id: essays.id })
      .from(essays)
      .leftJoin(growthEntries, eq(growthEntries.essayId, essays.id))
      .where(and(eq(essays.status, 'approved'), isNull(essays.deletedAt), isNull(growthEntries.essayId), gt(essays.id, afterId)))
      .orderBy(asc(essays.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
};
export type GrowthListRow = Awaited<ReturnType<typeof growthRepo.page>>['rows'][number];
