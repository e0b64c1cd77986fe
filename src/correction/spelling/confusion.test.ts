import { describe, expect, it } from 'vitest';
import { fuzzyKey, getConfusion } from './confusion.js';

describe('confusion sets', () => {
  it('lists a pair only the way the data does unless asked for both ways', () => {
    expect(getConfusion().get('以')?.some((c) => c.char === '一')).toBe(true);
    expect(getConfusion().get('一')?.some((c) => c.char === '以')).toBe(false);
    expect(getConfusion({ symmetric: true }).get('一')?.find((c) => c.char === '以')?.kind).toBe('otherTone');
  });

  it('folds near-homophones onto one key: nasals, n/l, retroflex initials', () => {
    expect(fuzzyKey('ying')).toBe(fuzzyKey('yin'));
    expect(fuzzyKey('neng')).toBe(fuzzyKey('nen'));
    expect(fuzzyKey('lan')).toBe(fuzzyKey('nang'));
    expect(fuzzyKey('zhi')).toBe(fuzzyKey('zi'));
    expect(fuzzyKey('shi')).toBe(fuzzyKey('si'));
    expect(fuzzyKey('ma')).not.toBe(fuzzyKey('na'));
  });

  it('offers 因 for 应 once pairs go both ways, 音 (ying/yin) as a fuzzy candidate, never the character itself', () => {
    expect(getConfusion().get('应')?.some((c) => c.char === '因')).toBe(false);
    const conf = getConfusion({ symmetric: true, fuzzy: true });
    expect(conf.get('应')?.some((c) => c.char === '因')).toBe(true);
    expect(conf.get('应')?.find((c) => c.char === '音')?.kind).toBe('fuzzy');
    for (const [ch, cands] of conf) expect(cands.some((c) => c.char === ch)).toBe(false);
  }, 120_000); // loads jieba's dictionary and pinyin on a shared machine
});
