import { describe, expect, it } from 'vitest';
import { applyFixes, fitsDoubt, stepDoubt } from './doubt-steps';

const doubts = [
  { start: 9, end: 10 },
  { start: 2, end: 3 },
  { start: 5, end: 6 },
];

describe('stepping through doubtful characters', () => {
  it('goes in reading order, Tab from nowhere to the first, Shift+Tab to the last', () => {
    expect(stepDoubt(doubts, null, false)).toBe(2);
    expect(stepDoubt(doubts, null, true)).toBe(9);
    expect(stepDoubt(doubts, 2, false)).toBe(5);
    expect(stepDoubt(doubts, 5, false)).toBe(9);
    expect(stepDoubt(doubts, 5, true)).toBe(2);
  });

  it('steps out past either end, as Tab leaves a field', () => {
    expect(stepDoubt(doubts, 9, false)).toBeUndefined();
    expect(stepDoubt(doubts, 2, true)).toBeUndefined();
    expect(stepDoubt([], null, false)).toBeUndefined();
  });

  it('applies several pending fixes at once, each at its own offset', () => {
    const fixes = new Map([
      [2, { end: 3, text: '拔' }],
      [9, { end: 10, text: '赛' }],
    ]);
    expect(applyFixes('学校开始了拨河比寨', new Map())).toBe('学校开始了拨河比寨');
    expect(applyFixes('今天拨河比赛很好玩比寨', fixes)).toBe('今天拔河比赛很好玩赛寨');
  });

  it('takes a typed replacement only as long as the doubt, without spaces', () => {
    expect(fitsDoubt({ start: 2, end: 3 }, '拔')).toBe(true);
    expect(fitsDoubt({ start: 2, end: 3 }, '拔河')).toBe(false);
    expect(fitsDoubt({ start: 2, end: 3 }, ' ')).toBe(false);
  });
});
