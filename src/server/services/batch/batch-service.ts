// Batch intake: a PDF or ZIP of a class's essays is stored, split into page images in a background job
// (`batch-split`), every page matched to a student (answer-sheet QR, OCR'd header, ZIP file name) or set
// aside with its reason, and matched pages filed as essays (source batch) that then go to AI correction.
import { randomUUID } from 'node:crypto';
import type { Lang } from '../../../core/i18n';
import { translate } from '../../../core/i18n';
import type { batchMatchResult, batchProgress, unmatchedPages } from '../../../core/api/contracts/batch';
import type { z } from 'zod';
import { PaddleOcrProvider, type OcrProvider } from '../../../correction';
import { AppError, badRequest, notFound } from '../../errors';
import type { ErrorCode } from '../../../core/api/error-codes';
import { enqueueJob, latestJobByKey } from '../../jobs/queue';
import { PermanentJobError, type JobContext } from '../../jobs/runner';
import { batchRepo, type BatchPageRow, type BatchRow } from '../../repositories/batch';
import { essaysRepo } from '../../repositories/essays';
import { filesRepo } from '../../repositories/files';
import type { AuthContext } from '../auth-context';
import type { ServiceDeps } from '../deps';
import { grantedFileUrl, saveFile } from '../file-service';
import { dropCorrectedTranscript, submitEssay } from '../essay-service';
import { sniff } from '../file-sniff';
import { analysePage, type PageAnalysis } from './analyse';
import { groupByStudent, type RosterStudent } from './match';
import { BatchInputError, inspectZip, splitBatch } from './split';
import { inspectPdfOffThread } from './pdf-inspect-off-thread';

export const BATCH_SPLIT_JOB = 'batch-split';

export interface BatchJobPayload {
  batchId: string;
  draft: number;
}

/** Who can see and change the task and class (the task and class services decide, 404/403 otherwise). */
export interface BatchScope {
  check(auth: AuthContext, taskId: number, classId: number): Promise<void>;
}


let sharedOcr: OcrProvider | undefined;
/** One OCR per process: the engine's models load once (docs/correction.md). */
export const batchOcr = (deps: Pick<ServiceDeps, 'ocr'>): OcrProvider => deps.ocr ?? (sharedOcr ??= new PaddleOcrProvider());

const INPUT_CODES = {
  pdfEncrypted: 'BATCH_PDF_ENCRYPTED',
  pdfCorrupt: 'BATCH_PDF_CORRUPT',
  pdfEmpty: 'BATCH_PDF_EMPTY',
  tooManyPages: 'BATCH_TOO_MANY_PAGES',
  zipCorrupt: 'BATCH_ZIP_CORRUPT',
  zipTooLarge: 'BATCH_ZIP_TOO_LARGE',
  zipEmpty: 'BATCH_ZIP_EMPTY',
} as const satisfies Record<BatchInputError['reason'], ErrorCode>;
const inputError = (e: BatchInputError) => badRequest(INPUT_CODES[e.reason], `batch.input.${e.reason}`, e.params);

type Progress = z.infer<typeof batchProgress>;
type MatchResult = z.infer<typeof batchMatchResult>;
type UnmatchedPages = z.infer<typeof unmatchedPages>;

