import type { Worker } from 'node:worker_threads';
import { startThread, threadModuleUrl } from '../../../correction/threads/start-thread';
import type { ReportPdfInput } from './render-report';
import type { ParentPdfInput } from './render-parent-report';
import { cjkFontFile } from '../fonts/cjk-font';
import { drawPdf, type PdfJobInput } from './draw-pdf';
import type { PdfJob, PdfJobResult } from './report-pdf-worker';

const WORKER_URL = threadModuleUrl('report-pdf-worker', import.meta.url);
const TIMEOUT_MS = 60_000;
/**
 * A worker that has drawn a PDF stays this long for the next one: starting one costs about a second
 * (the TypeScript loader, mupdf's WASM, the font), a fifth of the 5 s a class report may take.
 */
const IDLE_MS = 5 * 60_000;

/** Noto Sans SC, the font of every PDF the server draws (services/fonts). */
export const reportFont = cjkFontFile;

export type PdfInput = Omit<ReportPdfInput, 'font'>;
export type ParentInput = Omit<ParentPdfInput, 'font'>;

/** The worker itself failed (could not load, crashed): the job may be drawn in this thread instead. */
class WorkerFailed extends Error {}

interface Pending {
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One long-lived worker thread for every PDF of the process (it draws one at a time, in order): it
 * loads mupdf and the font once. A job that runs past TIMEOUT_MS ends the worker and fails every job
 * waiting on it; the next job starts a fresh one.
 */
class PdfWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly worker: Worker, private readonly onGone: () => void) {
    worker.unref();
    worker.on('message', (msg: PdfJobResult) => this.settle(msg.id, msg.ok ? Buffer.from(msg.pdf) : new Error(msg.message)));
    worker.on('error', (err) => this.fail(new WorkerFailed(err.message)));
    worker.on('exit', () => this.fail(new Error('Report PDF worker stopped')));
  }

  render(job: PdfJobInput): Promise<Buffer> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('Report PDF rendering timed out')), TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, ...job } satisfies PdfJob);
    });
  }

  private settle(id: number, result: Buffer | Error) {
    const job = this.pending.get(id);
    if (!job) return;
    this.pending.delete(id);
    clearTimeout(job.timer);
    if (result instanceof Error) job.reject(result);
    else job.resolve(result);
    if (!this.pending.size) this.idle = setTimeout(() => this.fail(new Error('idle')), IDLE_MS).unref();
  }

  /** Ends the worker; jobs still waiting fail with `err`. */
  private fail(err: Error) {
    this.onGone();
    if (this.idle) clearTimeout(this.idle);
    for (const [id, job] of this.pending) {
      this.pending.delete(id);
      clearTimeout(job.timer);
      job.reject(err);
    }
    void this.worker.terminate();
  }
}

let shared: PdfWorker | null = null;

function pdfWorker(): PdfWorker {
  if (!shared) {
    const worker = startThread(WORKER_URL, { workerData: { font: reportFont() } });
    const me: PdfWorker = new PdfWorker(worker, () => {
      if (shared === me) shared = null;
    });
    shared = me;
  }
  return shared;
}

/** Draws a PDF in the shared worker thread (the API keeps answering); in this thread if no worker can start. */
function renderOffThread(job: PdfJobInput): Promise<Buffer> {
  let worker: PdfWorker;
  try {
    worker = pdfWorker();
  } catch {
    return Promise.resolve(Buffer.from(drawPdf(job, reportFont())));
  }
  return worker.render(job).catch((err: unknown) => {
    if (err instanceof WorkerFailed) return Buffer.from(drawPdf(job, reportFont()));
    throw err;
  });
}

/** The class report PDF (simple or full), drawn off the API's thread. */
export const renderReportPdfOffThread = (input: PdfInput) => renderOffThread({ kind: 'class', input });
/** One student's parents' report PDF (/h5Pdf), drawn off the API's thread. */
export const renderParentPdfOffThread = (input: ParentInput) => renderOffThread({ kind: 'parent', input });
