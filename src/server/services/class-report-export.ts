import { loadExcel } from './excel-lazy';
import type { ClassReport } from '../../core/api/contracts/class-report';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import { scoreSummaryLine } from '../../core/scoring/score-summary';
import { addSummarySheet, attachmentHeader } from './writing-export';

/** The per-student table of the class report as xlsx (every student of the class, approved scores only). */
export async function reportWorkbook(report: ClassReport, lang: Lang): Promise<{ body: Buffer; contentDisposition: string }> {
  const t = (key: string, p?: Record<string, string | number>) => translate(lang, key as MessageKey, p);
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(t('report.sheetName'));
  const dims = report.dimensions ?? [];
  // A letter-grade task shows its letters only: no percent column and no 优秀/良好 band re-cut from the
  // percents behind them (two scales side by side), nor the previous task's percent; a points task keeps them.
  const summary = report.overview?.summary;
  const points = !summary || summary.kind === 'points';
  ws.addRow([t('report.col.no'), t('report.col.name'), t('report.col.status'), t('report.col.score'), ...(points ? [t('report.percent'), t('report.col.band')] : []), ...dims.map((d) => d.name), t('report.col.words'), ...(points ? [t('report.col.previous')] : []), t('report.col.wrongChars')]);
  ws.getRow(1).font = { bold: true };
  for (const s of report.students ?? []) {
    const scale = points ? [s.percent ?? '', s.band ? t(`report.band.${s.band}`) : ''] : [];
    ws.addRow([s.studentNo, s.name, t(`report.status.${s.status}`), s.score ?? '', ...scale, ...dims.map((_, i) => s.dimensions[i]?.score ?? ''), s.wordCount ?? '', ...(points ? [s.previous ?? ''] : []), s.wrongChars]);
  }
  if (summary) addSummarySheet(wb, t('exportWriting.summary'), scoreSummaryLine(summary, lang));
  ws.columns.forEach((c, i) => (c.width = i === 1 ? 14 : 10));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  const title = `${report.task.title}-${report.class.name}`.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim();
  return { body, contentDisposition: attachmentHeader(`${t('report.fileName', { title })}.xlsx`, `class-report-${report.task.id}-${report.class.id}.xlsx`) };
}
