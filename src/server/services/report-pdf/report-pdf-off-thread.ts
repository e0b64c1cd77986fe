import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderReportPdf, type ReportPdfInput } from './render-report';
import { woffToSfnt } from './woff';

const WORKER_URL = new URL('./report-pdf-worker.ts', import.meta.url).href;
// The worker registers tsx's loader itself, as the answer-sheet worker does.
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })`;
const TIMEOUT_MS = 60_000;

let font: Uint8Array | null = null;
/** Noto Sans SC (the fontsource "chinese-simplified" cut), unwrapped from WOFF once per process. */
export function reportFont(): Uint8Array {
  if (!font) {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE'));
    font = new Uint8Array(woffToSfnt(readFileSync(path.join(dir, 'files/noto-sans-sc-chinese-simplified-400-normal.woff'))));
  }
  return font;
}

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
