// AI correction of essays: the trigger (requestCorrection: the teacher's delay, dedupe, statuses), the
// `ai-correction` job handler (pages → correctEssay → results in one transaction) and the reads and
// teacher actions behind workManager/correction/*.
import sharp from 'sharp';
import { correctEssay, CorrectionInputError, flagLabel, resolveStandard, type CorrectEssayInput, type EssayCorrection, type FlagHit, type ScoreType } from '../../correction/index';
import type { Executor } from '../db/database';
import { badRequest, notFound } from '../errors';
import { enqueueJob, latestJobByKey } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import { classesRepo } from '../repositories/classes';
import { correctionsRepo, type EssayRow } from '../repositories/corrections';
import { essaysRepo } from '../repositories/essays';
import { reviewsRepo, type ReviewRow } from '../repositories/reviews';
import type { AuthContext } from './auth-context';
import { requireAny } from './access';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { notifyAiFinished } from './teacher-notifications';

export const AI_CORRECTION_JOB = 'ai-correction';
/** Attempts per correction job (model-service outages are retried with the job's backoff). */
export const AI_CORRECTION_ATTEMPTS = 6;
export const DEFAULT_WAIT_SECONDS = 60;

export type CorrectionReason = 'upload' | 'rerun' | 'insist' | 'seed';
export const essayJobKey = (essayId: number) => `essay:${essayId}`;

export interface RequestResult {
  queued: boolean;
  /** why nothing was queued: automatic review is off (teacher starts it), or the essay is abnormal */
  why?: 'manual' | 'abnormal';
  jobId?: number;
  runAt?: Date;
}

/**
 * Queues the AI correction of an essay. `upload` waits the task creator's delay (auto_correction_settings,
 * default 60 s) and does nothing when automatic review is off or the essay is abnormal without
 * insistCorrect; `rerun`, `insist` and `seed` (the demo essays at first start) start at once (`insist`
 * sets insistCorrect). Approved essays are
 * refused. One job per essay at a time (dedupe key essay:<id>). Pass `now` from deps.now().
 */
