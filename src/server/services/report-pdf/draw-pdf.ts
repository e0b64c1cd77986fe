// The PDFs the report worker draws, by kind: shared by the worker and the in-thread fallback.
import { renderParentPdf, type ParentPdfInput } from './render-parent-report';
import { renderReportPdf, type ReportPdfInput } from './render-report';

export type PdfJobInput = { kind: 'class'; input: Omit<ReportPdfInput, 'font'> } | { kind: 'parent'; input: Omit<ParentPdfInput, 'font'> };

export function drawPdf(job: PdfJobInput, font: Uint8Array): Uint8Array {
  return job.kind === 'parent' ? renderParentPdf({ ...job.input, font }) : renderReportPdf({ ...job.input, font });
}
