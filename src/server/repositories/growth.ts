import { and, asc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, classes, corrections, essayReviews, essays, growthEntries, growthRecords, students, tasks } from '../db/schema';
import { taughtBy } from './classes';
import { excellentSampleCount } from './excellent-sample-counts';
import { growthStatements, handedInCount } from './growth-statements';
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
    return growthStatements.scored(db).execute({ studentIds: `{${studentIds.map((id) => Math.trunc(id)).join(',')}}`, semesterId });
  },
  /** A student's entries of a semester, oldest first (without the transcripts: see firstWrittenRight). */
  entries(db: Executor, studentId: number, semesterId: number) {
    return growthStatements.entries(db).execute({ studentId, semesterId });
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
    const [row] = await growthStatements.student(db).execute({ schoolId, studentId, teacher: teacherIdentityId ?? null });
    return row;
  },
  async record(db: Executor, studentId: number, semesterId: number) {
    const [row] = await growthStatements.record(db).execute({ studentId, semesterId });
    return row;
  },
  /** How many essays the student handed in during the semester (see handedInCount). */
  async handedIn(db: Executor, studentId: number, semesterId: number): Promise<number> {
    const [row] = await growthStatements.handedIn(db).execute({ studentId, semesterId });
    return Number(row?.n ?? 0);
  },
  async semester(db: Executor, schoolId: number, semesterId: number) {
    const [row] = await growthStatements.semester(db).execute({ schoolId, semesterId });
    return row;
  },
  async currentSemester(db: Executor, schoolId: number) {
    const [row] = await growthStatements.currentSemester(db).execute({ schoolId });
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
