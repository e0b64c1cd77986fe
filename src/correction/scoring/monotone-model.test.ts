// The shipped scorer's fixed directions and its stress test: each damaged copy of an essay (cut short,
// paragraphs out of order, wrong characters put in, padded with repetition) scores below the whole.
// Checked on the ten demo essays, which the model never saw (it is fitted on aes-calibration).
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { analyzeText } from '../text/analyze.js';
import { calibratedScore, SCORING_MODEL } from './local-scorer.js';
import { MONOTONE_INPUTS, MONOTONE_INPUT_NAMES } from './monotone-model.js';
import { repeatedShare } from './order-features.js';
import { PERTURBATIONS, perturb, type Perturbation } from './perturbations.js';

const score = (paragraphs: string[]) => calibratedScore(analyzeText({ transcript: paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade: 7 }));

describe('the monotone scorer', () => {
  it('keeps every weight on the side of zero pedagogy fixes: errors and repetition never raise, length to the target never lowers', () => {
    expect(SCORING_MODEL.keys).toEqual(MONOTONE_INPUT_NAMES);
    SCORING_MODEL.keys.forEach((k, j) => {
      const w = SCORING_MODEL.weights[j]!;
      if (MONOTONE_INPUTS[k] === 1) expect(w, k).toBeGreaterThanOrEqual(0);
      if (MONOTONE_INPUTS[k] === -1) expect(w, k).toBeLessThanOrEqual(0);
      expect(Math.abs(MONOTONE_INPUTS[k]), k).toBe(1);
    });
    for (const k of ['wrongCharRate', 'punctuationIssueRate', 'repetition', 'lmCost', 'unfinished'] as const) expect(MONOTONE_INPUTS[k]).toBe(-1);
    expect(MONOTONE_INPUTS.lengthToTarget).toBe(1);
    expect(SCORING_MODEL.provenance.pairs).toBeGreaterThan(0);
  });

  it('counts repeated text once: a copied run of 8 characters or more, at any offset', () => {
    expect(repeatedShare('我们一起走进美术教室。')).toBe(0);
    const s = '我们一起走进美术教室看画。';
    expect(repeatedShare(s + s)).toBeCloseTo(0.5, 1);
    expect(repeatedShare('啊' + s + '哦哦' + s)).toBeGreaterThan(0.4);
  });

  // The goal is 95% for each perturbation. Held out on the calibration essays the shipped model reaches
  // it for truncation, errors and repetition, not for shuffled paragraphs (83%, bench/correction/README.md
  // "Issue 29"): the bar below for shuffling is what it does, kept so that it does not get worse.
  const GOAL: Record<Perturbation, number> = { truncated: 0.95, shuffled: 0.8, errors: 0.95, repeated: 0.95 };

  it('scores the damaged copies of the demo essays below the whole (two seeds each)', () => {
    const lowered = new Map<Perturbation, number[]>(PERTURBATIONS.map((p) => [p, []]));
    const failures: string[] = [];
    for (const e of DEMO_ESSAYS) {
      const whole = score(e.paragraphs);
      for (const p of PERTURBATIONS as Perturbation[])
        for (const seed of [11, 12]) {
          // moving the unfinished essay's opening to the end gives it a finished last paragraph
          if (p === 'shuffled' && e.kind === 'incomplete') continue;
          const damaged = score(perturb(p, e.paragraphs, seed));
          lowered.get(p)!.push(damaged < whole ? 1 : 0);
          if (!(damaged < whole)) failures.push(`${e.key} ${p} seed ${seed}: ${damaged.toFixed(1)} ≥ ${whole.toFixed(1)}`);
        }
    }
    for (const p of PERTURBATIONS) {
      const xs = lowered.get(p)!;
      expect(xs.reduce((a, b) => a + b, 0) / xs.length, `${p}: ${failures.join('; ')}`).toBeGreaterThanOrEqual(GOAL[p]);
    }
  }, 300_000);

  it('lowers the score of most demo essays when more wrong characters are put in', () => {
    let lower = 0;
    for (const e of DEMO_ESSAYS) {
      const few = perturb('errors', e.paragraphs, 5);
      if (score(perturb('errors', few, 6)) < score(few)) lower++;
    }
    expect(lower).toBeGreaterThanOrEqual(8);
  }, 300_000);
});
