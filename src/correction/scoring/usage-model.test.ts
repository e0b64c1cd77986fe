import { describe, expect, it } from 'vitest';
import { loadAes } from '../../../bench/correction/aes-data.js';
import { spearman } from '../../../bench/correction/stats.js';
import { analyzeText } from '../text/analyze.js';
import { calibratedScore } from './local-scorer.js';
import { extractFeatures } from './features.js';
import { USAGE_MODEL } from './usage-model-data.js';
import { rawToScore, termCounts } from './usage-model.js';

describe('usage model', () => {
  it('maps raw output to points strictly increasing, also beyond the knots, never reaching 0 or 100', () => {
    const xs = Array.from({ length: 200 }, (_, i) => -50 + i);
    const ys = xs.map((x) => rawToScore(x, USAGE_MODEL));
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
    expect(ys[0]!).toBeGreaterThan(0);
    expect(ys[ys.length - 1]!).toBeLessThan(100);
    // an average essay (raw = the intercept) lands near the teacher's median
    expect(rawToScore(USAGE_MODEL.intercept, USAGE_MODEL)).toBeGreaterThan(75);
    expect(rawToScore(USAGE_MODEL.intercept, USAGE_MODEL)).toBeLessThan(88);
  });

  it('counts characters, words and neighbouring POS-tag pairs', () => {
    const t = termCounts('老师笑了。', [
      { word: '老师', tag: 'n' },
      { word: '笑', tag: 'v' },
      { word: '了', tag: 'ul' },
      { word: '。', tag: 'x' },
    ]);
    expect(t.chars.get('老')).toBe(1);
    expect(t.words.has('。')).toBe(false);
    expect([...t.posPairs.keys()]).toEqual(['n_v', 'v_ul', 'ul_x']);
  });

  // The product's feature pipeline must still be the one the stored model was fitted on: if a feature
  // or the tokenizer changes without re-running calibrate.ts --write, this in-sample check drops.
  // (In-sample agreement is memorisation, not a quality figure: see bench/correction/README.md.)
  it('reproduces the fit on the calibration essays it was trained on', () => {
    const essays = loadAes(new URL('../../../tests/fixtures/aes-calibration/', import.meta.url).pathname);
    const pred = essays.map((e) => calibratedScore(extractFeatures(analyzeText({ transcript: e.transcript, title: e.title, grade: 9 }))));
    expect(spearman(pred, essays.map((e) => e.score))).toBeGreaterThan(0.95);
  }, 60_000);
});
