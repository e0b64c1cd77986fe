// The length prior beside the fitted model (essay-model.ts, scale.lengthWeight): longer against the
// grade's target reads higher, clipped like every input, and a model file without it is read as before.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { analyzeText } from '../text/analyze.js';
import { combinedZ, inputsFor, lengthTerm, type ScoringModel } from './essay-model.js';
import { SCORING_MODEL } from './local-scorer.js';

const withLength = (lengthWeight: number | undefined): ScoringModel => ({
  ...SCORING_MODEL,
  scale: { ...SCORING_MODEL.scale, lengthWeight, lengthMean: -0.1, lengthSd: 0.2 },
});
const inputs = (lengthRatio: number) => ({ expert: 20, lengthRatio });

describe('the length prior', () => {
  it('raises the combined z of an essay longer against its target, the rest being equal', () => {
    const m = withLength(0.5);
    const short = combinedZ(0.5, inputs(Math.log(400 / 800)), m);
    const onTarget = combinedZ(0.5, inputs(0), m);
    expect(onTarget).toBeGreaterThan(short);
    // 0.5 × (0 − (−0.1)) / 0.2 = 0.25 of a z (combinedZ then divides the sum by the combined sd)
    expect(lengthTerm(inputs(0), m)).toBeCloseTo(0.25, 6);
  });

  it('is clipped at 3 sd like every input: a padded essay gains no more than that', () => {
    const m = withLength(0.5);
    expect(lengthTerm(inputs(Math.log(5000 / 800)), m)).toBeCloseTo(1.5, 6);
    expect(lengthTerm(inputs(Math.log(20 / 800)), m)).toBeCloseTo(-1.5, 6);
  });

  it('is absent from a model file written without it (older models read as before)', () => {
    const m = withLength(undefined);
    expect(lengthTerm(inputs(-2), m)).toBe(0);
    expect(combinedZ(0.5, inputs(-2), m)).toBe(combinedZ(0.5, inputs(2), m));
  });

  it('reads the length against the pupil’s own grade, while every fitted input stays at the reference grade', () => {
    const e = DEMO_ESSAYS.find((x) => x.key === '02-chalk')!;
    const read = (grade: number) => inputsFor(analyzeText({ transcript: e.paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade }), SCORING_MODEL);
    const young = read(7);
    const ref = read(SCORING_MODEL.calibration.referenceGrade);
    // 525 characters: short of grade 10's 800, near grade 7's 600
    expect(young.lengthRatio).toBeGreaterThan(ref.lengthRatio);
    expect(young.features!.lengthRatio).toBe(ref.features!.lengthRatio);
  }, 30_000);
});
