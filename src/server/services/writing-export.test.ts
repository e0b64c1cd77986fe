import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ApprovedEssayRow } from '../repositories/writing-statistics';
import { attachmentHeader, buildWritingWorkbook, cstTime } from './writing-export';
import type { TaskScoringInfo } from './writing-scope';

describe('score export helpers', () => {
  it('writes times as YYYY-MM-DD HH:mm:ss in China Standard Time', () => {
    expect(cstTime(new Date('2026-03-01T16:05:09Z'))).toBe('2026-03-02 00:05:09');
    expect(cstTime(null)).toBe('');
  });

  it('names the file for every browser: ASCII fallback and RFC 5987 filename*', () => {
    const h = attachmentHeader("作文成绩-我的(第一次)'家'.xlsx", 'essay-scores-7.xlsx');
    expect(h).toBe("attachment; filename=\"essay-scores-7.xlsx\"; filename*=UTF-8''%E4%BD%9C%E6%96%87%E6%88%90%E7%BB%A9-%E6%88%91%E7%9A%84%28%E7%AC%AC%E4%B8%80%E6%AC%A1%29%27%E5%AE%B6%27.xlsx");
    expect(decodeURIComponent(h.split("UTF-8''")[1]!)).toBe("作文成绩-我的(第一次)'家'.xlsx");
  });
});

describe('the score export sums up on the task scale', () => {
  const row = (n: number, teacherScore: string): ApprovedEssayRow => ({
    id: n,
    classId: 1,
    className: '七年级2班',
    classGrade: 7,
    studentId: n,
    studentName: `学生${n}`,
    studentNo: `0${n}`,
    draft: 0,
    wordCount: 500,
    teacherScore,
    submittedAt: new Date('2026-09-01T08:00:00Z'),
    auditAt: null,
    dimensionScores: [],
    teacherComment: '',
  });
  async function sheet(scoring: TaskScoringInfo, scores: string[]) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildWritingWorkbook({ rows: scores.map((s, i) => row(i + 1, s)), scoring, lang: 'zh' })) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    // the summary has a sheet of its own: the table stays one row per student
    return { header: (ws.getRow(1).values as string[]).slice(1), rows: Array.from({ length: ws.rowCount - 1 }, (_, i) => (ws.getRow(i + 2).values as unknown[]).slice(1)), summary: (wb.worksheets[1]!.getRow(1).values as unknown[]).slice(1) };
  }

  it('a letter-grade task: letters only, no 优秀/良好 band re-cut from the percents behind them, level counts on the summary sheet', async () => {
    const { header, rows, summary } = await sheet({ scoreType: 1, fullMark: null, dimensions: [] }, ['A', 'B', 'B', 'C']);
    expect(header).not.toContain('等级');
    expect(rows.map((r) => r[4])).toEqual(['A', 'B', 'B', 'C']);
    expect(summary).toEqual(['得分汇总', 'A 1篇，B 2篇，C 1篇（中间水平 B）']);
    expect(JSON.stringify(rows)).not.toMatch(/优秀|良好|中等|平均/);
  });

  it('a points task: points, their band, and the average out of the full mark on the summary sheet', async () => {
    const { header, rows, summary } = await sheet({ scoreType: 3, fullMark: 40, dimensions: [] }, ['36', '22']);
    expect(header).toContain('等级');
    expect(rows).toHaveLength(2);
    expect(summary).toEqual(['得分汇总', '平均 29（满分40），最高 36，最低 22']);
  });
});
