import { describe, expect, it } from 'vitest';
import { derivedTotal, dimensionFullMark, dimensionProblem, initialScores, parseScore, sameScores, totalProblem, usesLevels, type ScoringTask } from './score-input';

const dims = [
  { id: 'content', name: '内容', fullMark: null },
  { id: 'structure', name: '结构', fullMark: null },
  { id: 'language', name: '语言', fullMark: null },
  { id: 'mechanics', name: '书写', fullMark: null },
];
const abc: ScoringTask = { scoreType: 1, fullMark: null, levels: ['A', 'B', 'C'], dimensions: dims };
const grades: ScoringTask = { scoreType: 2, fullMark: null, levels: ['优秀', '良好', '中等', '较差'], dimensions: dims };
const points: ScoringTask = { scoreType: 3, fullMark: 100, levels: [], dimensions: dims.map((d, i) => ({ ...d, fullMark: [40, 20, 30, 10][i]! })) };
const even: ScoringTask = { scoreType: 3, fullMark: 50, levels: [], dimensions: dims };

describe('score type', () => {
  it('uses levels for types 1, 2, 4 and numbers for type 3', () => {
    expect([1, 2, 3, 4].map(usesLevels)).toEqual([true, true, false, true]);
  });
});

describe('number scores (type 3)', () => {
  it('accepts 0 to the full mark with at most one decimal', () => {
    expect(parseScore('18', 20)).toEqual({ value: 18 });
    expect(parseScore('17.5', 20)).toEqual({ value: 17.5 });
    expect(parseScore(' 0 ', 20)).toEqual({ value: 0 });
    expect(parseScore('20', 20)).toEqual({ value: 20 });
    expect(parseScore('', 20)).toEqual({});
  });

  it('refuses what is out of range or not a number', () => {
    expect(parseScore('21', 20).problem).toBe('range');
    expect(parseScore('-1', 20).problem).toBe('range');
    expect(parseScore('17.25', 20).problem).toBe('format');
    expect(parseScore('abc', 20).problem).toBe('format');
    expect(parseScore('1e1', 20).problem).toBe('format');
  });

  it('checks a dimension against its own full mark, or an equal share of the total', () => {
    expect(dimensionFullMark(points, 'content')).toBe(40);
    expect(dimensionFullMark(even, 'content')).toBe(12.5);
    expect(dimensionProblem(points, { id: 'mechanics', value: 10 })).toBeNull();
    expect(dimensionProblem(points, { id: 'mechanics', value: 11 })).toEqual({ key: 'panel.scoreRange', params: { name: '书写', max: 10 } });
    expect(dimensionProblem(points, { id: 'content' })).toBeNull();
    expect(totalProblem(points, '101')).toEqual({ key: 'panel.totalRange', params: { max: 100 } });
    expect(totalProblem(points, '88.5')).toBeNull();
  });
});

describe('level scores (types 1, 2, 4)', () => {
  it('accepts only the type’s labels', () => {
    expect(dimensionProblem(abc, { id: 'content', label: 'B' })).toBeNull();
    expect(dimensionProblem(abc, { id: 'content', label: '优秀' })).toEqual({ key: 'panel.scoreLevel', params: { name: '内容', levels: 'A / B / C' } });
    expect(dimensionProblem(grades, { id: 'content', label: '良好' })).toBeNull();
    expect(totalProblem(grades, 'A')?.key).toBe('panel.totalLevel');
    expect(totalProblem(grades, undefined)).toBeNull();
  });
});

describe('starting scores and the total', () => {
  const ai = [
    { id: 'content', label: 'A', value: 36, fullMark: 40 },
    { id: 'structure', label: 'B', value: 8, fullMark: 10 },
    { id: 'language', label: 'B', value: 24, fullMark: 30 },
    { id: 'mechanics', label: 'C', value: 6, fullMark: 10 },
  ];

  it('start from the teacher’s saved scores, else the AI’s in the task’s type', () => {
    expect(initialScores(abc, [{ id: 'content', label: 'C' }], ai)).toEqual([
      { id: 'content', label: 'C' },
      { id: 'structure', label: 'B' },
      { id: 'language', label: 'B' },
      { id: 'mechanics', label: 'C' },
    ]);
    // the AI's structure score was out of 10; the task gives structure 20
    expect(initialScores(points, [], ai).map((s) => s.value)).toEqual([36, 16, 24, 6]);
    expect(initialScores(abc, [], [{ id: 'content', label: '优秀' }])).toEqual([{ id: 'content' }, { id: 'structure' }, { id: 'language' }, { id: 'mechanics' }]);
  });

  it('adds numbers up, scaling to the task’s full mark when the dimensions add up to another', () => {
    expect(derivedTotal(points, [36, 16, 24, 6].map((value, i) => ({ id: dims[i]!.id, value })))).toBe('82');
    expect(derivedTotal(even, [10, 10, 10, 10].map((value, i) => ({ id: dims[i]!.id, value })))).toBe('40');
    expect(derivedTotal(points, [36.5, 16, 24, 6].map((value, i) => ({ id: dims[i]!.id, value })))).toBe('83');
    expect(derivedTotal(points, [{ id: 'content', value: 30 }])).toBeNull();
  });

  it('takes the level nearest the mean position for levels', () => {
    expect(derivedTotal(abc, ['A', 'B', 'B', 'C'].map((label, i) => ({ id: dims[i]!.id, label })))).toBe('B');
    expect(derivedTotal(abc, ['A', 'A', 'A', 'B'].map((label, i) => ({ id: dims[i]!.id, label })))).toBe('A');
    expect(derivedTotal(abc, ['A', 'A', 'A'].map((label, i) => ({ id: dims[i]!.id, label })))).toBeNull();
  });

  it('tells equal score lists apart from edited ones', () => {
    expect(sameScores([{ id: 'a', value: 1 }], [{ id: 'a', value: 1 }])).toBe(true);
    expect(sameScores([{ id: 'a', value: 1 }], [{ id: 'a', value: 2 }])).toBe(false);
  });
});
