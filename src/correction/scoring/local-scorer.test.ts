// The total's evidence lines: the base is the essay read at the reference grade (as the training essays
// were), the grade's expectation is stated on two lines (the lift of a younger grade and the length
// against the grade's target), and the lines add up to the total.
import { describe, expect, it } from 'vitest';
// The seeded demo essays themselves (plain data, no server code), as judgement.test.ts does.
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { analyzeText } from '../text/analyze.js';
import { MONOTONE_INPUT_NAMES, monotoneInputs } from './monotone-model.js';
import { atGrade } from './read-at-grade.js';
import { LocalEssayScorer, SCORING_MODEL } from './local-scorer.js';

const REQUIREMENTS = ['选择身边熟悉的人', '通过具体事例表现人物特点', '不少于500字'];
const refGrade = SCORING_MODEL.calibration.referenceGrade;
const read = (key: string, grade: number) =>
  analyzeText({ transcript: DEMO_ESSAYS.find((e) => e.key === key)!.paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade, requirements: REQUIREMENTS });
const score = (key: string, grade: number) =>
  new LocalEssayScorer().scoreSync(read(key, grade), { scoreType: 3, dimensions: ['theme', 'content', 'structure', 'language'], difficulty: 0 }, 'zh');
const line = (r: ReturnType<typeof score>, feature: string) => r.evidence.find((e) => e.feature === feature);

describe('the total’s evidence lines', () => {
  it('add up: base + grade line (+ rule lines) = the total, within rounding', () => {
    for (const key of ['01-red-pen', '03-pe-teacher', '05-class-teacher', '08-art-teacher']) {
      for (const grade of [4, 7, refGrade, 12]) {
        const r = score(key, grade);
        const sum = r.evidence.reduce((s, e) => s + e.effect, 0);
        expect(Math.abs(sum - r.percent), `${key} at grade ${grade}`).toBeLessThanOrEqual(0.05 * r.evidence.length + 1e-9);
      }
    }
  }, 60_000);

  it('read at the reference grade, the same essay has the same base and no grade line; younger pupils get exactly the grade line', () => {
    for (const key of ['01-red-pen', '08-art-teacher']) {
      const atRef = score(key, refGrade);
      expect(line(atRef, 'gradeExpectation')).toBeUndefined();
      const base = line(atRef, 'calibratedBase')!.effect;
      for (const grade of [4, 7]) {
        const r = score(key, grade);
        // the base does not see the pupil's grade: it is the one of the reference grade
        expect(line(r, 'calibratedBase')!.effect, `${key} at grade ${grade}`).toBe(base);
        const lift = line(r, 'gradeExpectation')!.effect;
        expect(lift).toBeGreaterThan(0);
        const rules = r.evidence.filter((e) => e.feature !== 'calibratedBase' && e.feature !== 'gradeExpectation').reduce((s, e) => s + e.effect, 0);
        expect(Math.abs(r.percent - rules - (base + lift))).toBeLessThanOrEqual(0.15);
      }
    }
  }, 60_000);

  it('keeps the pupil’s own grade in what the teacher reads: the content dimension’s length line is against the grade-7 target', () => {
    const at7 = score('01-red-pen', 7).dimensions.find((d) => d.id === 'content')!.evidence.find((e) => e.feature === 'lengthRatio')!;
    const atRef = score('01-red-pen', refGrade).dimensions.find((d) => d.id === 'content')!.evidence.find((e) => e.feature === 'lengthRatio')!;
    expect(at7.value as number).toBeGreaterThan(atRef.value as number);
  }, 60_000);
});

describe('model inputs', () => {
  it('are the same for an essay analysed at its own grade as for one analysed at the reference grade, except its length against the target (training = inference)', () => {
    const mine = monotoneInputs(read('02-chalk', 7), refGrade);
    const training = monotoneInputs(read('02-chalk', refGrade), refGrade);
    for (const k of MONOTONE_INPUT_NAMES) if (k !== 'lengthToTarget' && k !== 'beyondTarget') expect(mine[k], k).toBe(training[k]);
    // 525 characters fall short of grade 10's target (800) by more than of grade 7's (600)
    expect(mine.lengthToTarget).toBeGreaterThan(training.lengthToTarget);
    expect(atGrade(read('02-chalk', 7), refGrade).length.target).toBe(read('02-chalk', refGrade).length.target);
  }, 60_000);

  it('keep a teacher’s own length target (the task’s, not the grade’s)', () => {
    const a = analyzeText({ transcript: '我的同桌叫小林。\n她很热心。', title: '我的同桌', grade: 4, lengthTarget: 300 });
    expect(atGrade(a, refGrade).length.target).toBe(a.length.target);
  });
});
