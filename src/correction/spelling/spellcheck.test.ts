import { describe, expect, it } from 'vitest';
import { correctSpelling, DEFAULT_SPELL_PARAMS, ESSAY_SPELL_PARAMS, findWrongChars } from './spellcheck.js';
import { getConfusion } from './confusion.js';

describe('wrong-character detection', () => {
  it('fixes a homophone that breaks a common word and reports its offset and the word it completes', () => {
    const text = '所以对其的态度也完全不一至。';
    const fixes = findWrongChars(text);
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ wrong: '至', fix: '致', word: '一致', start: 12, end: 13 });
    expect(correctSpelling(text)).toBe('所以对其的态度也完全不一致。');
    // the first call loads the dictionary and builds the pinyin classes (≈ 10 s on a busy 2-core machine)
  }, 120_000);

  it('fixes 应为→因为 only with listed pairs tried both ways (same_pinyin lists 应 under 因, not 因 under 应)', () => {
    const text = '我们应为下雨没有去公园。';
    expect(correctSpelling(text)).toBe('我们因为下雨没有去公园。');
    expect(correctSpelling(text, { ...DEFAULT_SPELL_PARAMS, symmetric: 0, fuzzy: 0 })).toBe(text);
  }, 120_000);

  it('leaves a correct sentence unchanged', () => {
    expect(correctSpelling('今天天气很好，我们一起去公园散步。')).toBe('今天天气很好，我们一起去公园散步。');
  });

  it('needs a larger gain in essay mode, so clean essay text gets no proposals', () => {
    const clean = '秋天到了，学校举行了一年一度的运动会。同学们的脸上都洋溢着笑容。';
    expect(findWrongChars(clean, ESSAY_SPELL_PARAMS)).toEqual([]);
    expect(findWrongChars('他端祥着这只小鸟，丝豪也不敢动。', ESSAY_SPELL_PARAMS).map((f) => f.fix)).toEqual(['详', '毫']);
  });

  it('keeps text that is not Chinese as it is', () => {
    expect(correctSpelling('Hello, 123!')).toBe('Hello, 123!');
  });

  it('loads same-pinyin and same-shape confusion sets from the shipped data', () => {
    const c = getConfusion();
    expect(c.get('至')?.some((x) => x.char === '致' && x.kind === 'sameTone')).toBe(true);
    expect(c.get('祥')?.some((x) => x.char === '详')).toBe(true);
  });
});
