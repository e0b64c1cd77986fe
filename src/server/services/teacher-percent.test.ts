import { describe, expect, it } from 'vitest';
import { gradeBand, showScore } from '../../correction/index';
import { levelPercent, teacherDimensionPercent, teacherTotalPercent } from './teacher-percent';

describe('teacher scores on the percent scale', () => {
  it('maps level labels to the midpoint of their range; the open bottom level takes the width of the level above', () => {
    expect([levelPercent(1, 'A'), levelPercent(1, 'B'), levelPercent(1, 'C')]).toEqual([92.5, 77.5, 62.5]);
    expect([levelPercent(2, '优秀'), levelPercent(2, '良好'), levelPercent(2, '中等'), levelPercent(2, '较差')]).toEqual([92.5, 80, 67.5, 52.5]);
    expect([levelPercent(4, '甲'), levelPercent(4, '乙'), levelPercent(4, '丙'), levelPercent(4, '丁')]).toEqual([92.5, 80, 67.5, 52.5]);
    expect(levelPercent(2, 'Poor')).toBe(52.5);
    expect(levelPercent(1, 'D')).toBeNull();
    expect(levelPercent(3, 'A')).toBeNull();
  });

  it('each label maps back to itself (the midpoint lies inside the label’s range)', () => {
    for (const type of [1, 2, 4] as const) {
      for (let p = 0; p <= 100; p += 0.5) {
        const label = showScore(p, type, 'zh').label;
        expect(showScore(levelPercent(type, label)!, type, 'zh').label).toBe(label);
      }
    }
  });

  it('reads numeric totals against the full mark and clamps them', () => {
    expect(teacherTotalPercent(3, '45', 50)).toBe(90);
    expect(teacherTotalPercent(3, '88', null)).toBe(88);
    expect(teacherTotalPercent(3, '120', 100)).toBe(100);
    expect(teacherTotalPercent(3, 'A', 100)).toBeNull();
    expect(teacherTotalPercent(1, 'B', null)).toBe(77.5);
    expect(teacherTotalPercent(1, null, null)).toBeNull();
    expect(gradeBand(teacherTotalPercent(1, 'A', null)!)).toBe('excellent');
    expect(gradeBand(teacherTotalPercent(4, '丙', null)!)).toBe('qualified');
  });

  it('reads dimension scores: values out of 100 for type 3, labels otherwise', () => {
    expect(teacherDimensionPercent(3, { value: 76 })).toBe(76);
    expect(teacherDimensionPercent(3, { label: '76' })).toBeNull();
    expect(teacherDimensionPercent(1, { label: 'C' })).toBe(62.5);
    expect(teacherDimensionPercent(2, {})).toBeNull();
  });
});
