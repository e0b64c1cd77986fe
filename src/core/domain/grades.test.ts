import { describe, expect, it } from 'vitest';
import { gradeLabel } from './grades';

describe('grade labels', () => {
  it('names grades 1–9 and senior 1–3 in both languages', () => {
    expect([1, 7, 9, 10, 12].map((g) => gradeLabel(g, 'zh'))).toEqual(['一年级', '七年级', '九年级', '高一', '高三']);
    expect([1, 9, 10, 12].map((g) => gradeLabel(g, 'en'))).toEqual(['Grade 1', 'Grade 9', 'Senior 1', 'Senior 3']);
  });

  it('shows an unknown grade as its number', () => {
    expect(gradeLabel(13, 'zh')).toBe('13');
    expect(gradeLabel(0, 'en')).toBe('0');
  });
});
