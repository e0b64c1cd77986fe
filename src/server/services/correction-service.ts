// AI correction of essays: the trigger (requestCorrection: the teacher's delay, dedupe, statuses), the
// `ai-correction` job handler (pages → correctEssay → results in one transaction) and the reads and
// teacher actions behind workManager/correction/*.
import sharp from 'sharp';
import { correctEssay, CorrectionInputError, flagLabel, resolveStandard, visionModelOf, type CorrectEssayInput, type EssayCorrection, type EssayPage, type FlagHit, type ScoreType, type ServiceInfo } from '../../correction/index';
import type { Executor } from '../db/database';
import { badRequest, notFound } from '../errors';
import { BACKGROUND_PRIORITY, enqueueJob, latestJobByKey, type JobRow } from '../jobs/queue';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { classesRepo } from '../repositories/classes';
import { correctionsRepo, type CorrectionRow, type EssayRow } from '../repositories/corrections';
import { essaysRepo } from '../repositories/essays';
import { libraryCommentsRepo } from '../repositories/library-comments';
import { reviewsRepo, type ReviewRow } from '../repositories/reviews';
import type { AuthContext } from './auth-context';
import { requireAny } from './access';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { copyFlags, pageFingerprints } from './copy-check';
import { analyseCorrectedTranscript, type StoredResult } from './review-transcript';
import { notifyAiFinished } from './teacher-notifications';

export const AI_CORRECTION_JOB = 'ai-correction';
/** Attempts per correction job (model-service outages are retried with the job's backoff). */
// 12 attempts: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly (the runner caps the backoff at 1 h), so an
// outage of the model service of about five hours is ridden out; a retry reuses the stored reading of
// the pages (no OCR again), so waiting costs nothing but the review itself.
export const AI_CORRECTION_ATTEMPTS = 12;
/** Attempts when the run itself fails (not the model service): about 15 minutes of retries. */
export const LOCAL_FAILURE_ATTEMPTS = 6;
export const DEFAULT_WAIT_SECONDS = 60;

type CorrectionEssay = Pick<EssayRow, 'id' | 'status' | 'insistCorrect' | 'aiScore' | 'teacherScore' | 'wordCount' | 'flags'>;
export type CorrectionReason = 'upload' | 'rerun' | 'vision' | 'insist' | 'seed';
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
 * insistCorrect; `rerun`, `vision` (read again with the school's vision model), `insist` and `seed` (the demo essays at first start) start at once (`insist`
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
    // The seeded demo essays are background work: a teacher's upload or re-run goes before them.
    const priority = opts.reason === 'seed' ? BACKGROUND_PRIORITY : 0;
    const job = await enqueueJob(tx, { kind: AI_CORRECTION_JOB, payload: { essayId, reason: opts.reason }, runAt, dedupeKey: essayJobKey(essayId), maxAttempts: AI_CORRECTION_ATTEMPTS, priority }, now);
    return { queued: true, jobId: job.id, runAt };
  };
  // A savepoint inside a caller's transaction (intake), or our own transaction.
  return (db as { transaction: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T> }).transaction(run);
}

