// Scoring benchmark through the full correctText pipeline: the demo class (ten grade-7 essays of
// src/server/seed) in every score type, and seconds per essay. Agreement with the teacher is measured on
// unseen titles by train-monotone-scorer.ts; an in-sample figure on the calibration essays would only measure fit.
// Usage: node --import tsx bench/correction/scoring.ts
import { performance } from 'node:perf_hooks';
import { applyAnchorMap, correctText, fitAnchorMap, showScore } from '../../src/correction/index.js';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data.js';

const requirements = ['选择身边熟悉的人', '通过具体事例表现人物特点', '不少于500字'];
const rows: string[] = [];
const percents = new Map<string, number>();
const t0 = performance.now();
for (const e of DEMO_ESSAYS) {
  const labels: string[] = [];
  let percent = 0;
  for (const scoreType of [1, 2, 3, 4] as const) {
    const r = await correctText({ transcript: e.paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade: 7, requirements, scoreType });
    labels.push(r.score!.label);
    percent = r.score!.percent;
  }
  percents.set(e.key, percent);
  rows.push(`| ${e.key} | ${e.kind} | ${percent} | ${labels.join(' | ')} |`);
}
const seconds = (performance.now() - t0) / 1000 / (DEMO_ESSAYS.length * 4);
console.log('| essay | kind | percent | A/B/C | 优秀…较差 | points | 甲乙丙丁 |\n|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`\n${seconds.toFixed(3)} s per essay`);

// Anchor essays on the demo class: a teacher marks three essays (A/B/C, read as their levels' midpoints
// 92.5 / 77.5 / 62.5, as the server does) and the rest are put on her scale.
const ANCHORS: Record<string, number> = { '02-chalk': 92.5, '05-class-teacher': 77.5, '03-pe-teacher': 62.5 };
const map = fitAnchorMap(Object.entries(ANCHORS).map(([k, teacher]) => ({ ai: percents.get(k)!, teacher })));
console.log(`\nanchors 02 = A, 05 = B, 03 = C: teacher = ${map.intercept.toFixed(1)} + ${map.slope.toFixed(3)} × AI`);
console.log('| essay | AI | 按您的评分校准 |\n|---|---|---|');
for (const [k, p] of percents) {
  const after = ANCHORS[k] ?? applyAnchorMap(map, p);
  console.log(`| ${k}${ANCHORS[k] ? ' (anchor)' : ''} | ${p} ${showScore(p, 1, 'zh').label} | ${after} ${showScore(after, 1, 'zh').label} |`);
}
