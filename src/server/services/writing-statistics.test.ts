import { describe, expect, it } from 'vitest';
import { noteExample } from './writing-statistics';

describe('noteExample', () => {
  it('says what is wrong with the punctuation in words, never raw marks and arrows (was “如，→。、，，→，”)', () => {
    expect(noteExample({ kind: 'punctuation', excerpt: '！！', fix: '！', message: '标点：标点重复使用，改为“！”。' })).toBe('标点重复使用');
    expect(noteExample({ kind: 'punctuation', excerpt: ',', fix: '，', message: 'Punctuation: use a full-width Chinese mark here; write “，”.' }, 'en')).toBe('use a full-width Chinese mark here');
    expect(noteExample({ kind: 'punctuation', excerpt: ',', fix: '，' })).toBe('标点使用不规范');
    for (const x of [noteExample({ kind: 'punctuation', excerpt: '，', fix: '。' }), noteExample({ kind: 'wrongChar', excerpt: '渡', fix: '度' })]) expect(x).not.toMatch(/→/);
  });
  it('quotes a wrong character with its fix in words', () => {
    expect(noteExample({ kind: 'wrongChar', excerpt: '渡', fix: '度' })).toBe('“渡”应为“度”');
    expect(noteExample({ kind: 'wrongChar', excerpt: '渡', fix: '度' }, 'en')).toBe('“渡” for “度”');
  });
});
