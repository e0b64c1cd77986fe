import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { classes, corrections, essayReviews, essays, excellentSampleLikes, excellentSamples, identities, students, tasks } from '../db/schema';

export type SampleRow = typeof excellentSamples.$inferSelect;

/**
 * Who reads, as SQL sees it. `wide`: class staff and headmasters, every sample (any status) of
 * their campuses (null = every campus of the school). Otherwise a teacher: every status of the
 * classes they teach, and published samples whose scope reaches one of those classes.
 */
export type SampleReader =
  | { kind: 'wide'; schoolId: number; campusIds: number[] | null; readerKey: string; identityId: number }
  | { kind: 'teacher'; schoolId: number; classes: { id: number; campusId: number; grade: number }[]; campusIds: number[]; readerKey: string; identityId: number }
  | { kind: 'class'; schoolId: number; cls: { id: number; campusId: number; grade: number }; readerKey: string };

const s = excellentSamples;
const proposer = alias(identities, 'proposer');
const checker = alias(identities, 'checker');
const ints = (xs: number[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);

/** Published samples whose scope reaches one of these classes (never beyond their campus). */
function reaches(list: { id: number; campusId: number; grade: number }[]): SQL {
  if (!list.length) return sql`false`;
  const pairs = sql.join(list.map((c) => sql`(${c.campusId}, ${c.grade})`), sql`, `);
  const campusIds = [...new Set(list.map((c) => c.campusId))];
  return sql`(${s.classId} in (${ints(list.map((c) => c.id))})
    or (${s.scope} = 'grade' and (${s.campusId}, ${s.grade}) in (${pairs}))
    or (${s.scope} = 'campus' and ${s.campusId} in (${ints(campusIds)})))`;
}

export function visibleTo(r: SampleReader): SQL {
  const base = and(eq(s.schoolId, r.schoolId), isNull(s.deletedAt))!;
  if (r.kind === 'wide') return r.campusIds ? and(base, r.campusIds.length ? inArray(s.campusId, r.campusIds) : sql`false`)! : base;
  if (r.kind === 'class') return and(base, eq(s.status, 'published'), reaches([r.cls]))!;
  const mine = r.classes.length ? inArray(s.classId, r.classes.map((c) => c.id)) : sql`false`;
  const published = and(eq(s.status, 'published'), sql`(${reaches(r.classes)} or (${s.scope} = 'campus' and ${r.campusIds.length ? inArray(s.campusId, r.campusIds) : sql`false`}))`);
  return and(base, sql`(${mine} or ${published})`)!;
}

export interface SampleFilter {
  keyword?: string;
  grade?: number;
  genre?: string;
  theme?: string;
  status?: string;
  taskId?: number;
  classId?: number;
  featured?: boolean;
}

function filtered(r: SampleReader, f: SampleFilter): SQL {
  const parts: SQL[] = [visibleTo(r)];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    parts.push(sql`(${s.title} ilike ${like} or ${s.abstract} ilike ${like} or ${tasks.title} ilike ${like} or ${students.name} ilike ${like})`);
  }
  if (f.grade !== undefined) parts.push(eq(s.grade, f.grade));
  if (f.genre) parts.push(eq(s.genre, f.genre));
  if (f.theme) parts.push(sql`${f.theme} = any(${s.themes})`);
  if (f.status) parts.push(eq(s.status, f.status));
  if (f.taskId !== undefined) parts.push(eq(s.taskId, f.taskId));
  if (f.classId !== undefined) parts.push(eq(s.classId, f.classId));
  if (f.featured !== undefined) parts.push(eq(s.featured, f.featured));
  return and(...parts)!;
}

const summaryColumns = (readerKey: string) => ({
  s,
  studentName: students.name,
  className: classes.name,
  taskTitle: tasks.title,
  teacherScore: essays.teacherScore,
  proposedBy: proposer.teacherName,
  liked: sql<boolean>`exists (select 1 from excellent_sample_likes l where l.sample_id = ${s.id} and l.reader_key = ${readerKey})`,
});

function summaries(db: Executor, readerKey: string) {
  return db
    .select(summaryColumns(readerKey))
    .from(s)
    .innerJoin(students, eq(students.id, s.studentId))
    .innerJoin(classes, eq(classes.id, s.classId))
    .innerJoin(tasks, eq(tasks.id, s.taskId))
    .innerJoin(essays, eq(essays.id, s.essayId))
    .innerJoin(proposer, eq(proposer.id, s.proposedByIdentityId));
}
export type SampleSummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

