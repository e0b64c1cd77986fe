// The score export of a task (product-rules.md#validation: only teacher-approved scores): one row per student's latest
// approved draft with the teacher's total and dimension scores, the grade band, words and times.
import { loadExcel } from './excel-lazy';
import type ExcelJS from 'exceljs';
import { DIMENSIONS, GRADE_BANDS, gradeBand } from '../../correction/index';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import type { ApprovedEssayRow } from '../repositories/writing-statistics';
import { teacherDimensionPercent, teacherTotalPercent } from './teacher-percent';
import type { TaskScoringInfo } from './writing-scope';
import { formatCst } from './cst-time';
import { compareStudentNo } from '../../core/domain/student-order';
import { isLevelScale, scoreSummaryLine } from '../../core/scoring/score-summary';
import { summaryOnScale } from './score-scale';

/** A cell's time in the product-rules.md#limits format (China Standard Time); empty when there is none. */
export function cstTime(d: Date | null): string {
  return d ? formatCst(d) : '';
}

type StoredDimension = { id?: string; value?: number; label?: string };

/** A teacher score cell: the number for score type 3, else the level label. */
function scoreCell(scoring: TaskScoringInfo, score: string | null): string | number {
  if (score === null) return '';
  const n = Number(score);
  return scoring.scoreType === 3 && score.trim() !== '' && Number.isFinite(n) ? n : score;
}

/** A teacher score as a percent: the total, else the mean of the dimension scores (null without either). */
function percentOf(row: ApprovedEssayRow, scoring: TaskScoringInfo): number | null {
  let percent = teacherTotalPercent(scoring.scoreType, row.teacherScore, scoring.fullMark);
  if (percent === null) {
    const dims = ((Array.isArray(row.dimensionScores) ? row.dimensionScores : []) as StoredDimension[]).flatMap((d) => {
      const p = teacherDimensionPercent(scoring.scoreType, d);
      return p === null ? [] : [p];
    });
    percent = dims.length ? dims.reduce((a, b) => a + b, 0) / dims.length : null;
  }
  return percent;
}

/** The export band of a points score (a letter-grade task's level is its score: it is not re-cut into
 * 优秀/良好/中等 at other cut-offs). */
function bandOf(percent: number | null, lang: Lang): string {
  if (percent === null) return '';
  const band = gradeBand(percent);
  return GRADE_BANDS.find((b) => b.band === band)![lang];
}

/** Rows in class order (as the task lists its classes), then student number. */
export function exportOrder(rows: ApprovedEssayRow[], classOrder: number[]): ApprovedEssayRow[] {
  const rank = (id: number) => classOrder.indexOf(id);
  return [...rows].sort((a, b) => rank(a.classId) - rank(b.classId) || compareStudentNo(a.studentNo, b.studentNo) || a.studentId - b.studentId);
}

export async function buildWritingWorkbook(input: { rows: ApprovedEssayRow[]; scoring: TaskScoringInfo; lang: Lang }): Promise<Buffer> {
  const { rows, scoring, lang } = input;
  const t = (key: string) => translate(lang, key as MessageKey);
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'zhipi';
  const ws = wb.addWorksheet(t('exportWriting.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const dimensionColumns = scoring.dimensions.map((id) => ({ header: DIMENSIONS[id][lang], key: `dim:${id}`, width: 12 }));
  ws.columns = [
    { header: t('exportWriting.col.class'), key: 'class', width: 14 },
    { header: t('exportWriting.col.studentNo'), key: 'studentNo', width: 10 },
    { header: t('exportWriting.col.name'), key: 'name', width: 12 },
    { header: t('exportWriting.col.draft'), key: 'draft', width: 12 },
    { header: t('exportWriting.col.teacherScore'), key: 'teacherScore', width: 12 },
    ...dimensionColumns,
    ...(isLevelScale(scoring) ? [] : [{ header: t('exportWriting.col.band'), key: 'band', width: 18 }]),
    { header: t('exportWriting.col.words'), key: 'words', width: 8 },
    { header: t('exportWriting.col.submitted'), key: 'submitted', width: 21 },
    { header: t('exportWriting.col.audited'), key: 'audited', width: 21 },
    { header: t('exportWriting.col.comment'), key: 'comment', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const dims = (Array.isArray(r.dimensionScores) ? r.dimensionScores : []) as StoredDimension[];
    const values: Record<string, string | number> = {
      class: r.className,
      // student numbers stay text: leading zeros matter
      studentNo: r.studentNo,
      name: r.studentName,
      draft: t(`exportWriting.draft.${Math.min(2, Math.max(0, r.draft))}`),
      teacherScore: scoreCell(scoring, r.teacherScore),
      ...(isLevelScale(scoring) ? {} : { band: bandOf(percentOf(r, scoring), lang) }),
      words: r.wordCount ?? '',
      submitted: cstTime(r.submittedAt),
      audited: cstTime(r.auditAt),
      comment: r.teacherComment ?? '',
    };
    for (const id of scoring.dimensions) {
      const d = dims.find((x) => x.id === id);
      values[`dim:${id}`] = d ? (scoring.scoreType === 3 ? (d.value ?? '') : (d.label ?? '')) : '';
    }
    ws.addRow(values);
  }
  // the task's scores summed up as every screen shows them: level counts, or points out of the full mark
  const percents = rows.flatMap((r) => {
    const p = percentOf(r, scoring);
    return p === null ? [] : [p];
  });
  // on a sheet of its own, so the table stays one row per student (sorting, filters, imports)
  addSummarySheet(wb, t('exportWriting.summary'), scoreSummaryLine(summaryOnScale(percents, scoring, lang), lang));
  ws.getColumn('studentNo').numFmt = '@';
  ws.getColumn('comment').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The second sheet of a score export: the task's scores summed up on its own scale, in one line. */
export function addSummarySheet(wb: ExcelJS.Workbook, title: string, line: string): void {
  const ws = wb.addWorksheet(title);
  ws.addRow([title, line]);
  ws.getColumn(1).width = 12;
  ws.getColumn(2).width = 60;
}

/** Content-Disposition of the download: an ASCII fallback name and the real one (RFC 5987 filename*). */
export function attachmentHeader(name: string, fallback: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
