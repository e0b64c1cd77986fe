import { describe, expect, it } from 'vitest';
import { ANNUAL_GROWTH_SD, CALIBRATION_PERCENTILES, gradeGapSd, normalQuantile, normalScore, quantileKnots, taskPoints, type ScaleCalibration } from './calibration.js';
import { analyzeText } from '../text/analyze.js';
import { calibratedScore, LocalEssayScorer, SCORING_MODEL } from './local-scorer.js';
import { applyDifficulty, gradeBand, showScore, type ScoreType } from './scales.js';

const cal: ScaleCalibration = SCORING_MODEL.calibration;

/** A normal class of `grade`: pupils spread like the reference essays (the percentiles (i + ½)/n of
 * their out-of-fold z, read off the model's knots), sitting the grade's expected growth below them. */
function normalClass(grade: number, n: number): number[] {
  const zAt = (p: number) => {
    // inverse of normalScore: the reference z at percentile p
    const q = normalQuantile(p);
    const nk = CALIBRATION_PERCENTILES.map(normalQuantile);
    const k = cal.zKnots;
    if (q <= nk[0]!) return k[0]! + (q - nk[0]!);
    if (q >= nk.at(-1)!) return k.at(-1)! + (q - nk.at(-1)!);
    let i = 0;
    while (q > nk[i + 1]!) i++;
    return k[i]! + ((q - nk[i]!) / (nk[i + 1]! - nk[i]!)) * (k[i + 1]! - k[i]!);
  };
  return Array.from({ length: n }, (_, i) => zAt((i + 0.5) / n) - gradeGapSd(grade, cal.referenceGrade));
}

const TOP: Record<Exclude<ScoreType, 3>, string> = { 1: 'A', 2: '优秀', 4: '甲' };
const BOTTOM: Record<1, string> = { 1: 'C' };

