// Worker thread entry: renders one class report PDF (report-pdf-off-thread.ts starts it).
import { parentPort, workerData } from 'node:worker_threads';
import { renderReportPdf, type ReportPdfInput } from './render-report';

try {
  const pdf = renderReportPdf(workerData as ReportPdfInput);
  parentPort!.postMessage({ ok: true, pdf }, [pdf.buffer as ArrayBuffer]);
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