/** SQL of the sample essays (the only place). Callers resolve who reads first. */
export const samplesRepo = {
  /** The essay to propose, with its class (campus, grade), task and student; null when gone. */
  async essayForProposal(db: Executor, schoolId: number, essayId: number) {
    const [row] = await db
      .select({ e: essays, cls: classes, task: tasks, studentName: students.name })
      .from(essays)
      .innerJoin(classes, eq(classes.id, essays.classId))
      .innerJoin(tasks, eq(tasks.id, essays.taskId))
      .innerJoin(students, eq(students.id, essays.studentId))
      .where(and(eq(essays.schoolId, schoolId), eq(essays.id, essayId), isNull(essays.deletedAt)));
    return row;
  },
  async liveOfEssay(db: Executor, essayId: number): Promise<SampleRow | undefined> {
    const [row] = await db.select().from(s).where(and(eq(s.essayId, essayId), isNull(s.deletedAt)));
    return row;
  },
  async insert(db: Executor, values: typeof s.$inferInsert): Promise<SampleRow> {
    const [row] = await db.insert(s).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof s.$inferInsert>): Promise<void> {
    await db.update(s).set({ ...patch, updatedAt: sql`now()` }).where(eq(s.id, id));
  },
  /** A live sample of the school, locked for the rest of the transaction when asked. */
  async find(db: Executor, schoolId: number, id: number, lock = false): Promise<SampleRow | undefined> {
    const q = db.select().from(s).where(and(eq(s.schoolId, schoolId), eq(s.id, id), isNull(s.deletedAt)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /** The sample as this reader may see it, with names and the essay's text and comment. */
  async detail(db: Executor, r: SampleReader, id: number) {
    const [row] = await summaries(db, r.readerKey)
      .where(and(visibleTo(r), eq(s.id, id)))
      .limit(1);
    if (!row) return undefined;
    const [extra] = await db
      .select({ review: essayReviews.transcript, comment: essayReviews.teacherComment, ai: corrections.transcript, checkedBy: checker.teacherName })
      .from(s)
      .leftJoin(essayReviews, eq(essayReviews.essayId, s.essayId))
      .leftJoin(corrections, eq(corrections.essayId, s.essayId))
      .leftJoin(checker, eq(checker.id, s.checkedByIdentityId))
      .where(eq(s.id, id));
    return { ...row, transcript: extra?.review ?? extra?.ai ?? '', teacherComment: extra?.comment ?? '', checkedBy: extra?.checkedBy ?? null };
  },
  async list(db: Executor, r: SampleReader, f: SampleFilter, sort: 'date' | 'likes', page: { pageNum: number; pageSize: number }) {
    const where = filtered(r, f);
    const order = sort === 'likes' ? [desc(s.likeCount), desc(sql`coalesce(${s.publishedAt}, ${s.createdAt})`), desc(s.id)] : [desc(sql`coalesce(${s.publishedAt}, ${s.createdAt})`), desc(s.id)];
    const rows = await summaries(db, r.readerKey)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize);
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(s)
      .innerJoin(students, eq(students.id, s.studentId))
      .innerJoin(tasks, eq(tasks.id, s.taskId))
      .where(where);
    return { rows, total };
  },
  /** Published samples per grade and per genre, for the home page's filters. */
  async counts(db: Executor, r: SampleReader) {
    const where = and(visibleTo(r), eq(s.status, 'published'));
    const grades = await db.select({ grade: s.grade, count: sql<number>`count(*)::int` }).from(s).where(where).groupBy(s.grade).orderBy(asc(s.grade));
    const genres = await db.select({ genre: s.genre, count: sql<number>`count(*)::int` }).from(s).where(where).groupBy(s.genre).orderBy(desc(sql`count(*)`), asc(s.genre));
    return { grades, genres };
  },
  /** One like per reader: true when this reader had not liked the sample yet. */
  async like(db: Executor, sampleId: number, readerKey: string): Promise<boolean> {
    const added = await db.insert(excellentSampleLikes).values({ sampleId, readerKey }).onConflictDoNothing().returning();
    if (!added.length) return false;
    await db.update(s).set({ likeCount: sql`${s.likeCount} + 1` }).where(eq(s.id, sampleId));
    return true;
  },
  async likeCount(db: Executor, sampleId: number): Promise<number> {
    const [row] = await db.select({ n: s.likeCount }).from(s).where(eq(s.id, sampleId));
    return row?.n ?? 0;
  },
  /**
   * Approved essays of the most recent tasks of these classes, with their scores, for the AI's
   * suggestions; essays that already are samples are left out.
   */
  async approvedOfRecentTasks(db: Executor, schoolId: number, classIds: number[], since: Date, taskLimit: number) {
    if (!classIds.length) return [];
    const recent = await db
      .select({ id: tasks.id, releaseAt: tasks.releaseAt })
      .from(tasks)
      .where(and(eq(tasks.schoolId, schoolId), isNull(tasks.deletedAt), gte(tasks.releaseAt, since), sql`exists (select 1 from task_classes tc where tc.task_id = ${tasks.id} and tc.class_id in (${ints(classIds)}))`))
      .orderBy(desc(tasks.releaseAt), desc(tasks.id))
      .limit(taskLimit);
    if (!recent.length) return [];
    return db
      .select({ e: essays, taskTitle: tasks.title, className: classes.name, studentName: students.name, result: corrections.result, sampled: sql<boolean>`exists (select 1 from excellent_samples x where x.essay_id = ${essays.id} and x.deleted_at is null)` })
      .from(essays)
      .innerJoin(tasks, eq(tasks.id, essays.taskId))
      .innerJoin(classes, eq(classes.id, essays.classId))
      .innerJoin(students, eq(students.id, essays.studentId))
      .leftJoin(corrections, eq(corrections.essayId, essays.id))
      .where(and(inArray(essays.taskId, recent.map((t) => t.id)), inArray(essays.classId, classIds), eq(essays.status, 'approved'), isNull(essays.deletedAt)))
      .orderBy(desc(tasks.releaseAt), asc(essays.id));
  },

  async identityCampus(db: Executor, identityId: number): Promise<number | null> {
    const [row] = await db.select({ campusId: identities.campusId }).from(identities).where(eq(identities.id, identityId));
    return row?.campusId ?? null;
  },
  async essayStatus(db: Executor, essayId: number): Promise<string | null> {
    const [row] = await db.select({ status: essays.status }).from(essays).where(and(eq(essays.id, essayId), isNull(essays.deletedAt)));
    return row?.status ?? null;
  },
  /** The AI's overall comment on the essay (the sample's AI review starts from it). */
  async aiOverall(db: Executor, essayId: number): Promise<string | null> {
    const [row] = await db.select({ overall: sql<string | null>`${corrections.result} -> 'comments' ->> 'overall'` }).from(corrections).where(eq(corrections.essayId, essayId));
    return row?.overall ?? null;
  },

  // ----- for other areas (documented in docs/samples.md) -----

  /** Growth record "times named excellent sample": published samples per student (product-rules.md#entities). */
  async timesNamedPerStudent(db: Executor, schoolId: number, studentIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!studentIds.length) return out;
    const rows = await db
      .select({ studentId: s.studentId, n: sql<number>`count(*)::int` })
      .from(s)
      .where(and(eq(s.schoolId, schoolId), inArray(s.studentId, studentIds), eq(s.status, 'published'), isNull(s.deletedAt)))
      .groupBy(s.studentId);
    for (const r of rows) out.set(r.studentId, r.n);
    return out;
  },
  /** A task's samples (any status) for the class report, optionally of one class. */
  ofTask(db: Executor, schoolId: number, taskId: number, classId?: number) {
    return db
      .select({ id: s.id, essayId: s.essayId, classId: s.classId, studentId: s.studentId, studentName: students.name, title: s.title, status: s.status, scope: s.scope, likeCount: s.likeCount, publishedAt: s.publishedAt })
      .from(s)
      .innerJoin(students, eq(students.id, s.studentId))
      .where(and(eq(s.schoolId, schoolId), eq(s.taskId, taskId), isNull(s.deletedAt), ...(classId !== undefined ? [eq(s.classId, classId)] : [])))
      .orderBy(asc(s.classId), asc(s.id));
  },
};
