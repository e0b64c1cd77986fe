import { describe, expect, it } from 'vitest';
import { scoreSummariesLine, scoreSummaryLine, summarizeByScale, summarizeScores } from './score-summary';

const ABC = { scoreType: 1, fullMark: null, levels: ['A', 'B', 'C'] };

describe('summarizeScores', () => {
  it('sums a letter-grade task up in letters: counts per level and the middle essay, never an average (was 平均分 B / 最高分 92.5)', () => {
    const s = summarizeScores(
      [
        { percent: 92.5, label: 'A' },
        { percent: 78, label: 'B' },
        { percent: 72, label: 'B' },
        { percent: 62.5, label: 'C' },
      ],
      ABC,
    );
    expect(s).toEqual({ kind: 'levels', count: 4, levels: [{ label: 'A', count: 1 }, { label: 'B', count: 2 }, { label: 'C', count: 1 }], median: 'B', average: null, highest: null, lowest: null, fullMark: null });
    expect(scoreSummaryLine(s, 'zh')).toBe('A 1篇，B 2篇，C 1篇（中间水平 B）');
    expect(scoreSummaryLine(s, 'en')).toBe('A 1, B 2, C 1 (middle essay: B)');
    expect(scoreSummaryLine(s, 'zh')).not.toMatch(/\d+\.\d|平均/);
  });

  it('counts a B as B: every level of the scale is listed, an empty one with 0', () => {
    const s = summarizeScores([{ percent: 80, label: '良好' }], { scoreType: 2, levels: ['优秀', '良好', '中等', '较差'] });
    expect(s.levels).toEqual([{ label: '优秀', count: 0 }, { label: '良好', count: 1 }, { label: '中等', count: 0 }, { label: '较差', count: 0 }]);
  });

  it('sums a points task up in points out of its full mark', () => {
    const s = summarizeScores([{ percent: 90, label: '36' }, { percent: 55, label: '22' }], { scoreType: 3, fullMark: 40, levels: [] });
    expect(s).toMatchObject({ kind: 'points', average: 29, highest: 36, lowest: 22, fullMark: 40 });
    expect(scoreSummaryLine(s, 'zh')).toBe('平均 29（满分40），最高 36，最低 22');
  });

  it('says there are no scores yet rather than showing zeros', () => {
    expect(scoreSummaryLine(summarizeScores([], ABC), 'zh')).toBe('暂无评分');
    expect(summarizeScores([], { scoreType: 3, levels: [] })).toMatchObject({ average: null, highest: null, lowest: null });
  });
});

describe('summarizeByScale', () => {
  it('keeps a semester of letter-grade tasks in letters (was 平均得分 82 for A, B, C, A) and never averages across scales', () => {
    const letters = summarizeByScale([{ scale: ABC, scores: [{ percent: 92.5, label: 'A' }, { percent: 77.5, label: 'B' }, { percent: 62.5, label: 'C' }, { percent: 92.5, label: 'A' }] }]);
    expect(scoreSummariesLine(letters, 'zh')).toBe('A 2篇，B 1篇，C 1篇（中间水平 B）');
    const mixed = summarizeByScale([
      { scale: ABC, scores: [{ percent: 92.5, label: 'A' }] },
      { scale: { scoreType: 3, fullMark: 40, levels: [] }, scores: [{ percent: 75, label: '30' }] },
      { scale: { scoreType: 2, levels: ['优秀', '良好', '中等', '较差'] }, scores: [] },
    ]);
    expect(mixed.map((s) => s.kind)).toEqual(['levels', 'points']);
    expect(scoreSummariesLine(mixed, 'zh')).toBe('A 1篇，B 0篇，C 0篇（中间水平 A）；平均 30（满分40），最高 30，最低 30');
    expect(scoreSummariesLine(mixed, 'en')).toContain('; average 30 (out of 40)');
    expect(scoreSummariesLine([], 'zh')).toBe('暂无评分');
  });
});
