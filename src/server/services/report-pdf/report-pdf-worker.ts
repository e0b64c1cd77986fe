// Worker thread entry: draws class report PDFs one after another for report-pdf-off-thread.ts, which
// keeps it alive between reports (mupdf, the font and the glyph tables are loaded once).
import { parentPort, workerData } from 'node:worker_threads';
import { renderReportPdf, type ReportPdfInput } from './render-report';

export interface PdfJob {
  id: number;
  input: Omit<ReportPdfInput, 'font'>;
}
export type PdfJobResult = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const { font } = workerData as { font: Uint8Array };

parentPort?.on('message', ({ id, input }: PdfJob) => {
  try {
    const pdf = renderReportPdf({ ...input, font });
    parentPort!.postMessage({ id, ok: true, pdf } satisfies PdfJobResult, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies PdfJobResult);
  }
});