export function batchService(deps: ServiceDeps, scope: BatchScope) {
  const { db } = deps;

  async function visibleBatch(auth: AuthContext, batchId: string): Promise<BatchRow> {
    const batch = await batchRepo.find(db, auth.school.id, batchId);
    if (!batch) throw notFound();
    await scope.check(auth, batch.taskId, batch.classId);
    return batch;
  }

  function reasonOf(p: BatchPageRow, lang: Lang): string | null {
    if (!p.reason) return null;
    const [key, evidence = ''] = p.reason.split('|');
    return translate(lang, key as Parameters<typeof translate>[1], { evidence });
  }

  async function result(auth: AuthContext, batch: BatchRow, lang: Lang): Promise<MatchResult> {
    const pages = await batchRepo.pages(db, batch.id);
    const studentRows = await batchRepo.studentsByIds(db, [...new Set(pages.flatMap((p) => (p.studentId ? [p.studentId] : [])))]);
    const byId = new Map(studentRows.map((s) => [s.id, s]));
    const rotations = new Map<number, number>();
    const essayIds = [...new Set(pages.flatMap((p) => (p.essayId ? [p.essayId] : [])))];
    const essayPages = await essaysRepo.pages(db, essayIds);
    for (const p of pages) {
      const ep = essayPages.find((x) => x.p.essayId === p.essayId && x.p.fileId === p.fileId);
      rotations.set(p.pageNo, ep?.p.rotation ?? 0);
    }
    const count = (s: string) => pages.filter((p) => p.state === s).length;
    return {
      batch: {
        id: batch.id,
        taskId: batch.taskId,
        classId: batch.classId,
        kind: batch.kind as 'pdf' | 'zip',
        status: batch.status as MatchResult['batch']['status'],
        progress: batch.progress,
        totalPages: batch.totalPages,
        error: batch.error ? translate(lang, 'batch.failed', { error: batch.error }) : null,
        createdTime: batch.createdAt.toISOString(),
        finishedTime: batch.finishedAt?.toISOString() ?? null,
      },
      summary: { total: pages.length, matched: count('matched'), grouped: count('grouped'), unmatched: count('unmatched'), rejected: count('rejected'), essays: essayIds.length },
      pages: pages.map((p) => {
        const s = p.studentId ? byId.get(p.studentId) : undefined;
        return {
          pageNo: p.pageNo,
          entryName: p.entryName,
          fileId: p.fileId,
          imageUrl: p.fileId ? grantedFileUrl(deps, p.fileId, { identityId: auth.identity.id }).url : null,
          state: p.state as MatchResult['pages'][number]['state'],
          method: (p.matchMethod as MatchResult['pages'][number]['method']) ?? null,
          confidence: p.confidence === null ? null : Number(p.confidence),
          student: s && (p.state === 'matched' || p.state === 'grouped') ? { id: s.id, name: s.name, studentNo: s.studentNo } : null,
          essayId: p.essayId,
          rotation: rotations.get(p.pageNo) ?? 0,
          candidates: (p.candidates as MatchResult['pages'][number]['candidates']) ?? [],
          reason: reasonOf(p, lang),
        };
      }),
    };
  }

  /**
   * Files the batch's matched pages into essays through intake's submitEssay (source batch; it queues the
   * AI correction): per student, the pages the essay does not hold yet (by file) are added in order — a new
   * essay gets them all, an existing one gets them appended — so a re-run never adds a page twice.
   * Returns the page updates to write (state, essay) in the caller's final transaction.
   */
  async function fileEssays(batch: BatchRow, draft: number, pages: BatchPageRow[], order: Map<number, number | undefined>, rotations: Map<number, number>) {
    const groups = groupByStudent(
      pages.filter((p) => (p.state === 'matched' || p.state === 'grouped') && p.studentId && p.fileId).map((p) => ({ pageNo: p.pageNo, studentId: p.studentId!, sheetPage: order.get(p.pageNo) })),
    );
    const byNo = new Map(pages.map((p) => [p.pageNo, p]));
    const updates: Array<{ pageNo: number; patch: Partial<BatchPageRow> }> = [];
    for (const [studentId, pageNos] of groups) {
      const [current] = (await essaysRepo.ofStudent(db, batch.taskId, studentId)).filter((e) => e.draft === draft);
      const existing = current ? await essaysRepo.pages(db, [current.id]) : [];
      const have = new Set(existing.map((x) => x.p.fileId));
      const add = [...new Set(pageNos.map((n) => byNo.get(n)!.fileId!).filter((f) => !have.has(f)))];
      let essayId = current?.id;
      if (add.length) {
        try {
          const res = await submitEssay(deps, { schoolId: batch.schoolId, taskId: batch.taskId, classId: batch.classId, studentId, draft, source: 'batch', fileIds: add, mode: current ? 'append' : 'replace', identityId: batch.createdByIdentityId });
          essayId = res.essay.id;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const key = e.error === 'ESSAY_APPROVED' || e.messageKey === 'essay.approvedLocked' ? 'batch.reason.approved' : e.messageKey;
          for (const n of pageNos) updates.push({ pageNo: n, patch: { state: 'unmatched', essayId: null, reason: key } });
          continue;
        }
        const now = await essaysRepo.pages(db, [essayId]);
        for (const n of pageNos) {
          const r = rotations.get(n) ?? 0;
          const ep = now.find((x) => x.p.fileId === byNo.get(n)!.fileId);
          if (r && ep && !have.has(ep.p.fileId)) await essaysRepo.updatePage(db, ep.p.id, { rotation: r });
        }
      }
      for (const [i, n] of pageNos.entries()) updates.push({ pageNo: n, patch: { state: i === 0 && existing.length === 0 ? 'matched' : 'grouped', essayId: essayId ?? null } });
    }
    return updates;
  }

  return {
    /** Stores the upload, checks it as a whole, creates the batch and queues its job (or answers the earlier batch of the same file). */
    async upload(auth: AuthContext, kind: 'pdf' | 'zip', bytes: Buffer, originalName: string | undefined, fields: { taskId: number; classId: number; draft: number }) {
      await scope.check(auth, fields.taskId, fields.classId);
      if (bytes.length === 0) throw badRequest('FILE_EMPTY', 'intake.fileEmpty');
      const sniffed = sniff(bytes);
      if (sniffed !== (kind === 'pdf' ? 'application/pdf' : 'application/zip')) throw new AppError(415, 'BATCH_WRONG_FORMAT', 'batch.wrongFormat', undefined, { show: true });
      let totalPages: number;
      try {
        if (kind === 'pdf') {
          totalPages = await inspectPdfOffThread(bytes);
        } else totalPages = (await inspectZip(bytes)).entries.length;
      } catch (e) {
        if (e instanceof BatchInputError) throw inputError(e);
        throw e;
      }
      const file = await saveFile(deps, auth, bytes, { originalName });
      const same = await batchRepo.sameFile(db, fields.taskId, fields.classId, file.id);
      if (same) return { batchId: same.id, status: same.status as Progress['status'], reused: true, totalPages: same.totalPages };
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await batchRepo.insert(tx, { id, schoolId: auth.school.id, taskId: fields.taskId, classId: fields.classId, kind, fileId: file.id, status: 'queued', totalPages, createdByIdentityId: auth.identity.id });
        await enqueueJob(tx, { kind: BATCH_SPLIT_JOB, payload: { batchId: id, draft: fields.draft } satisfies BatchJobPayload, dedupeKey: `batch:${id}`, maxAttempts: 3 }, deps.now());
      });
      return { batchId: id, status: 'queued' as const, reused: false, totalPages };
    },

    async progress(auth: AuthContext, batchId: string, lang: Lang): Promise<Progress> {
      const batch = await visibleBatch(auth, batchId);
      const pages = await batchRepo.pages(db, batchId);
      return {
        batchId,
        status: batch.status as Progress['status'],
        progress: batch.progress,
        totalPages: batch.totalPages,
        pages: pages.map((p) => ({ pageNo: p.pageNo, state: p.state as Progress['pages'][number]['state'] })),
        error: batch.error ? translate(lang, 'batch.failed', { error: batch.error }) : null,
      };
    },

    /** Pages of every batch of the task and class that still wait for the teacher to name their student. */
    async unmatchedPages(auth: AuthContext, taskId: number, classId: number, lang: Lang): Promise<UnmatchedPages> {
      await scope.check(auth, taskId, classId);
      const batches = await batchRepo.withUnmatchedPages(db, auth.school.id, taskId, classId);
      const pages: UnmatchedPages['pages'] = [];
      for (const b of batches) {
        const r = await result(auth, b, lang);
        for (const p of r.pages) if (p.state === 'unmatched') pages.push({ ...p, batchId: b.id, uploadedTime: r.batch.createdTime });
      }
      return { pages };
    },
    async matchResult(auth: AuthContext, batchId: string, lang: Lang) {
      return result(auth, await visibleBatch(auth, batchId), lang);
    },

    /** The teacher assigns pages (or sets them aside); essays are refiled and re-queued for AI correction. */
    async assign(auth: AuthContext, body: { batchId: string; assignments: Array<{ pageNo: number; studentId: number | null; order?: number }> }, lang: Lang) {
      const batch = await visibleBatch(auth, body.batchId);
      if (batch.status !== 'done') throw badRequest('BATCH_NOT_FINISHED', 'batch.notFinished');
      const roster = await batchRepo.roster(db, batch.classId);
      const draft = ((await latestJobByKey(db, `batch:${batch.id}`))?.payload as BatchJobPayload | undefined)?.draft ?? 0;
      await db.transaction(async (tx) => {
        const pages = await batchRepo.pages(tx, batch.id);
        const byNo = new Map(pages.map((p) => [p.pageNo, p]));
        const emptied = new Set<number>();
        for (const a of body.assignments) {
          const p = byNo.get(a.pageNo);
          if (!p) throw badRequest('BATCH_PAGE_NOT_FOUND', 'batch.pageNotFound', { pageNo: a.pageNo });
          if (a.studentId !== null && !roster.some((s) => s.id === a.studentId)) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
          if (a.studentId !== null && !p.fileId) throw badRequest('BATCH_PAGE_NOT_FOUND', 'batch.pageNotFound', { pageNo: a.pageNo });
          // regrouping: take the page out of the essay it was filed in
          if (p.essayId && p.studentId !== a.studentId) {
            for (const x of (await essaysRepo.pages(tx, [p.essayId])).filter((x) => x.p.fileId === p.fileId)) await essaysRepo.deletePage(tx, x.p.id);
            await dropCorrectedTranscript(tx, p.essayId, deps.now());
            const rest = await essaysRepo.pages(tx, [p.essayId]);
            if (rest.length) await essaysRepo.renumber(tx, p.essayId, rest.map((x) => x.p.id));
            else {
              await essaysRepo.softDelete(tx, p.essayId, deps.now());
              emptied.add(p.essayId);
            }
          }
          const keep = p.studentId === a.studentId && p.essayId;
          const patch = a.studentId === null
            ? { state: 'rejected', studentId: null, essayId: null, matchMethod: 'manual', confidence: '1', reason: 'batch.reject.manual' }
            : { state: keep ? p.state : 'matched', studentId: a.studentId, essayId: keep ? p.essayId : null, matchMethod: 'manual', confidence: '1', reason: null };
          await batchRepo.updatePage(tx, batch.id, a.pageNo, patch);
        }
        return emptied;
      });
      const fresh = (await batchRepo.pages(db, batch.id)).filter((p) => p.state === 'matched' && !p.essayId);
      const orders = new Map(body.assignments.filter((a) => a.order).map((a) => [a.pageNo, a.order]));
      const updates = await fileEssays(batch, draft, fresh, orders, new Map());
      await db.transaction(async (tx) => {
        for (const u of updates) await batchRepo.updatePage(tx, batch.id, u.pageNo, u.patch);
      });
      return result(auth, await visibleBatch(auth, body.batchId), lang);
    },

    /** The `batch-split` job: split, analyse page by page (progress as it goes), then file essays in one transaction. */
    handler: async (ctx: JobContext) => {
      const payload = ctx.job.payload as BatchJobPayload;
      const batch = await batchRepo.byId(db, payload.batchId);
      if (!batch) throw new PermanentJobError(`batch ${payload.batchId} not found`);
      const file = await filesRepo.findById(db, batch.fileId);
      if (!file) throw new PermanentJobError(`file ${batch.fileId} not found`);
      const bytes = await deps.storage.get(file.storageKey);
      const roster: RosterStudent[] = await batchRepo.roster(db, batch.classId);
      const ocr = batchOcr(deps);
      let split;
      try {
        split = await splitBatch(batch.kind as 'pdf' | 'zip', bytes);
      } catch (e) {
        const msg = e instanceof BatchInputError ? e.reason : String(e);
        await batchRepo.update(db, batch.id, { status: 'failed', error: msg, finishedAt: deps.now() });
        throw new PermanentJobError(msg);
      }
      await batchRepo.update(db, batch.id, { status: 'running', totalPages: split.total, error: null });
      const done = new Map((await batchRepo.pages(db, batch.id)).map((p) => [p.pageNo, p]));
      const sheetPages = new Map<number, number | undefined>();
      const rotations = new Map<number, number>();
      let n = 0;
      for await (const page of split.pages) {
        if (ctx.signal.aborted) throw new Error('stopped');
        n++;
        let a: PageAnalysis;
        let fileId: string | null = null;
        if (page.rejected || !page.image) a = { state: 'rejected', reject: page.rejected ?? 'renderFailed', rotation: 0, candidates: [] };
        else {
          try {
            fileId = (await saveFile(deps, { schoolId: batch.schoolId, identityId: batch.createdByIdentityId }, page.image, { originalName: page.entryName })).id;
            a = await analysePage(page.image, page.entryName, { taskId: batch.taskId, roster, ocr });
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            a = { state: 'rejected', reject: 'renderFailed', rotation: 0, candidates: [] };
          }
        }
        sheetPages.set(page.pageNo, a.sheetPage);
        rotations.set(page.pageNo, a.rotation);
        const prev = done.get(page.pageNo);
        // A page the teacher already assigned (a retried job) keeps the teacher's choice.
        if (prev?.matchMethod !== 'manual') {
          await batchRepo.upsertPage(db, {
            batchId: batch.id,
            pageNo: page.pageNo,
            entryName: page.entryName,
            fileId,
            state: a.state,
            matchMethod: a.method ?? null,
            confidence: a.confidence === undefined ? null : String(Math.round(a.confidence * 100) / 100),
            studentId: a.studentId ?? null,
            essayId: null,
            candidates: a.candidates,
            reason: a.reject ? `batch.reject.${a.reject}` : a.why ? `batch.reason.${a.why}|${a.evidence ?? ''}` : null,
          });
        }
        const pct = Math.min(95, Math.floor((n / Math.max(1, split.total)) * 95));
        await batchRepo.update(db, batch.id, { progress: pct });
        await ctx.reportProgress(pct);
      }
      const updates = await fileEssays(batch, payload.draft, await batchRepo.pages(db, batch.id), sheetPages, rotations);
      await db.transaction(async (tx) => {
        for (const u of updates) await batchRepo.updatePage(tx, batch.id, u.pageNo, u.patch);
        await batchRepo.update(tx, batch.id, { status: 'done', progress: 100, finishedAt: deps.now() });
        await ctx.completeIn(tx);
      });
    },
  };
}
export type BatchService = ReturnType<typeof batchService>;

/** The `batch-split` job handler for the runner (jobs/handlers.ts); it needs no caller scope. */
export function batchSplitHandler(deps: ServiceDeps) {
  return batchService(deps, { check: () => Promise.reject(new Error('no caller in a job')) }).handler;
}
