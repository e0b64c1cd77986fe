// The demo class (ten grade-7 essays from excellent to weak) as a teacher reads it: the best essays
// reach the top of the scale, the unfinished and the off-topic essays sit at the bottom, and the grade's
// expectation is stated as its own evidence lines.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { analyzeText } from '../text/analyze.js';
import { LocalEssayScorer } from './local-scorer.js';

const REQUIREMENTS = ['选择身边熟悉的人', '通过具体事例表现人物特点', '不少于500字'];
const scored = DEMO_ESSAYS.map((e) => ({
  key: e.key,
  kind: e.kind,
  r: new LocalEssayScorer().scoreSync(
    analyzeText({ transcript: e.paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade: 7, requirements: REQUIREMENTS }),
    { scoreType: 2, dimensions: ['theme', 'content', 'structure', 'language'], difficulty: 0 },
    'zh',
  ),
}));
const byKey = (key: string) => scored.find((s) => s.key === key)!.r;

describe('the demo class’s bands', () => {
  it('gives the two best essays (1 and 2) at least 良好, in the top half of the class, and the cliché essay 5 below essay 1', () => {
    const median = [...scored.map((s) => s.r.percent)].sort((x, y) => x - y)[5]!;
    for (const key of ['01-red-pen', '02-chalk']) {
      expect(['优秀', '良好'], key).toContain(byKey(key).label);
      expect(byKey(key).percent, key).toBeGreaterThanOrEqual(median);
    }
    expect(byKey('05-class-teacher').percent).toBeLessThan(byKey('01-red-pen').percent);
  });

  it('puts the unfinished and the off-topic essay at the bottom two, below 60 (较差)', () => {
    const order = [...scored].sort((a, b) => a.r.percent - b.r.percent).map((s) => s.kind);
    expect(new Set(order.slice(0, 2))).toEqual(new Set(['incomplete', 'offTopic']));
    expect(byKey('07-music-teacher').percent).toBeLessThan(60);
    expect(byKey('06-spring-outing').percent).toBeLessThan(60);
  });

  it('gives the class’s best essays the top level: the best essay (01, 02 or 08) is 优秀 on the reference teachers’ scale', () => {
    const best = [...scored].sort((a, b) => b.r.percent - a.r.percent)[0]!;
    expect(['good', 'excellent']).toContain(best.kind);
    expect(best.r.label).toBe('优秀');
  });

  it('uses the whole scale: the class spans at least 30 points and three bands', () => {
    const p = scored.map((s) => s.r.percent);
    expect(Math.max(...p) - Math.min(...p)).toBeGreaterThanOrEqual(30);
    expect(new Set(scored.map((s) => s.r.label)).size).toBeGreaterThanOrEqual(3);
  });

  it('states the grade’s expectation: the grade-7 lift and the length against grade 7’s 600 characters', () => {
    const ev = byKey('02-chalk').evidence;
    expect(ev.find((e) => e.feature === 'gradeExpectation')?.value).toBe(7);
    expect(String(ev.find((e) => e.feature === 'lengthAgainstGrade')?.value)).toMatch(/^\d+\/600$/);
  });
});
