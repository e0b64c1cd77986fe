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
// A thread that has not answered a page within `pageTimeoutMs` of having it (a hang: it neither answers
// nor exits), or that is not ready that long after its start, is stopped and its page fails the same
// way, so the pages queued behind it get a new thread instead of waiting forever (the job runner has no
// timeout of its own).
import type { Worker } from 'node:worker_threads';
import { startThread, threadModuleUrl } from '../threads/start-thread.js';
import type { OcrPage, OcrProvider } from '../ocr.js';
import type { LocalOcrPage } from './paddle.js';
import type { PageRead, PageReader } from './page-reader.js';
import type { CorrectionResult, CorrectTextInput } from '../correct-text.js';

export type ThreadRequest = { id: number; op: 'read' | 'recognize'; image: Uint8Array } | { id: number; op: 'correct-text'; text: CorrectTextInput };
export type ThreadReply = { id: number; ok: true; result: PageRead | LocalOcrPage | CorrectionResult } | { id: number; ok: false; message: string };

const THREAD_URL = threadModuleUrl('ocr-thread', import.meta.url);

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
  /** the thread has loaded its module and listens */
  ready: boolean;
  /** stops the thread when it is not ready, or does not answer its job, in time */
  watchdog?: NodeJS.Timeout;
  /** given up on (late): stopped once it is back in JavaScript, or after a grace period */
  abandoned?: NodeJS.Timeout;
}

/**
 * How long a late thread may take to come back before it is stopped anyway. terminate() while the
 * thread waits on onnxruntime's native run aborts the whole process (a C++ Napi::Error thrown when the
 * run returns into the stopped thread: seen on a machine at load 45, where a page took over 120 s),
 * so a late thread is left to finish and stopped when it answers; only one that never returns is
 * stopped after this long.
 */
const LATE_THREAD_GRACE_MS = 10 * 60_000;

export interface OcrWorkerPoolOptions {
  /** threads at most (default 1) */
  threads?: number;
  /** a thread with no work for this long stops (default 5 min) */
  idleMs?: number;
  /**
   * ONNX Runtime threads per OCR thread (OCR_ONNX_THREADS): default 1 (pages run in parallel
   * across OCR threads, and the server thread keeps a core: measured better on 2 cores in latency and
   * throughput); 0 = ONNX Runtime's default, one per core.
   */
  onnxThreads?: number;
  /** the module a thread runs (default ocr-thread); the tests pass one that fails to start */
  threadModule?: string;
  /**
   * A page (or text) a thread has not answered after this long fails and the thread is stopped and
   * replaced (OCR_PAGE_TIMEOUT_SECONDS): default 120 s (a page takes 1–4 s; the first one of a
   * thread also loads its models). 0 = no limit.
   */
  pageTimeoutMs?: number;
}

export class OcrWorkerPool implements OcrProvider, PageReader {
  /** the same engine as PaddleOcrProvider, read in another thread */
  readonly name = 'paddleocr-ppocrv4-onnx';
  readonly threads: number;
  private readonly idleMs: number;
  private readonly onnxThreads: number;
  private readonly threadModule: string;
  readonly pageTimeoutMs: number;
  private readonly slots = new Set<Slot>();
  /** threads stopped for not answering, until they have exited */
  private readonly stopping = new Set<Promise<unknown>>();
  private readonly late = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(o: OcrWorkerPoolOptions = {}) {
    this.threads = Math.max(1, Math.floor(o.threads ?? 1));
    this.idleMs = o.idleMs ?? 300_000;
    this.onnxThreads = o.onnxThreads ?? 1;
    this.threadModule = o.threadModule ?? THREAD_URL;
    const timeout = o.pageTimeoutMs ?? 120_000;
    // (setTimeout takes at most 2^31 - 1 ms; beyond, it would fire at once)
    this.pageTimeoutMs = Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 2 ** 31 - 1) : 0;
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
    for (const s of [...this.late]) this.stop(s);
    await Promise.all([...[...this.slots].map((s) => this.retire(s, new Error('OCR pool closed'))), ...this.stopping]);
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
    // (a thread still starting has its start-up limit running; the page's own starts when it is ready)
    if (slot.ready) this.watch(slot);
    slot.worker.postMessage({ id: job.id, ...job.work } satisfies ThreadRequest);
  }

  private watch(slot: Slot): void {
    clearTimeout(slot.watchdog);
    slot.watchdog = undefined;
    if (this.pageTimeoutMs <= 0) return;
    slot.watchdog = setTimeout(() => this.hung(slot), this.pageTimeoutMs);
    slot.watchdog.unref();
  }

  /** The thread did not get ready or answer in time: fail its page, stop it, give the queue a new one. */
  private hung(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.watchdog = undefined;
    const what = slot.ready ? 'no answer' : 'not ready';
    slot.job?.reject(new Error(`OCR thread failed: ${what} after ${this.pageTimeoutMs / 1000} s (thread replaced)`));
    slot.job = undefined;
    // A new thread takes the queue now; this one is stopped once it answers (see LATE_THREAD_GRACE_MS).
    this.late.add(slot);
    slot.abandoned = setTimeout(() => this.stop(slot), Math.max(this.pageTimeoutMs, LATE_THREAD_GRACE_MS));
    slot.abandoned.unref();
    if (!this.closed) this.dispatch();
  }

  /** Ends a thread given up on; safe once it is back in JavaScript (it answered or got ready). */
  private stop(slot: Slot): void {
    if (!this.late.delete(slot)) return;
    clearTimeout(slot.abandoned);
    const stop = slot.worker.terminate().catch(() => undefined);
    this.stopping.add(stop);
    void stop.finally(() => this.stopping.delete(stop));
  }

  private spawn(): Slot {
    const worker = startThread(this.threadModule, { workerData: { onnxThreads: this.onnxThreads } });
    const slot: Slot = { worker, ready: false };
    worker.on('message', (msg: ThreadReply | { ready: true }) => {
      if (slot.abandoned) return this.stop(slot);
      if ('ready' in msg) {
        slot.ready = true;
        if (slot.job) this.watch(slot);
        else clearTimeout(slot.watchdog);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = undefined;
      clearTimeout(slot.watchdog);
      slot.watchdog = undefined;
      if (msg.ok) job.resolve(msg.result);
      else job.reject(new Error(msg.message));
      this.idle(slot);
      this.dispatch();
    });
    const fail = (err: Error) => {
      if (this.late.delete(slot)) clearTimeout(slot.abandoned);
      if (!this.slots.delete(slot)) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      clearTimeout(slot.watchdog);
      slot.job?.reject(new Error(`OCR thread failed: ${err.message}`));
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    this.slots.add(slot);
    this.watch(slot); // the start-up limit
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
    clearTimeout(slot.watchdog);
    if (slot.job && err) slot.job.reject(err);
    slot.job = undefined;
    await slot.worker.terminate();
  }
}
