import { Worker } from 'node:worker_threads';
import { renderReportPdf, type ReportPdfInput } from './render-report';
import { cjkFontFile } from '../fonts/cjk-font';

const WORKER_URL = new URL('./report-pdf-worker.ts', import.meta.url).href;
// The worker registers tsx's loader itself (execArgv `--import tsx` does not reach worker threads).
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })`;
const TIMEOUT_MS = 60_000;

/** Noto Sans SC, the font of every PDF the server draws (services/fonts). */
export const reportFont = cjkFontFile;

/** Renders the report PDF in a worker thread (the API keeps answering); in this thread if a worker cannot start. */
export function renderReportPdfOffThread(input: Omit<ReportPdfInput, 'font'>): Promise<Buffer> {
  const full: ReportPdfInput = { ...input, font: reportFont() };
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(BOOTSTRAP, { eval: true, workerData: full });
    } catch {
      resolve(Buffer.from(renderReportPdf(full)));
      return;
    }
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate();
      reject(new Error('Report PDF rendering timed out'));
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
      try {
        resolve(Buffer.from(renderReportPdf(full)));
      } catch {
        reject(err);
      }
    });
  });
}
