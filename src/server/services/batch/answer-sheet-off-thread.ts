import { Worker } from 'node:worker_threads';
import { renderAnswerSheets, type AnswerSheetInput } from './answer-sheet';

const WORKER_URL = new URL('./answer-sheet-worker.ts', import.meta.url).href;
// The worker registers tsx's loader itself (execArgv `--import tsx` does not reach worker threads here).
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })`;
const TIMEOUT_MS = 120_000;

/**
 * Renders answer sheets in a worker thread (the server keeps answering while a class's PDF is laid
 * out). The worker loads our TypeScript through tsx's API, as the server itself runs on tsx; where a
 * worker cannot start, it renders in this thread instead.
 */
export function renderAnswerSheetsOffThread(input: AnswerSheetInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(BOOTSTRAP, { eval: true, workerData: input });
    } catch {
      renderAnswerSheets(input).then(resolve, reject);
      return;
    }
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate();
      reject(new Error('Answer sheet rendering timed out'));
    }, TIMEOUT_MS);
    worker.once('message', (msg: { ok: true; pdf: Uint8Array } | { ok: false; message: string }) => {
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (msg.ok) resolve(Buffer.from(msg.pdf));
      else reject(new Error(msg.message));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      // A worker that failed to load falls back to rendering here, so a download never fails for that reason.
      renderAnswerSheets(input).then(resolve, () => reject(err));
    });
  });
}
