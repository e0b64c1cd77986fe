import type ExcelJS from 'exceljs';

// ExcelJS costs about half a second of CPU to import: it is loaded by the first export or import of a
// workbook, not by every process start.
let loading: Promise<typeof ExcelJS> | undefined;

/** The ExcelJS module, imported on first use. */
export function loadExcel(): Promise<typeof ExcelJS> {
  return (loading ??= import('exceljs').then((m) => m.default));
}
