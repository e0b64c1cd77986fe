import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/vocabulary.js';
import { ALLUSION_FEATURES, extractAllusionFeatures, isClassicalQuote } from './allusion-features.js';

const features = (body: string) => extractAllusionFeatures(body, tokenize(body), (body.match(/\p{Script=Han}/gu) ?? []).length);

describe('allusion and argument evidence (topic-free: fixed markers, jieba name tags, quotation shape)', () => {
  it('tells a classical or verse quotation from a quoted remark', () => {
    expect(isClassicalQuote('学而时习之，不亦说乎')).toBe(true);
    expect(isClassicalQuote('床前明月光，疑是地上霜')).toBe(true);
    expect(isClassicalQuote('锲而不舍，金石可镂')).toBe(true);
    expect(isClassicalQuote('妈妈，我回来了')).toBe(false);
    expect(isClassicalQuote('没事儿吧？红灯了！')).toBe(false);
  });

  it('counts names, works, sayings, history and argument moves in an argumentative paragraph', () => {
    const f = features(
      '古人云：“学而时习之，不亦说乎。”例如，司马迁在《史记》中记下了刘邦的故事；唐朝的李白也写道：“天生我材必有用。”由此可见，学习贵在坚持。',
    );
    expect(f.personNameRate).toBeGreaterThan(0);
    expect(f.workRate).toBeGreaterThan(0);
    expect(f.classicalQuoteRate).toBeGreaterThan(0);
    expect(f.sayingMarkerRate).toBeGreaterThan(0);
    expect(f.historyRate).toBeGreaterThan(0);
    expect(f.argumentMarkerRate).toBeGreaterThan(0);
    expect(Object.keys(f).sort()).toEqual([...ALLUSION_FEATURES].sort());
  }, 60_000);

  it('gives 0, not NaN, for a plain narrative without evidence', () => {
    const f = features('今天我和妈妈去公园散步，阳光很好，我们很开心。');
    for (const k of ALLUSION_FEATURES) expect(Number.isFinite(f[k])).toBe(true);
    expect(f.workRate).toBe(0);
    expect(f.classicalQuoteRate).toBe(0);
    expect(f.historyRate).toBe(0);
  }, 60_000);
});