describe('scale calibration (calibration.ts)', () => {
  it('reads the shipped model’s reference essays at a grade from the curriculum table, with ascending knots', () => {
    expect(cal.referenceGrade).toBeGreaterThanOrEqual(1);
    expect(cal.referenceGrade).toBeLessThanOrEqual(12);
    expect(cal.zKnots).toHaveLength(CALIBRATION_PERCENTILES.length);
    for (let i = 1; i < cal.zKnots.length; i++) expect(cal.zKnots[i]!).toBeGreaterThan(cal.zKnots[i - 1]!);
  });

  it('expects younger pupils below the reference grade by the annual growth, older ones above', () => {
    expect(gradeGapSd(10, 10)).toBe(0);
    expect(gradeGapSd(7, 10)).toBeCloseTo(ANNUAL_GROWTH_SD[8]! + ANNUAL_GROWTH_SD[9]! + ANNUAL_GROWTH_SD[10]!, 10);
    expect(gradeGapSd(12, 10)).toBeCloseTo(-(ANNUAL_GROWTH_SD[11]! + ANNUAL_GROWTH_SD[12]!), 10);
    for (let g = 2; g <= 12; g++) expect(gradeGapSd(g, 9)).toBeLessThan(gradeGapSd(g - 1, 9));
    expect(gradeGapSd(0, 9)).toBe(gradeGapSd(1, 9));
  });

  it('carries the scale the reference essays’ own teachers used (their mean and sd), not an invented one', () => {
    // aes-calibration: 150 teacher marks, mean about 81, sd about 9 (shared data README)
    expect(cal.center).toBeGreaterThan(78);
    expect(cal.center).toBeLessThan(84);
    expect(cal.spread).toBeGreaterThan(6);
    expect(cal.spread).toBeLessThan(11);
    // a model without them falls back to 75 ± 10
    expect(taskPoints(cal.zKnots[4]!, cal.referenceGrade, { referenceGrade: cal.referenceGrade, zKnots: cal.zKnots })).toBeCloseTo(75, 6);
  });

  it('maps a percentile of the reference essays to the teachers’ scale (median → their mean)', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 8);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    CALIBRATION_PERCENTILES.forEach((p, i) => expect(normalScore(cal.zKnots[i]!, cal.zKnots)).toBeCloseTo(normalQuantile(p), 8));
    const median = cal.zKnots[CALIBRATION_PERCENTILES.indexOf(0.5)]!;
    expect(taskPoints(median, cal.referenceGrade, cal)).toBeCloseTo(cal.center!, 6);
    let prev = -Infinity;
    for (let z = -5; z <= 5; z += 0.05) {
      const p = taskPoints(z, 7, cal);
      expect(p).toBeGreaterThanOrEqual(prev);
      prev = p;
    }
    expect(taskPoints(-20, 9, cal)).toBe(0);
    expect(taskPoints(20, 9, cal)).toBe(100);
    expect(quantileKnots([1, 2, 3, 4, 5]).at(4)).toBe(3);
  });

  // Below 60 (较差 / 丁 / 待提高) is left to what teachers fail (off the title, unfinished, far too short:
  // the scorer's rules); the reference essays' own teachers gave none of 150 essays below 62.
  it('gives a normal class of every grade the top of the scale and its bottom level on the A/B/C scale: the best A / 优秀 / 甲 / ≥ 85 points, the weakest C, below B', () => {
    for (let grade = 1; grade <= 12; grade++) {
      for (const size of [10, 30, 45]) {
        const points = normalClass(grade, size).map((z) => taskPoints(z, grade, cal));
        const best = Math.max(...points);
        const weakest = Math.min(...points);
        const at = `grade ${grade}, ${size} pupils`;
        for (const type of [1, 2, 4] as const) expect(showScore(best, type, 'zh').label, at).toBe(TOP[type]);
        expect(showScore(weakest, 1, 'zh').label, at).toBe(BOTTOM[1]);
        for (const type of [2, 4] as const) expect(showScore(weakest, type, 'zh').label, at).not.toBe(TOP[type]);
        expect(showScore(best, 3, 'zh').value!, at).toBeGreaterThanOrEqual(85);
        expect(showScore(weakest, 3, 'zh').value!, at).toBeLessThan(72);
        expect(showScore(best, 3, 'zh', 50).value!, at).toBeGreaterThanOrEqual(43);
        // and most of the class in between: the median pupil is neither A nor C
        const median = [...points].sort((x, y) => x - y)[Math.floor(size / 2)]!;
        expect(showScore(median, 1, 'zh').label, at).toBe('B');
      }
    }
  });

  it('keeps the best essay of a class of 30 in the top band of the export (优秀 ≥ 90) at the easy difficulty, and stricter at the hard one', () => {
    const points = normalClass(7, 30).map((z) => taskPoints(z, 7, cal));
    const best = Math.max(...points);
    expect(gradeBand(best)).toBe('excellent');
    expect(applyDifficulty(best, 1)).toBeLessThan(best);
  });

  it('reads the same essay against the pupil’s grade through the real scorer, and shows the lift as evidence', () => {
    const transcript = ['我的同桌', '我的同桌叫小林，她的眼睛像两颗黑葡萄，一笑就眯成了一条缝。', '有一次我忘了带彩笔，她二话不说就把自己的彩笔推到我面前。', '这就是我的同桌，一个热心的女孩。'].join('\n');
    const at = (grade: number) => analyzeText({ transcript, title: '我的同桌', grade });
    const scores = [4, 7, 10, 12].map((g) => calibratedScore(at(g)));
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThan(scores[i - 1]!);
    const r = new LocalEssayScorer().scoreSync(at(7), { scoreType: 1, dimensions: ['theme', 'content', 'structure', 'language'], difficulty: 0 }, 'zh');
    const base = r.evidence.find((e) => e.feature === 'calibratedBase')!;
    const lift = r.evidence.find((e) => e.feature === 'gradeExpectation')!;
    const length = r.evidence.find((e) => e.feature === 'lengthAgainstGrade')!;
    expect(lift.effect).toBeGreaterThan(0);
    // the model's estimate is the base, the grade's lift and the length against the grade's target
    expect((base.value as number) + lift.effect + length.effect).toBeCloseTo(calibratedScore(at(7)), 0);
  }, 60_000);
});
