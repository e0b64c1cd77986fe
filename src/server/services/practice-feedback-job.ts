// The `practice-feedback` job: a student's practice attempt through the local correction engine
// (typed text → correctText; photos → correctEssay with OCR), then the feedback written at once —
// practice needs no teacher approval. Queued with no delay when the student submits.
import { correctEssay, correctText } from '../../correction/index';
import type { Executor } from '../db/database';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import { filesRepo } from '../repositories/files';
import { practiceRepo } from '../repositories/practice';
import type { ServiceDeps } from './deps';
import { buildFeedback } from './practice-feedback';

export const PRACTICE_FEEDBACK_JOB = 'practice-feedback';
export const PRACTICE_FEEDBACK_ATTEMPTS = 3;

/** Queues the feedback of an attempt (inside the submission's transaction). */
export async function enqueuePracticeFeedback(tx: Executor, attemptId: number, now: Date) {
  return enqueueJob(tx, { kind: PRACTICE_FEEDBACK_JOB, payload: { attemptId }, dedupeKey: `practice-attempt:${attemptId}`, maxAttempts: PRACTICE_FEEDBACK_ATTEMPTS }, now);
}

export function practiceFeedbackHandler(deps: Pick<ServiceDeps, 'db' | 'now' | 'storage' | 'ocr'>): JobHandler {
  const { db, now } = deps;
  return async (ctx) => {
    const attemptId = Number((ctx.job.payload as { attemptId?: unknown }).attemptId);
    const attempt = await practiceRepo.attempt(db, attemptId);
    if (!attempt) return;
    const found = await practiceRepo.find(db, attempt.schoolId, attempt.practiceId);
    if (!found) return;
    const p = found.p;
    await practiceRepo.updateAttempt(db, attemptId, { status: 'running' }, now());
    // scored against the practice's own length target, not the grade's full essay length
    const input = { title: p.title, grade: p.grade, lengthTarget: p.minWords, ...(p.genre ? { genre: p.genre } : {}), lang: 'zh' as const };
    try {
      let result: Awaited<ReturnType<typeof correctText>>;
      let transcript = attempt.text;
      if (attempt.source === 'typed') {
        result = await correctText({ ...input, transcript: attempt.text });
      } else {
        const rows = await filesRepo.findMany(db, attempt.schoolId, attempt.fileIds);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const images: Uint8Array[] = [];
        for (const id of attempt.fileIds) images.push(await deps.storage.get(byId.get(id)!.storageKey));
        await ctx.reportProgress(10);
        const read = await correctEssay({ ...input, images }, { ...(deps.ocr ? { ocr: deps.ocr } : {}), signal: ctx.signal });
        result = read;
        transcript = read.transcript;
      }
      const feedback = buildFeedback(result, p, 'local');
      await db.transaction(async (tx) => {
        await ctx.completeIn(tx);
        await practiceRepo.updateAttempt(
          tx,
          attemptId,
          { status: 'done', feedback, scorePercent: feedback.scorePercent, wordCount: result.wordCount, error: null, feedbackAt: now(), text: transcript },
          now(),
        );
      });
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      const last = ctx.job.attempts >= ctx.job.maxAttempts;
      await practiceRepo.updateAttempt(db, attemptId, { status: last ? 'failed' : 'queued', error: err instanceof Error ? err.message : String(err) }, now());
      throw err;
    }
  };
}
