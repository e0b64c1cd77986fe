// Worker thread entry: draws report PDFs (the class report, a parent's one-student report) one after
// another for report-pdf-off-thread.ts, which keeps it alive between reports (mupdf, the font and the
// glyph tables are loaded once).
import { parentPort, workerData } from 'node:worker_threads';
import { drawPdf, type PdfJobInput } from './draw-pdf';

export type PdfJob = { id: number } & PdfJobInput;
export type PdfJobResult = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const { font } = workerData as { font: Uint8Array };

parentPort?.on('message', ({ id, ...job }: PdfJob) => {
  try {
    const pdf = drawPdf(job, font);
    parentPort!.postMessage({ id, ok: true, pdf } satisfies PdfJobResult, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies PdfJobResult);
  }
});