export async function requestCorrection(db: Executor, essayId: number, opts: { reason: CorrectionReason; now?: Date }): Promise<RequestResult> {
  const now = opts.now ?? new Date();
  const run = async (tx: Executor): Promise<RequestResult> => {
    const essay = await correctionsRepo.essay(tx, essayId, true);
    if (!essay) throw notFound();
    if (essay.status === 'approved') throw badRequest('ESSAY_APPROVED', 'correction.cancelApprovalFirst');
    const insist = essay.insistCorrect || opts.reason === 'insist';
    let runAt = now;
    if (opts.reason === 'upload') {
      if (essay.status === 'abnormal' && !insist) return { queued: false, why: 'abnormal' };
      const info = await correctionsRepo.taskFor(tx, essay.taskId);
      if (info?.delay && !info.delay.enabled) return { queued: false, why: 'manual' };
      runAt = new Date(now.getTime() + (info?.delay?.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000);
    }
    // A revision-requested essay keeps that status while the AI runs (the request is what the lists show).
    const keep = essay.status === 'revision_requested';
    await correctionsRepo.updateEssay(tx, essayId, { ...(keep ? {} : { status: 'awaiting_ai' }), ...(opts.reason === 'insist' ? { insistCorrect: true } : {}) }, now);
    await correctionsRepo.markQueued(tx, essayId, now);
    const job = await enqueueJob(tx, { kind: AI_CORRECTION_JOB, payload: { essayId, reason: opts.reason }, runAt, dedupeKey: essayJobKey(essayId), maxAttempts: AI_CORRECTION_ATTEMPTS }, now);
    return { queued: true, jobId: job.id, runAt };
  };
  // A savepoint inside a caller's transaction (intake), or our own transaction.
  return (db as { transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T> }).transaction(run);
}

/** Task fields → correctEssay input (standard: levelType → score type, levelDim → dimensions). */
export function taskInput(info: NonNullable<Awaited<ReturnType<typeof correctionsRepo.taskFor>>>, fallback: Awaited<ReturnType<typeof correctionsRepo.defaultStandard>>): Omit<CorrectEssayInput, 'images'> {
  const { task } = info;
  const standard = info.standard ?? fallback;
  const base: Omit<CorrectEssayInput, 'images'> = {
    title: task.title,
    grade: task.grade,
    genre: task.genre,
    requirements: task.requirements,
    difficulty: standard ? (standard.difficulty === 1 ? 1 : 0) : task.difficulty === 'hard' ? 1 : 0,
    lang: 'zh',
  };
  if (!standard) return base;
  const withStandard = { ...base, scoreType: standard.levelType as ScoreType, dimensions: standard.levelDim.split(/[,，]/).map((d) => d.trim()).filter(Boolean) };
  try {
    resolveStandard({ ...withStandard, transcript: '' });
    return withStandard;
  } catch (err) {
    // A standard the engine cannot read (unknown dimension names): score with the type's defaults.
    if (err instanceof CorrectionInputError) return { ...base, scoreType: standard.levelType as ScoreType };
    throw err;
  }
}

/** The page image as the teacher turned it (clockwise rotation), EXIF orientation applied first. */
async function pageImage(bytes: Buffer, rotation: number): Promise<Uint8Array> {
  if (!rotation) return bytes;
  return sharp(bytes).autoOrient().rotate(rotation).png({ compressionLevel: 1 }).toBuffer();
}

/** Essay status after a correction: poems are done without a score; any flag makes it abnormal unless the teacher insisted; a failed model service always does (it is retried). */
export function statusAfter(result: Pick<EssayCorrection, 'status' | 'flags'>, insistCorrect: boolean): 'ai_done' | 'abnormal' {
  if (result.flags.some((f) => f.code === 'AI_SERVICE_FAILED')) return 'abnormal';
  if (result.status === 'unsupported') return 'ai_done';
  if (result.status === 'failed') return insistCorrect ? 'ai_done' : 'abnormal';
  return result.flags.length && !insistCorrect ? 'abnormal' : 'ai_done';
}

const storedFlags = (flags: FlagHit[]) => flags.map(({ code, label, evidence, ranges, page, boxes }) => ({ code, label, evidence, ranges, ...(page !== undefined ? { page } : {}), ...(boxes ? { boxes } : {}) }));

/** Handler of `ai-correction` jobs: { essayId }. */
export function aiCorrectionHandler(deps: Pick<ServiceDeps, 'db' | 'now' | 'storage' | 'ocr' | 'modelService'>): JobHandler {
  const { db, now } = deps;
  return async (ctx) => {
    const essayId = Number((ctx.job.payload as { essayId?: unknown }).essayId);
    const reason = String((ctx.job.payload as { reason?: unknown }).reason ?? 'upload');
    const finished = (tx: Executor) => notifyAiFinished(tx, { essayId, jobId: ctx.job.id, reason, now: now() });
    const essay = await correctionsRepo.essay(db, essayId);
    // Deleted or approved meanwhile: nothing to do.
    if (!essay || essay.status === 'approved') return;
    await db.transaction(async (tx) => {
      await correctionsRepo.markRunning(tx, essayId, now());
      if (essay.status !== 'revision_requested') await correctionsRepo.updateEssay(tx, essayId, { status: 'ai_running' }, now());
    });
    let result: EssayCorrection;
    try {
      const info = await correctionsRepo.taskFor(db, essay.taskId);
      if (!info) throw new Error(`task ${essay.taskId} of essay ${essayId} not found`);
      const input = taskInput(info, info.standard ? undefined : await correctionsRepo.defaultStandard(db));
      const pages = await correctionsRepo.pages(db, essayId);
      const images: Uint8Array[] = [];
      for (const p of pages) images.push(await pageImage(await deps.storage.get(p.storageKey), p.rotation));
      await ctx.reportProgress(10);
      result = await correctEssay({ ...input, images }, { ...(deps.ocr ? { ocr: deps.ocr } : {}), ...(deps.modelService ? { modelService: deps.modelService } : {}), signal: ctx.signal });
      await ctx.reportProgress(90);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const last = ctx.job.attempts >= ctx.job.maxAttempts;
      // Never lose the essay: between attempts it waits for the AI again; after the last one it is abnormal with the reason.
      await db.transaction(async (tx) => {
        const current = await correctionsRepo.essay(tx, essayId, true);
        if (!current) return;
        await correctionsRepo.setError(tx, essayId, last ? 'failed' : 'queued', message, now());
        const flag = { code: 'RENDER_FAILED' as const, label: flagLabel('RENDER_FAILED', 'zh'), evidence: `AI 批改失败：${message}`, ranges: [] };
        const requested = current.status === 'revision_requested';
        await correctionsRepo.updateEssay(tx, essayId, last ? { ...(requested ? {} : { status: 'abnormal' }), flags: [flag] } : requested ? {} : { status: 'awaiting_ai' }, now());
        if (last) await finished(tx);
      });
      throw err;
    }

    const serviceFailed = result.flags.some((f) => f.code === 'AI_SERVICE_FAILED');
    const engine = result.service?.ok && deps.modelService ? `model:${result.service.model}` : 'local';
    const { pages: _pages, ...rest } = result;
    const stored = { ...rest, pages: result.pages.map((p) => ({ index: p.index, ok: p.ok, width: p.width, height: p.height, layout: p.layout, skewDegrees: p.skewDegrees, upsideDown: p.upsideDown, confidence: p.confidence, pageNumber: p.pageNumber, lines: p.lines })) };
    await db.transaction(async (tx) => {
      const current = await correctionsRepo.essay(tx, essayId, true);
      if (serviceFailed) await ctx.holdLease(tx);
      else await ctx.completeIn(tx);
      // Deleted or approved while the AI ran: the job is over, the essay is left as the teacher has it.
      if (!current || current.status === 'approved') return;
      await correctionsRepo.saveResult(tx, essayId, { status: 'done', transcript: result.transcript, result: stored, engine, error: serviceFailed ? (result.service?.error ?? 'AI service call failed') : null }, now());
      await correctionsRepo.updateEssay(
        tx,
        essayId,
        { status: current.status === 'revision_requested' ? 'revision_requested' : statusAfter(result, current.insistCorrect), flags: storedFlags(result.flags), aiScore: result.score ? result.score.label : null, wordCount: result.wordCount },
        now(),
      );
      // The teacher hears of it once the job is over: now, or after the model service's last retry.
      if (!serviceFailed || ctx.job.attempts >= ctx.job.maxAttempts) await finished(tx);
    });
    // The local result is stored and visible; the model review is tried again with the job's backoff.
    if (serviceFailed) throw new Error(`model service failed: ${result.service?.error ?? 'unknown'}`);
  };
}

/** Whether the teacher has edited the review of an essay (anything a re-run would overwrite or discard). */
export function teacherEdited(review: ReviewRow | undefined): boolean {
  if (!review) return false;
  return review.transcript !== null || review.teacherComment.trim() !== '' || (review.dimensionScores as unknown[]).length > 0 || (review.annotations as unknown[]).length > 0;
}

/** The reads and teacher actions of workManager/correction/*, scoped to the caller's classes. */
export function correctionService(deps: ServiceDeps) {
  const { db } = deps;

  async function visibleEssay(auth: AuthContext, essayId: number): Promise<EssayRow> {
    requireAny(auth, ['class', 'query'], ['task', 'query'], ['headmaster', 'query']);
    const essay = await correctionsRepo.essay(db, essayId);
    if (!essay || essay.schoolId !== auth.school.id) throw notFound();
    const allowed = await classesRepo.allowedIds(db, visibleClasses(auth), [essay.classId]);
    if (!allowed.length) throw notFound();
    return essay;
  }

  async function jobView(essayId: number) {
    const job = await latestJobByKey(db, essayJobKey(essayId));
    if (!job) return null;
    return { id: job.id, status: job.status as 'queued' | 'running' | 'done' | 'failed', progress: job.progress, attempts: job.attempts, maxAttempts: job.maxAttempts, runAt: job.runAt.toISOString(), lastError: job.lastError, finishedAt: job.finishedAt?.toISOString() ?? null };
  }

  return {
    async get(auth: AuthContext, essayId: number) {
      const essay = await visibleEssay(auth, essayId);
      const row = await correctionsRepo.get(db, essayId);
      const r = (row?.result ?? null) as (Omit<EssayCorrection, 'pages'> & { pages: unknown[] }) | null;
      return {
        essayId,
        essayStatus: essay.status,
        status: (row?.status ?? 'none') as 'none' | 'queued' | 'running' | 'done' | 'failed',
        insistCorrect: essay.insistCorrect,
        aiScore: essay.aiScore,
        teacherScore: essay.teacherScore,
        wordCount: essay.wordCount,
        flags: essay.flags as FlagHit[],
        engine: row?.engine ?? null,
        error: row?.error ?? null,
        transcript: row?.transcript ?? null,
        result: r
          ? {
              status: r.status,
              message: r.message ?? null,
              title: r.title,
              grade: r.grade,
              genre: r.genre,
              wordCount: r.wordCount,
              score: r.score ?? null,
              comments: r.comments,
              notes: r.notes,
              flags: r.flags,
              ocr: r.ocr,
              service: r.service ?? null,
              pages: r.pages,
              analysis: r.analysis,
            }
          : null,
        attempts: row?.attempts ?? 0,
        startedAt: row?.startedAt?.toISOString() ?? null,
        finishedAt: row?.finishedAt?.toISOString() ?? null,
        updatedAt: row?.updatedAt?.toISOString() ?? null,
        job: await jobView(essayId),
      };
    },
    async job(auth: AuthContext, essayId: number) {
      const essay = await visibleEssay(auth, essayId);
      const job = await jobView(essayId);
      return { essayId, essayStatus: essay.status, job };
    },
    async rerun(auth: AuthContext, essayId: number, confirmOverwrite: boolean) {
      requireAny(auth, ['task', 'edit'], ['class', 'edit']);
      const essay = await visibleEssay(auth, essayId);
      if (essay.status === 'approved') throw badRequest('ESSAY_APPROVED', 'correction.cancelApprovalFirst');
      // Any teacher edit (score, comment, dimension scores, annotations, corrected transcript) needs confirming.
      const edited = essay.teacherScore !== null || teacherEdited(await reviewsRepo.get(db, essayId));
      if (edited && !confirmOverwrite) throw badRequest('CONFIRM_OVERWRITE', 'correction.confirmOverwrite');
      const r = await db.transaction(async (tx) => {
        // The essay row first, as approval and saving lock it: otherwise a re-run clearing the review
        // while an approval writes it deadlock. Approved or edited meanwhile: refused as above.
        const locked = await correctionsRepo.essay(tx, essayId, true);
        if (!locked) throw notFound();
        if (locked.status === 'approved') throw badRequest('ESSAY_APPROVED', 'correction.cancelApprovalFirst');
        if (!edited && !confirmOverwrite && (locked.teacherScore !== null || teacherEdited(await reviewsRepo.get(tx, essayId)))) throw badRequest('CONFIRM_OVERWRITE', 'correction.confirmOverwrite');
        if (edited) {
          // The teacher's marks were made on the old result and go with it; the comment stays (docs/decisions.md).
          await reviewsRepo.clearForRerun(tx, essayId, deps.now());
          await essaysRepo.update(tx, essayId, { teacherScore: null });
        }
        return requestCorrection(tx, essayId, { reason: 'rerun', now: deps.now() });
      });
      return { essayId, queued: r.queued, jobId: r.jobId ?? null, runAt: r.runAt?.toISOString() ?? null };
    },
    async insist(auth: AuthContext, essayId: number) {
      requireAny(auth, ['task', 'edit'], ['class', 'edit']);
      const essay = await visibleEssay(auth, essayId);
      if (essay.status === 'approved') throw badRequest('ESSAY_APPROVED', 'correction.cancelApprovalFirst');
      if (essay.status !== 'abnormal') throw badRequest('ESSAY_NOT_ABNORMAL', 'correction.notAbnormal');
      const r = await requestCorrection(db, essayId, { reason: 'insist', now: deps.now() });
      return { essayId, queued: r.queued, jobId: r.jobId ?? null, runAt: r.runAt?.toISOString() ?? null };
    },
  };
}
export type CorrectionService = ReturnType<typeof correctionService>;
