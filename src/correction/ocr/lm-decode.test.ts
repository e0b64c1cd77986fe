import { afterEach, describe, expect, it } from 'vitest';
import { isDoubtful } from '../ocr-doubt.js';
import type { CharLm } from './char-lm.js';
import { LM_TOP_K, LM_WEIGHT, lmDecode, setLmDecodeParams, type LatticeChar } from './lm-decode.js';

// a model that knows the pairs 老师 and 师生 only (others get one small floor)
const tiny: CharLm = { logP: (a, b) => (['老师', '师生'].includes(a + b) ? Math.log(0.5) : Math.log(1e-4)) };
const pos = (text: string, confidence: number, others: Array<[string, number]> = []): LatticeChar => ({
  text,
  confidence,
  ...(others.length ? { alternatives: others.map(([t, p]) => ({ text: t, confidence: p })), candidates: [{ text, p: confidence }, ...others.map(([t, p]) => ({ text: t, p }))] } : {}),
});
const text = (l: LatticeChar[]): string => l.map((c) => c.text).join('');
const weight = LM_WEIGHT;
const topK = LM_TOP_K;
afterEach(() => setLmDecodeParams({ weight, topK }));

describe('lmDecode', () => {
  it('re-reads a position where the recogniser hesitated and the context prefers its runner-up, and leaves it in doubt', () => {
    const out = lmDecode([pos('老', 0.99), pos('帅', 0.6, [['师', 0.35]]), pos('生', 0.97)], tiny);
    expect(text(out)).toBe('老师生');
    expect(out[1]!.confidence).toBe(0.35);
    expect(out[1]!.alternatives?.[0]).toEqual({ text: '帅', confidence: 0.6 });
    expect(isDoubtful(out[1]!)).toBe(true);
  });

  it('keeps a confident reading, and a reading whose runner-up is too weak to weigh', () => {
    expect(text(lmDecode([pos('老', 0.99), pos('帅', 0.995, [['师', 0.004]])], tiny))).toBe('老帅');
  });

  it('changes a character only to one the recogniser itself ranked among its top readings there', () => {
    // 师 fits the context but the recogniser ranked it fourth, after 帅, 帥 and 币: it is not weighed
    const fourth = [pos('老', 0.99), pos('帅', 0.4, [['帥', 0.2], ['币', 0.15], ['师', 0.12]]), pos('生', 0.97)];
    expect(LM_TOP_K).toBe(3);
    expect(text(lmDecode(fourth, tiny))).toBe('老帅生');
    // ranked second, it is
    expect(text(lmDecode([pos('老', 0.99), pos('帅', 0.4, [['师', 0.2], ['币', 0.15]]), pos('生', 0.97)], tiny))).toBe('老师生');
    // (the rule as it was: every runner-up of the frames weighed)
    setLmDecodeParams({ topK: 6 });
    expect(text(lmDecode(fourth, tiny))).toBe('老师生');
  });

  it('leaves marks, digits and letters as read, and they end the context', () => {
    const out = lmDecode([pos('老', 0.99), pos('，', 0.9), pos('帅', 0.6, [['师', 0.3]])], tiny);
    expect(text(out)).toBe('老，帅');
  });

  it('reads the best path at weight 0', () => {
    setLmDecodeParams({ weight: 0 });
    expect(text(lmDecode([pos('老', 0.99), pos('帅', 0.6, [['师', 0.35]])], tiny))).toBe('老帅');
  });

  it('uses the shipped model (jieba dictionary and essay bigrams): 老帅 with 师 close behind reads 老师', () => {
    expect(text(lmDecode([pos('我', 0.99), pos('的', 0.98), pos('老', 0.97), pos('帅', 0.55, [['师', 0.3]])]))).toBe('我的老师');
  });
});
