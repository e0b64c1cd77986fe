import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ClassReport } from '../../core/api/contracts/class-report';
import { summarizeScores } from '../../core/scoring/score-summary';
import { reportWorkbook } from './class-report-export';

// The class report's xlsx reads the report's one summary: a letter-grade task in letters only.
const student = (no: string, score: string, percent: number, band: string) => ({ studentNo: no, name: `学生${no}`, status: 'approved', score, percent, band, dimensions: [], wordCount: 500, previous: 70, wrongChars: 0 });

async function rows(report: ClassReport) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await reportWorkbook(report, 'zh')).body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const table = Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1));
  return Object.assign(table, { summary: (wb.worksheets[1]!.getRow(1).values as unknown[]).slice(1) });
}

describe('the class report xlsx', () => {
  it('a letter-grade task: no percent, no 优秀/良好 band beside the letters (was 得分率 92.5 and 良好 beside B), level counts on the summary sheet', async () => {
    const scores = [
      { percent: 92.5, label: 'A' },
      { percent: 77.5, label: 'B' },
    ];
    const summary = summarizeScores(scores, { scoreType: 1, levels: ['A', 'B', 'C'] });
    const report = { task: { id: 1, title: '我的老师' }, class: { id: 2, name: '七年级2班' }, dimensions: [], overview: { summary }, students: [student('01', 'A', 92.5, 'excellent'), student('02', 'B', 77.5, 'good')] } as unknown as ClassReport;
    const r = await rows(report);
    expect(r[0]).not.toContain('得分率');
    expect(r[0]).not.toContain('等级');
    expect(r).toHaveLength(3);
    expect(r[1]!.slice(0, 4)).toEqual(['01', '学生01', expect.any(String), 'A']);
    expect(JSON.stringify(r.slice(1))).not.toMatch(/92\.5|77\.5|优秀|良好/);
    expect(r.summary).toEqual(['得分汇总', 'A 1篇，B 1篇，C 0篇（中间水平 B）']);
  });

  it('a points task keeps its percent and band, and its average on the summary sheet', async () => {
    const summary = summarizeScores([{ percent: 90, label: '90' }], { scoreType: 3, fullMark: 100, levels: [] });
    const report = { task: { id: 1, title: 't' }, class: { id: 2, name: 'c' }, dimensions: [], overview: { summary }, students: [student('01', '90', 90, 'excellent')] } as unknown as ClassReport;
    const r = await rows(report);
    expect(r[0]).toContain('得分率');
    expect(r.summary).toEqual(['得分汇总', '平均 90（满分100），最高 90，最低 90']);
  });
});
