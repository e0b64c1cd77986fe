// The class growth table as xlsx (zh or en headers), one row per student, in the table's order.
import { loadExcel } from './excel-lazy';
import type { GrowthRecord } from '../../core/api/contracts/growth';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import { scoreSummariesLine } from '../../core/scoring/score-summary';

export async function buildGrowthWorkbook(input: { rows: GrowthRecord[]; semesterName: string; lang: Lang }): Promise<Buffer> {
  const { rows, lang } = input;
  const t = (key: string) => translate(lang, key as MessageKey);
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'zhipi';
  const ws = wb.addWorksheet(t('growth.export.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: t('growth.col.semester'), key: 'semester', width: 16 },
    { header: t('growth.col.class'), key: 'class', width: 14 },
    { header: t('growth.col.studentNo'), key: 'studentNo', width: 10 },
    { header: t('growth.col.name'), key: 'name', width: 12 },
    { header: t('growth.col.gender'), key: 'gender', width: 8 },
    { header: t('growth.col.tasksCompleted'), key: 'tasksCompleted', width: 14 },
    { header: t('growth.col.essaysSubmitted'), key: 'essaysSubmitted', width: 14 },
    { header: t('growth.col.totalWords'), key: 'totalWords', width: 12 },
    { header: t('growth.col.excellentCount'), key: 'excellentCount', width: 14 },
    { header: t('growth.col.averageScore'), key: 'scores', width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      semester: input.semesterName,
      class: r.className,
      // student numbers stay text: leading zeros matter
      studentNo: r.studentNo,
      name: r.name,
      gender: t(`growth.gender.${r.gender === 1 || r.gender === 2 ? r.gender : 0}`),
      tasksCompleted: r.tasksCompleted,
      essaysSubmitted: r.essaysSubmitted,
      totalWords: r.totalWords,
      excellentCount: r.excellentCount,
      // on the tasks' own scales, as every screen shows them (never a mean of the percents behind letters)
      scores: r.scores.some((x) => x.count) ? scoreSummariesLine(r.scores, lang) : '',
    });
  }
  ws.getColumn('studentNo').numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
