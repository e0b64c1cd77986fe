import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedPerDatabase } from './prepared-per-database';
import { autoCorrectionSettings, corrections, essayPages, essays, files, scoringStandards, tasks } from '../db/schema';

export type CorrectionRow = typeof corrections.$inferSelect;
export type EssayRow = typeof essays.$inferSelect;

/** SQL of the AI correction: the corrections row, and the essay fields the AI owns (status, flags, aiScore, wordCount). */
export const correctionsRepo = {
  async essay(db: Executor, essayId: number, forUpdate = false): Promise<EssayRow | undefined> {
    const q = db
      .select()
      .from(essays)
      .where(and(eq(essays.id, essayId), isNull(essays.deletedAt)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },
  /** The task of an essay with its scoring standard and the creator's AI review delay setting. */
  async taskFor(db: Executor, taskId: number) {
    const [row] = await taskForStatement(db).execute({ taskId });
    return row;
  },
  /** The product's default scoring standard (no school), used when a task names none. */
  async defaultStandard(db: Executor) {
    const [row] = await defaultStandardStatement(db).execute();
    return row;
  },
  /** Pages in order with their stored file. */
  async pages(db: Executor, essayId: number) {
    return db
      .select({ pageNo: essayPages.pageNo, rotation: essayPages.rotation, fileId: files.id, storageKey: files.storageKey, mime: files.mime, width: files.width, height: files.height })
      .from(essayPages)
      .innerJoin(files, eq(files.id, essayPages.fileId))
      .where(eq(essayPages.essayId, essayId))
      .orderBy(asc(essayPages.pageNo), asc(essayPages.id));
  },
  async get(db: Executor, essayId: number): Promise<CorrectionRow | undefined> {
    const [row] = await correctionStatement(db).execute({ essayId });
    return row;
  },
  /** Queued again: the previous result stays readable until the new one replaces it. */
  async markQueued(db: Executor, essayId: number, now: Date): Promise<void> {
    await db
      .insert(corrections)
      .values({ essayId, status: 'queued', updatedAt: now })
      .onConflictDoUpdate({ target: corrections.essayId, set: { status: 'queued', error: null, updatedAt: now } });
  },
  async markRunning(db: Executor, essayId: number, now: Date): Promise<void> {
    await db
      .insert(corrections)
      .values({ essayId, status: 'running', attempts: 1, startedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: corrections.essayId, set: { status: 'running', attempts: sql`${corrections.attempts} + 1`, startedAt: now, updatedAt: now } });
  },
  /** Replaces the AI result as a whole. */
  async saveResult(db: Executor, essayId: number, v: { status: 'done' | 'failed'; transcript: string | null; result: unknown; engine: string; error: string | null }, now: Date): Promise<void> {
    const set = { status: v.status, transcript: v.transcript, result: v.result as object, engine: v.engine, error: v.error, finishedAt: now, updatedAt: now };
    await db
      .insert(corrections)
      .values({ essayId, ...set })
      .onConflictDoUpdate({ target: corrections.essayId, set });
  },
  async setError(db: Executor, essayId: number, status: 'queued' | 'failed', error: string, now: Date): Promise<void> {
    await db.update(corrections).set({ status, error: error.slice(0, 2000), updatedAt: now }).where(eq(corrections.essayId, essayId));
  },
  /** The AI's fields of the essay only; teacher fields (teacherScore, auditAt) are never written here. */
  async updateEssay(db: Executor, essayId: number, patch: Partial<Pick<EssayRow, 'status' | 'flags' | 'aiScore' | 'wordCount' | 'insistCorrect'>>, now: Date): Promise<void> {
    await db
      .update(essays)
      .set({ ...patch, updatedAt: now })
      .where(eq(essays.id, essayId));
  },
};

// read by the correction screen on every open: prepared once per database
const correctionStatement = preparedPerDatabase((db: Executor) => db.select().from(corrections).where(eq(corrections.essayId, sql.placeholder('essayId'))).prepare('zp_correction_get'));
// the correction screen reads the task's scoring on every open, the correction job on every run
const taskForStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({
      task: tasks,
      standard: scoringStandards,
      delay: { enabled: autoCorrectionSettings.enabled, waitSeconds: autoCorrectionSettings.waitSeconds },
    })
    .from(tasks)
    .leftJoin(scoringStandards, eq(scoringStandards.id, tasks.scoringStandardId))
    .leftJoin(autoCorrectionSettings, eq(autoCorrectionSettings.identityId, tasks.creatorIdentityId))
    .where(eq(tasks.id, sql`${sql.placeholder('taskId')}::int`))
    .prepare('zp_correction_task_for'),
);
const defaultStandardStatement = preparedPerDatabase((db: Executor) =>
  db
    .select()
    .from(scoringStandards)
    .where(and(isNull(scoringStandards.schoolId), eq(scoringStandards.isDefault, true)))
    .limit(1)
    .prepare('zp_default_standard'),
);
