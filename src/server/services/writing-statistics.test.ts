import { describe, expect, it } from 'vitest';
import { noteExample } from './writing-statistics';

describe('noteExample', () => {
  it('shows a lone punctuation mark and its fix bare, not wrapped in quotation marks (product-rules.md#teacher-journey)', () => {
    expect(noteExample({ kind: 'punctuation', excerpt: ',', fix: '，' })).toBe(', → ，');
    expect(noteExample({ kind: 'punctuation', excerpt: '"', fix: '“' })).toBe('" → “');
  });
  it('quotes a mark shown in its words, and wrong characters', () => {
    expect(noteExample({ kind: 'punctuation', excerpt: '秋天到了,', fix: '秋天到了，' })).toBe('“秋天到了,”→“秋天到了，”');
    expect(noteExample({ kind: 'wrongChar', excerpt: '渡', fix: '度' })).toBe('“渡”→“度”');
  });
});
