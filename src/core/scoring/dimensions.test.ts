import { describe, expect, it } from 'vitest';
import { canonicalDimensionNames, dimensionLabel, resolveDimension } from './dimensions';

describe('scoring dimensions', () => {
  it('resolves the seeded default standard’s short names to the dialog’s dimensions', () => {
    expect('立意,内容,结构,语言,书写'.split(',').map(resolveDimension)).toEqual(['theme', 'content', 'structure', 'language', 'mechanics']);
    expect(resolveDimension('立意切题')).toBe('theme');
    expect(resolveDimension('Structure')).toBe('structure');
    expect(resolveDimension('维度1')).toBeUndefined();
  });
  it('labels a stored name in the reader’s language', () => {
    expect(dimensionLabel('书写', 'en')).toBe('Characters and punctuation');
    expect(dimensionLabel('书写', 'zh')).toBe('书写规范');
    expect(dimensionLabel('自定义维度', 'en')).toBe('自定义维度');
  });
  it('gives the dialog the stored standard ticked', () => {
    expect(canonicalDimensionNames(['立意', '内容', '结构', '语言', '书写'])).toEqual(['立意切题', '内容充实', '结构条理', '语言表达', '书写规范']);
  });
});
