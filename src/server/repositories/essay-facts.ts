import { and, asc, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { classes, corrections, essayFacts, essayFactsWatermarks, essayReviews, essays, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';
import type { ResultParts } from './writing-statistics';

/** A fact to write; sourceAt goes in as SQL (the exact updated_at, see exactAt). */
export type EssayFactRow = PgInsertValue<typeof essayFacts>;

/**
 * essays.updated_at carries microseconds and a JS Date only milliseconds: a time that goes to the
 * database and back through Date no longer equals the column. So the refresh carries it as this
 * exact UTC text (`…T…:SS.ffffffZ`) and casts it back in SQL.
 */
const exactAt = (col: typeof essays.updatedAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** Re-read this far behind the watermark: a transaction that committed late with an older updated_at. */
const OVERLAP = sql`interval '10 minutes'`;

/** The essays changed since `since` (all before the first refresh) after `afterId`: values or placeholders. */
function changedQuery(db: Executor, schoolId: number | SQL, since: string | SQL | null, afterId: number | SQL, limit: number | Placeholder) {
  return db
    .select({
      id: essays.id,
      campusId: classes.campusId,
      semesterId: classes.semesterId,
      grade: classes.grade,
      classId: essays.classId,
      taskId: essays.taskId,
      studentId: essays.studentId,
      teacherId: tasks.creatorIdentityId,
      approverId: essayReviews.approvedByIdentityId,
      draft: essays.draft,
      status: essays.status,
      flags: essays.flags,
      wordCount: essays.wordCount,
      aiScore: essays.aiScore,
      teacherScore: essays.teacherScore,
      submittedAt: essays.submittedAt,
      auditAt: essays.auditAt,
      updatedAt: exactAt(essays.updatedAt),
      deletedAt: essays.deletedAt,
      correctionStatus: corrections.status,
      score: sql<ResultParts['score']>`${corrections.result} -> 'score'`,
      notes: sql<ResultParts['notes']>`${corrections.result} -> 'notes'`,
      dimensionScores: essayReviews.dimensionScores,
      commented: sql<number>`case when length(trim(coalesce(${essayReviews.teacherComment}, ''))) > 0 then 1 else 0 end`.mapWith(Number),
      annotations: sql<number>`coalesce(jsonb_array_length(case when jsonb_typeof(${essayReviews.annotations}) = 'array' then ${essayReviews.annotations} end), 0)`.mapWith(Number),
    })
    .from(essays)
    .innerJoin(classes, eq(classes.id, essays.classId))
    .innerJoin(tasks, eq(tasks.id, essays.taskId))
    .leftJoin(corrections, eq(corrections.essayId, essays.id))
    .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
    .leftJoin(essayFacts, eq(essayFacts.essayId, essays.id))
    .where(
      and(
        eq(essays.schoolId, schoolId),
        since === null ? undefined : sql`${essays.updatedAt} >= ${since}::timestamptz - ${OVERLAP}`,
        gt(essays.id, afterId),
        sql`${essayFacts.sourceAt} is distinct from ${essays.updatedAt}`,
      ),
    )
    .orderBy(asc(essays.id))
    .limit(limit);
}

const ph = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const changedSubquery = (db: Executor, since: SQL | null) =>
  db
    .select({ one: sql`1` })
    .from(essays)
    .where(and(eq(essays.schoolId, ph('schoolId', 'int')), since === null ? undefined : sql`${essays.updatedAt} >= ${since}::timestamptz - ${OVERLAP}`))
    .limit(sql.placeholder('cap'))
    .as('changed');
// read by every dashboard request (the backlog check and the cache version): prepared once per database
const statements = {
  watermark: preparedPerDatabase((db: Executor) => db.select().from(essayFactsWatermarks).where(eq(essayFactsWatermarks.schoolId, ph('schoolId', 'int'))).prepare('zp_facts_watermark')),
  exactWatermark: preparedPerDatabase((db: Executor) =>
    db
      .select({ at: exactAt(essayFactsWatermarks.watermark as unknown as typeof essays.updatedAt) })
      .from(essayFactsWatermarks)
      .where(eq(essayFactsWatermarks.schoolId, ph('schoolId', 'int')))
      .prepare('zp_facts_exact_watermark'),
  ),
  backlogAll: preparedPerDatabase((db: Executor) => db.select({ n: sql<number>`count(*)::int` }).from(changedSubquery(db, null)).prepare('zp_facts_backlog_all')),
  backlogSince: preparedPerDatabase((db: Executor) => db.select({ n: sql<number>`count(*)::int` }).from(changedSubquery(db, ph('since', 'text'))).prepare('zp_facts_backlog_since')),
  changedSince: preparedPerDatabase((db: Executor) =>
    changedQuery(db, ph('schoolId', 'int'), ph('since', 'text'), ph('afterId', 'int'), sql.placeholder('limit')).prepare('zp_facts_changed_since'),
  ),
};

/** SQL that keeps essay_facts current: essays changed since the school's watermark, in id order. */
export const essayFactsRepo = {
  async watermark(db: Executor, schoolId: number): Promise<Date | null> {
    const [row] = await statements.watermark(db).execute({ schoolId });
    return row?.watermark ?? null;
  },
  /** The watermark as exact text (see exactAt), null before the first refresh. */
  async exactWatermark(db: Executor, schoolId: number): Promise<string | null> {
    const [row] = await statements.exactWatermark(db).execute({ schoolId });
    return row?.at ?? null;
  },
  /** How many of the school's essays changed since the watermark, counted up to `cap` (indexed by school and updated_at). */
  async backlog(db: Executor, schoolId: number, since: string | null, cap: number): Promise<number> {
    const [row] = since === null ? await statements.backlogAll(db).execute({ schoolId, cap }) : await statements.backlogSince(db).execute({ schoolId, since, cap });
    return row?.n ?? 0;
  },
  async setWatermark(db: Executor, schoolId: number, exactTime: string): Promise<void> {
    await db
      .insert(essayFactsWatermarks)
      .values({ schoolId, watermark: sql`${exactTime}::timestamptz` })
      .onConflictDoUpdate({ target: essayFactsWatermarks.schoolId, set: { watermark: sql`greatest(${essayFactsWatermarks.watermark}, excluded.watermark)` } });
  },
  /**
   * The next batch of the school's essays whose fact is missing or was built from another updated_at,
   * among those updated since `since` less the overlap (all of them before the first refresh), in id
   * order after `afterId`: one pass over the primary key, whatever the spread of updated_at.
   */
  changed(db: Executor, schoolId: number, since: string | null, afterId: number, limit: number) {
    // every dashboard request asks for what changed since the watermark: that form is prepared
    if (since !== null) return statements.changedSince(db).execute({ schoolId, since, afterId, limit });
    return changedQuery(db, schoolId, null, afterId, limit);
  },
  async upsert(db: Executor, rows: EssayFactRow[]): Promise<void> {
    if (!rows.length) return;
    const cols = Object.keys(rows[0]!).filter((k) => k !== 'essayId') as (keyof EssayFactRow)[];
    const set = Object.fromEntries(cols.map((k) => [k, sql.raw(`excluded.${essayFacts[k as 'schoolId'].name}`)]));
    await db.insert(essayFacts).values(rows).onConflictDoUpdate({ target: essayFacts.essayId, set });
  },
  async remove(db: Executor, essayIds: number[]): Promise<void> {
    if (essayIds.length) await db.delete(essayFacts).where(inArray(essayFacts.essayId, essayIds));
  },
  /**
   * Marks each student's highest live draft of a task as the latest, for the (task, student) pairs
   * given: one statement, the pairs passed as two arrays.
   */
  async markLatest(db: Executor, pairs: { taskId: number; studentId: number }[]): Promise<void> {
    if (!pairs.length) return;
    const taskIds = `{${pairs.map((p) => p.taskId).join(',')}}`;
    const studentIds = `{${pairs.map((p) => p.studentId).join(',')}}`;
    await db.execute(sql`
      update essay_facts f set is_latest = (f.draft = m.max_draft)
      from (select g.task_id, g.student_id, max(g.draft) as max_draft
            from essay_facts g
            join unnest(${taskIds}::int[], ${studentIds}::int[]) as p(task_id, student_id)
              on p.task_id = g.task_id and p.student_id = g.student_id
            group by g.task_id, g.student_id) m
      where f.task_id = m.task_id and f.student_id = m.student_id and f.is_latest is distinct from (f.draft = m.max_draft)`);
  },
};
export type ChangedEssayRow = Awaited<ReturnType<typeof essayFactsRepo.changed>>[number];
