import { describe, expect, it } from 'vitest';
import { initialsOf, sampleAuthorName } from './display-name';
import { byScoreDesc, scoreValue } from './score-rank';

describe('sample author names', () => {
  it('full in class, masked or initials beyond, anonymous when hidden', () => {
    expect(sampleAuthorName('张小明', true, 'inClass', '匿名')).toBe('张小明');
    expect(sampleAuthorName('张小明', true, 'beyond', '匿名')).toBe('张**');
    expect(sampleAuthorName('张小明', false, 'inClass', '匿名')).toBe('匿名');
    expect(initialsOf('John Smith')).toBe('J. S.');
    expect(initialsOf('李')).toBe('李*');
  });
});

describe('score ranking across score types', () => {
  it('numbers, A/B/C, 优良中差, missing last', () => {
    expect(byScoreDesc(['88', '92', null, '75'], (x) => x)).toEqual(['92', '88', '75', null]);
    expect(byScoreDesc(['B', 'A', 'C'], (x) => x)).toEqual(['A', 'B', 'C']);
    expect(byScoreDesc(['良', '优', '差'], (x) => x)).toEqual(['优', '良', '差']);
    expect(scoreValue('A+')).toBeGreaterThan(scoreValue('A'));
    expect(scoreValue('??')).toBe(-Infinity);
  });
});