/** Up to six comments of the teacher's library (their own first, most used first), for the model service's prompt. */
async function commentStyleOf(db: Executor, identityId: number, schoolId: number): Promise<string[]> {
  const mine = await libraryCommentsRepo.page(db, { identityId, schoolId, scope: 'mine' }, 1, 6);
  const rows = mine.rows.length ? mine.rows : (await libraryCommentsRepo.page(db, { identityId, schoolId, scope: 'all' }, 1, 6)).rows;
  return rows.map((r) => r.text);
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

/**
 * The page upright, as the OCR reads it: the stored file with its EXIF orientation applied, turned
 * clockwise by the page's `rotation` (set by batch intake or the teacher's rotate; the file itself is
 * never turned). An unturned page goes as stored: the engine applies EXIF orientation when it decodes.
 */
async function pageImage(bytes: Buffer, rotation: number): Promise<Uint8Array> {
  const turn = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  if (!turn) return bytes;
  return sharp(bytes).autoOrient().rotate(turn).png({ compressionLevel: 1 }).toBuffer();
}

/** Essay status after a correction: poems are done without a score; any flag makes it abnormal unless the teacher insisted; a failed model service always does (it is retried). */
export function statusAfter(result: Pick<EssayCorrection, 'status' | 'flags'>, insistCorrect: boolean): 'ai_done' | 'abnormal' {
  if (result.flags.some((f) => f.code === 'AI_SERVICE_FAILED')) return 'abnormal';
  if (result.status === 'unsupported') return 'ai_done';
  if (result.status === 'failed') return insistCorrect ? 'ai_done' : 'abnormal';
  return result.flags.length && !insistCorrect ? 'abnormal' : 'ai_done';
}

const storedFlags = (flags: FlagHit[]) => flags.map(({ code, label, evidence, ranges, page, boxes, match }) => ({ code, label, evidence, ranges, ...(page !== undefined ? { page } : {}), ...(boxes ? { boxes } : {}), ...(match ? { match } : {}) }));

/** What a run writes: the stored result, its transcript and the essay's AI fields. */
interface RunResult {
  transcript: string;
  stored: object;
  flags: FlagHit[];
  status: EssayCorrection['status'];
  aiScore: string | null;
  wordCount: number;
  service: ServiceInfo | null | undefined;
}

/** The page fields stored with a result (the image measurements stay out of the row). */
/** Which pages (stored file and turn) a reading was made of. */
const pagesKeyOf = (pages: ReadonlyArray<{ storageKey: string; rotation: number }>) => pages.map((p) => `${p.storageKey}@${p.rotation}`).join('|');

/** The stored result, when it read these very pages and only the model service failed after the reading. */
function reusableReading(result: unknown, pagesKey: string): { result: StoredResult; transcript: string; doubts?: Array<{ start: number; end: number }> } | undefined {
  const r = result as (StoredResult & { pagesKey?: string; transcript?: string; doubts?: Array<{ start: number; end: number }> }) | null | undefined;
  if (!r || r.pagesKey !== pagesKey || typeof r.transcript !== 'string' || !r.pages?.length) return undefined;
  if (!(r.flags ?? []).some((f) => f.code === 'AI_SERVICE_FAILED')) return undefined;
  return { result: r, transcript: r.transcript, ...(r.doubts ? { doubts: r.doubts } : {}) };
}

const doubtOffsets = (doubts: ReadonlyArray<{ start: number; end: number }> | undefined) => (doubts ?? []).flatMap((d) => Array.from({ length: Math.max(0, d.end - d.start) }, (_, i) => d.start + i));

function withoutKey<T extends object, K extends keyof T>(o: T, key: K): Omit<T, K> {
  const { [key]: _drop, ...rest } = o;
  return rest;
}

const storedPages = (pages: EssayPage[]) => pages.map((p) => ({ index: p.index, ok: p.ok, width: p.width, height: p.height, layout: p.layout, skewDegrees: p.skewDegrees, upsideDown: p.upsideDown, confidence: p.confidence, pageNumber: p.pageNumber, lines: p.lines }));

/**
 * Handler of `ai-correction` jobs: { essayId }. A job only ever replaces the AI's side (corrections,
 * the essay's status, flags, aiScore, wordCount); the teacher's review row and score are never written.
 * An approved essay is left as it is, and a transcript the teacher corrected is the text analysed.
 */
export function aiCorrectionHandler(deps: Pick<ServiceDeps, 'db' | 'now' | 'storage' | 'ocr' | 'modelService' | 'copyCheck'>): JobHandler {
  const { db, now } = deps;
  return async (ctx) => {
    const essayId = Number((ctx.job.payload as { essayId?: unknown }).essayId);
    const reason = String((ctx.job.payload as { reason?: unknown }).reason ?? 'upload');
    const finished = (tx: Executor) => notifyAiFinished(tx, { essayId, jobId: ctx.job.id, reason, now: now() });
    // The essay row is locked, as approval and the teacher's transcript lock it, so neither slips in
    // between this check and the run being marked; while the run is marked both are refused (AI not done).
    const start = await db.transaction(async (tx) => {
      const essay = await correctionsRepo.essay(tx, essayId, true);
      // Deleted or approved meanwhile (a pending retry included): nothing to do, the job is over.
      if (!essay || essay.status === 'approved') return undefined;
      await correctionsRepo.markRunning(tx, essayId, now());
      if (essay.status !== 'revision_requested') await correctionsRepo.updateEssay(tx, essayId, { status: 'ai_running' }, now());
      return { essay, teacherText: (await reviewsRepo.get(tx, essayId))?.transcript ?? null };
    });
    if (!start) return;
    const { essay } = start;

    /** The pages read again, then the analysis of the OCR text, or of the teacher's corrected transcript. */
    const correct = async (teacherText: string | null): Promise<RunResult> => {
      const info = await correctionsRepo.taskFor(db, essay.taskId);
      if (!info) throw new Error(`task ${essay.taskId} of essay ${essayId} not found`);
      const input = taskInput(info, info.standard ? undefined : await correctionsRepo.defaultStandard(db));
      const pages = await correctionsRepo.pages(db, essayId);
      const pagesKey = pagesKeyOf(pages);
      // A retry because only the model service failed, on the same pages: the stored reading is reused
      // (OCR of a class takes minutes; the pages have not changed since), only the review runs again.
      const model = deps.modelService ? { modelService: deps.modelService } : {};
      const previous = ctx.job.attempts > 1 && deps.modelService ? reusableReading((await correctionsRepo.get(db, essayId))?.result, pagesKey) : undefined;
      if (previous) {
        input.commentStyle = await commentStyleOf(db, info.task.creatorIdentityId, essay.schoolId);
        const text = teacherText ?? previous.transcript;
        const doubtful = teacherText === null ? doubtOffsets(previous.doubts) : [];
        const a = await analyseCorrectedTranscript(previous.result, text, { ...input, ...(doubtful.length ? { doubtful } : {}) }, { ...model, signal: ctx.signal });
        // the OCR text analysed again is still the OCR's: its doubts stay and it is not the teacher's
        const stored = teacherText === null ? { ...withoutKey(a.result, 'transcriptSource'), doubts: previous.doubts ?? [], pagesKey, ocrReused: true } : { ...a.result, pagesKey, ocrReused: true };
        return { transcript: text, stored, flags: a.flags, status: a.result.status, aiScore: a.aiScore, wordCount: a.wordCount, service: a.result.service };
      }
      const images: Uint8Array[] = [];
      for (const p of pages) images.push(await pageImage(await deps.storage.get(p.storageKey), p.rotation));
      await ctx.reportProgress(10);
      const ocr = { ...(deps.ocr ? { ocr: deps.ocr } : {}), signal: ctx.signal };
      // The model service writes in the voice of the task creator's own library comments (public ones when they have none).
      if (deps.modelService) input.commentStyle = await commentStyleOf(db, info.task.creatorIdentityId, essay.schoolId);
      if (teacherText === null) {
        const r = await correctEssay({ ...input, images }, { ...ocr, ...model });
        const { pages: _pages, ...rest } = r;
        return { transcript: r.transcript, stored: { ...rest, pages: storedPages(r.pages), pagesKey }, flags: r.flags, status: r.status, aiScore: r.score ? r.score.label : null, wordCount: r.wordCount, service: r.service };
      }
      // The teacher corrected the transcript (a retry after a model-service failure, say): their text is
      // the essay, as the correction screen shows it, so the scores, comments and notes follow it and the
      // model reviews it. The pages are still read for the image flags and the notes' boxes; the OCR
      // text is not analysed, nor stored over the teacher's.
      const r = await correctEssay({ ...input, images }, ocr);
      const { pages: _pages, ...rest } = r;
      const a = await analyseCorrectedTranscript({ ...rest, pages: storedPages(r.pages) }, teacherText, input, { ...model, signal: ctx.signal });
      return { transcript: teacherText, stored: { ...a.result, pagesKey }, flags: a.flags, status: a.result.status, aiScore: a.aiScore, wordCount: a.wordCount, service: a.result.service };
    };

    /**
     * Adds the copy flags (a page or a text that is another pupil's) to a run; the page fingerprints are
     * stored with the result, so later essays are compared with this one without reading its pages again.
     */
    const withCopyFlags = async (run: RunResult): Promise<RunResult> => {
      if (!deps.copyCheck) return run;
      const pages = await correctionsRepo.pages(db, essayId);
      const images: Uint8Array[] = [];
      for (const p of pages) images.push(await pageImage(await deps.storage.get(p.storageKey), p.rotation));
      const read = ((run.stored as { pages?: Array<{ lines?: Array<{ text: string }> }> }).pages ?? []).map((pg) => (pg.lines ?? []).reduce((n, l) => n + [...l.text].length, 0));
      const pageHashes = await pageFingerprints(images, read);
      const found = await copyFlags(db, essay, run.transcript, pageHashes, 'zh');
      const stored = run.stored as { flags?: FlagHit[] };
      return { ...run, flags: [...run.flags, ...found], stored: { ...stored, flags: [...(stored.flags ?? []), ...storedFlags(found)], pageHashes } };
    };

    let teacherText = start.teacherText;
    for (let round = 0; ; round++) {
      let run: RunResult;
      try {
        run = await withCopyFlags(await correct(teacherText));
        await ctx.reportProgress(90);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        const message = err instanceof Error ? err.message : String(err);
        // A failure of our own (an unreadable page, a crash) is not waited out for hours like the model
        // service: after LOCAL_FAILURE_ATTEMPTS the essay is marked abnormal and the job ends.
        const last = ctx.job.attempts >= Math.min(ctx.job.maxAttempts, LOCAL_FAILURE_ATTEMPTS);
        // Never lose the essay: between attempts it waits for the AI again; after the last one it is abnormal with the reason.
        await db.transaction(async (tx) => {
          const current = await correctionsRepo.essay(tx, essayId, true);
          if (!current || current.status === 'approved') return;
          await correctionsRepo.setError(tx, essayId, last ? 'failed' : 'queued', message, now());
          const flag = { code: 'RENDER_FAILED' as const, label: flagLabel('RENDER_FAILED', 'zh'), evidence: `AI 批改失败：${message}`, ranges: [] };
          const requested = current.status === 'revision_requested';
          await correctionsRepo.updateEssay(tx, essayId, last ? { ...(requested ? {} : { status: 'abnormal' }), flags: [flag] } : requested ? {} : { status: 'awaiting_ai' }, now());
          if (last) await finished(tx);
        });
        throw last && ctx.job.attempts < ctx.job.maxAttempts ? new PermanentJobError(message) : err;
      }

      const serviceFailed = run.flags.some((f) => f.code === 'AI_SERVICE_FAILED');
      const engine = run.service?.ok && deps.modelService ? `model:${run.service.model}` : 'local';
      const outcome = await db.transaction(async (tx): Promise<{ written: boolean; teacherText?: string | null }> => {
        const current = await correctionsRepo.essay(tx, essayId, true);
        // Deleted or approved while the AI ran: the job is over (no retry), the essay is left as the teacher has it.
        if (!current || current.status === 'approved') {
          await ctx.completeIn(tx);
          return { written: false };
        }
        // The teacher's transcript changed during the run (a re-run cleared it): analyse what stands now.
        const textNow = (await reviewsRepo.get(tx, essayId))?.transcript ?? null;
        if (textNow !== teacherText && round < 2) return { written: false, teacherText: textNow };
        if (serviceFailed) await ctx.holdLease(tx);
        else await ctx.completeIn(tx);
        await correctionsRepo.saveResult(tx, essayId, { status: 'done', transcript: run.transcript, result: run.stored, engine, error: serviceFailed ? (run.service?.error ?? 'AI service call failed') : null }, now());
        await correctionsRepo.updateEssay(
          tx,
          essayId,
          { status: current.status === 'revision_requested' ? 'revision_requested' : statusAfter(run, current.insistCorrect), flags: storedFlags(run.flags), aiScore: run.aiScore, wordCount: run.wordCount },
          now(),
        );
        // The teacher hears of it once the job is over: now, or after the model service's last retry.
        if (!serviceFailed || ctx.job.attempts >= ctx.job.maxAttempts) await finished(tx);
        return { written: true };
      });
      if (outcome.teacherText !== undefined) {
        teacherText = outcome.teacherText;
        continue;
      }
      // The local result is stored and visible; the model review is tried again with the job's backoff.
      if (outcome.written && serviceFailed) throw new Error(`model service failed: ${run.service?.error ?? 'unknown'}`);
      return;
    }
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
    const f = visibleClasses(auth);
    if (!(await classesRepo.inScope(db, f.schoolId, f.teacherIdentityId ?? null, essay.classId))) throw notFound();
    return essay;
  }

  /** The correction of an essay the caller was already checked to see (the correction screen). */
  async function correctionOf(essay: CorrectionEssay) {
    const [row, job] = await Promise.all([correctionsRepo.get(db, essay.id), latestJobByKey(db, essayJobKey(essay.id))]);
    return correctionView(essay, row, job);
  }

  /** The correction as the API answers it, from the rows already read (the correction screen reads them in one statement). */
  function correctionView(essay: CorrectionEssay, row: CorrectionRow | null | undefined, job: JobRow | null | undefined) {
    const essayId = essay.id;
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
            doubts: r.doubts ?? [],
            analysis: r.analysis,
          }
        : null,
      attempts: row?.attempts ?? 0,
      startedAt: row?.startedAt?.toISOString() ?? null,
      finishedAt: row?.finishedAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      job: job ? jobView(job) : null,
      visionOcr: visionModelOf(deps.ocr) ?? null,
    };
  }

  function jobView(job: JobRow) {
    return { id: job.id, status: job.status as 'queued' | 'running' | 'done' | 'failed', progress: job.progress, attempts: job.attempts, maxAttempts: job.maxAttempts, runAt: job.runAt.toISOString(), lastError: job.lastError, finishedAt: job.finishedAt?.toISOString() ?? null };
  }

  return {
    async get(auth: AuthContext, essayId: number) {
      return correctionOf(await visibleEssay(auth, essayId));
    },
    correctionOf,
    correctionView,
    async job(auth: AuthContext, essayId: number) {
      const essay = await visibleEssay(auth, essayId);
      const job = await latestJobByKey(db, essayJobKey(essayId));
      return { essayId, essayStatus: essay.status, job: job ? jobView(job) : null };
    },
    async rerun(auth: AuthContext, essayId: number, confirmOverwrite: boolean, reason: 'rerun' | 'vision' = 'rerun') {
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
        return requestCorrection(tx, essayId, { reason, now: deps.now() });
      });
      return { essayId, queued: r.queued, jobId: r.jobId ?? null, runAt: r.runAt?.toISOString() ?? null };
    },
    /**
     * The pages read again by the school's vision model (AI_OCR_*), then the review: a re-run in every other
     * way (confirmOverwrite as there). Refused when no vision model is configured. A page the model fails
     * on again is read locally, flagged, as on upload.
     */
    async visionRead(auth: AuthContext, essayId: number, confirmOverwrite: boolean) {
      requireAny(auth, ['task', 'edit'], ['class', 'edit']);
      await visibleEssay(auth, essayId);
      if (!visionModelOf(deps.ocr)) throw badRequest('VISION_OCR_OFF', 'correction.visionOff');
      return this.rerun(auth, essayId, confirmOverwrite, 'vision');
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
