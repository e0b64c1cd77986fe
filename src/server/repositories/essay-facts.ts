import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, corrections, essayFacts, essayFactsWatermarks, essayReviews, essays, tasks } from '../db/schema';
import type { ResultParts } from './writing-statistics';

export type EssayFactRow = typeof essayFacts.$inferInsert;

/** SQL that keeps essay_facts current: essays changed since the school's watermark, in (updated_at, id) order. */
export const essayFactsRepo = {
  async watermark(db: Executor, schoolId: number): Promise<Date | null> {
    const [row] = await db.select().from(essayFactsWatermarks).where(eq(essayFactsWatermarks.schoolId, schoolId));
    return row?.watermark ?? null;
  },
  async setWatermark(db: Executor, schoolId: number, at: Date): Promise<void> {
    await db
      .insert(essayFactsWatermarks)
      .values({ schoolId, watermark: at })
      .onConflictDoUpdate({ target: essayFactsWatermarks.schoolId, set: { watermark: sql`greatest(${essayFactsWatermarks.watermark}, excluded.watermark)` } });
  },
  /**
   * The next batch of the school's essays updated at or after `after` (keyset on updated_at, id),
   * skipping those whose fact was already built from the same updated_at.
   */
  changed(db: Executor, schoolId: number, after: { at: Date; id: number } | null, limit: number) {
    const keyset = after
      ? or(gt(essays.updatedAt, after.at), and(eq(essays.updatedAt, after.at), gt(essays.id, after.id)))
      : undefined;
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
        updatedAt: essays.updatedAt,
        deletedAt: essays.deletedAt,
        factAt: essayFacts.sourceAt,
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
      .where(and(eq(essays.schoolId, schoolId), keyset, sql`${essayFacts.sourceAt} is distinct from ${essays.updatedAt}`))
      .orderBy(asc(essays.updatedAt), asc(essays.id))
      .limit(limit);
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
  /** Marks each student's highest live draft of a task as the latest, for the (task, student) pairs given. */
  async markLatest(db: Executor, pairs: { taskId: number; studentId: number }[]): Promise<void> {
    if (!pairs.length) return;
    const latest = sql`(${essayFacts.draft} = (select max(f2.draft) from essay_facts f2 where f2.task_id = ${essayFacts.taskId} and f2.student_id = ${essayFacts.studentId}))`;
    const list = sql.join(pairs.map((p) => sql`(${p.taskId}::int, ${p.studentId}::int)`), sql`, `);
    await db
      .update(essayFacts)
      .set({ isLatest: latest })
      .where(and(sql`(${essayFacts.taskId}, ${essayFacts.studentId}) in (values ${list})`, sql`${essayFacts.isLatest} is distinct from ${latest}`));
  },
};
export type ChangedEssayRow = Awaited<ReturnType<typeof essayFactsRepo.changed>>[number];
