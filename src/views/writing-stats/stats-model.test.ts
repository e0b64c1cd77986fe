import { describe, expect, it } from 'vitest';
import { bandShares, distributionBars, formatAverage, rankedDimensions, submissionRate, topProblems } from './stats-model';

describe('writing statistics shaping', () => {
  it('orders the distribution by range and labels each bar', () => {
    const bars = distributionBars([
      { from: 90, to: 100, count: 2 },
      { from: 0, to: 9, count: 0 },
      { from: 80, to: 89, count: 5 },
    ]);
    expect(bars).toEqual({ labels: ['0–9', '80–89', '90–100'], counts: [0, 5, 2] });
  });

  it('gives each band its share of the scored essays, zero when none', () => {
    const shares = bandShares([
      { band: 'excellent', label: '优秀', count: 3 },
      { band: 'good', label: '良好', count: 1 },
    ]);
    expect(shares.map((s) => s.percent)).toEqual([75, 25]);
    expect(bandShares([{ band: 'good', label: '良好', count: 0 }])[0]!.percent).toBe(0);
  });

  it('formats averages with one decimal and keeps "not scored" as null', () => {
    expect(formatAverage(82.349)).toBe('82.3');
    expect(formatAverage(80)).toBe('80.0');
    expect(formatAverage(null)).toBeNull();
  });

  it('computes the submission rate', () => {
    expect(submissionRate({ students: 40, submitted: 30 })).toBe(75);
    expect(submissionRate({ students: 0, submitted: 0 })).toBe(0);
  });

  it('ranks dimensions strongest first, marks the weakest and puts unscored ones last', () => {
    const ranked = rankedDimensions([
      { id: 'a', name: '内容', average: 70 },
      { id: 'b', name: '结构', average: null },
      { id: 'c', name: '语言', average: 85 },
      { id: 'd', name: '书写', average: 60 },
    ]);
    expect(ranked.map((d) => d.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(ranked.filter((d) => d.weakest).map((d) => d.id)).toEqual(['d']);
    expect(rankedDimensions([{ id: 'x', name: '内容', average: 50 }])[0]!.weakest).toBe(false);
  });

  it('keeps the most frequent problems first', () => {
    const problems = topProblems(
      [
        { kind: 'typo', label: '错别字', essays: 3, examples: [] },
        { kind: 'punct', label: '标点', essays: 7, examples: [] },
        { kind: 'short', label: '字数不足', essays: 1, examples: [] },
      ],
      2,
    );
    expect(problems.map((p) => p.kind)).toEqual(['punct', 'typo']);
  });
});
