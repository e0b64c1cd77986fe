// OCR in worker threads. ONNX Runtime and the page checks keep a core busy for about a second per page,
// correctText for about a tenth of one per essay; run in the server's own thread they stall every
// request meanwhile (PGlite runs the jobs in the server process). OcrWorkerPool is an OcrProvider (and PageReader) whose pages are read by a pool of threads,
// each with its own PaddleOCR models loaded once, so the event loop only posts images and gets lines.
//
// Threads start on first use and stop after `idleMs` without work (the models cost ≈ 250 MB each).
// A thread that cannot start (its module throws on load, or the Worker cannot be created) or that dies
// fails its page with "OCR thread failed: …" (the correction job retries it, then flags the essay) and
// is replaced on the next page. Pages are not read in the caller's thread instead: that would block the
// event loop the pool exists to keep free, and a crash in ONNX Runtime there would take the server down.
import { Worker } from 'node:worker_threads';
import type { OcrPage, OcrProvider } from '../ocr.js';
import type { LocalOcrPage } from './paddle.js';
import type { PageRead, PageReader } from './page-reader.js';
import type { CorrectionResult, CorrectTextInput } from '../correct-text.js';

export type ThreadRequest = { id: number; op: 'read' | 'recognize'; image: Uint8Array } | { id: number; op: 'correct-text'; text: CorrectTextInput };
export type ThreadReply = { id: number; ok: true; result: PageRead | LocalOcrPage | CorrectionResult } | { id: number; ok: false; message: string };

// Under tsx (the server and the tests run TypeScript) the thread registers tsx's loader itself: the
// parent's `--import tsx` does not reach worker threads.
const THREAD_URL = new URL(import.meta.url.endsWith('.ts') ? './ocr-thread.ts' : './ocr-thread.js', import.meta.url).href;
const bootstrap = (moduleUrl: string): string =>
  import.meta.url.endsWith('.ts') ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })` : `import(${JSON.stringify(moduleUrl)})`;

type Work = { op: 'read' | 'recognize'; image: Uint8Array } | { op: 'correct-text'; text: CorrectTextInput };

interface Job {
  id: number;
  work: Work;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

export interface OcrWorkerPoolOptions {
  /** threads at most (default 1) */
  threads?: number;
  /** a thread with no work for this long stops (default 5 min) */
  idleMs?: number;
  /**
   * ONNX Runtime threads per OCR thread: default env OCR_ONNX_THREADS, else 1 (pages run in parallel
   * across OCR threads, and the server thread keeps a core: measured better on 2 cores in latency and
   * throughput); 0 = ONNX Runtime's default, one per core.
   */
  onnxThreads?: number;
  /** the module a thread runs (default ocr-thread); the tests pass one that fails to start */
  threadModule?: string;
}

export class OcrWorkerPool implements OcrProvider, PageReader {
  /** the same engine as PaddleOcrProvider, read in another thread */
  readonly name = 'paddleocr-ppocrv4-onnx';
  readonly threads: number;
  private readonly idleMs: number;
  private readonly onnxThreads: number;
  private readonly bootstrap: string;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(o: OcrWorkerPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(o.threads ?? 1));
    this.idleMs = o.idleMs ?? 300_000;
    const env = process.env.OCR_ONNX_THREADS;
    this.onnxThreads = o.onnxThreads ?? (env !== undefined && env !== '' && Number.isInteger(Number(env)) && Number(env) >= 0 ? Number(env) : 1);
    this.bootstrap = bootstrap(o.threadModule ?? THREAD_URL);
  }

  /** Image checks and OCR of one page in a thread (what correctEssay calls). */
  readPage(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<PageRead> {
    return this.submit({ op: 'read', image }, options.signal) as Promise<PageRead>;
  }

  recognize(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<OcrPage> {
    return this.submit({ op: 'recognize', image }, options.signal) as Promise<LocalOcrPage>;
  }

  /** The local text correction (analysis, spelling, scoring, comments) in a thread: about 0.1 s of CPU per essay. */
  correctText(input: CorrectTextInput, options: { signal?: AbortSignal } = {}): Promise<CorrectionResult> {
    return this.submit({ op: 'correct-text', text: input }, options.signal) as Promise<CorrectionResult>;
  }

  /** Threads running now (busy or idle). */
  get size(): number {
    return this.slots.size;
  }

  /** Stops every thread; pages still waiting or being read fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('OCR pool closed'));
    await Promise.all([...this.slots].map((s) => this.retire(s, new Error('OCR pool closed'))));
  }

  private submit(work: Work, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('OCR pool closed'));
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, work, resolve, reject };
      // An aborted caller stops waiting; a page already in a thread is read to the end and dropped.
      const onAbort = () => {
        const i = this.queue.indexOf(job);
        if (i >= 0) this.queue.splice(i, 1);
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      job.resolve = (v) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(v);
      };
      job.reject = (e) => {
        signal?.removeEventListener('abort', onAbort);
        reject(e);
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.threads) return;
        try {
          slot = this.spawn();
        } catch (err) {
          // new Worker can throw (no thread or memory for it): the page fails now, not later from an event handler
          this.queue.shift()!.reject(new Error(`OCR thread failed: ${err instanceof Error ? err.message : String(err)}`));
          continue;
        }
      }
      this.run(slot, this.queue.shift()!);
    }
  }

  private run(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.job = job;
    // A busy thread keeps the process alive (a CLI awaiting its page); an idle one does not.
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, ...job.work } satisfies ThreadRequest);
  }

  private spawn(): Slot {
    const worker = new Worker(this.bootstrap, { eval: true, workerData: { onnxThreads: this.onnxThreads } });
    const slot: Slot = { worker };
    worker.on('message', (msg: ThreadReply | { ready: true }) => {
      if ('ready' in msg) return;
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = undefined;
      if (msg.ok) job.resolve(msg.result);
      else job.reject(new Error(msg.message));
      this.idle(slot);
      this.dispatch();
    });
    const fail = (err: Error) => {
      if (!this.slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.job?.reject(new Error(`OCR thread failed: ${err.message}`));
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private idle(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.retire(slot), this.idleMs);
    slot.idleTimer.unref();
  }

  private async retire(slot: Slot, err?: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.job && err) slot.job.reject(err);
    slot.job = undefined;
    await slot.worker.terminate();
  }
}

/** Threads for OCR: env OCR_THREADS, else `fallback` (the server passes its AI_WORKERS). 0 = read in the caller's thread. */
export function ocrThreadsFromEnv(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.OCR_THREADS);
  if (env.OCR_THREADS !== undefined && env.OCR_THREADS !== '' && Number.isInteger(n) && n >= 0) return n;
  return Math.max(0, fallback);
}
