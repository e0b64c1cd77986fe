// Scoring benchmark on aes-calibration: Spearman, Pearson, and QWK after banding both the teacher's
// and the engine's scores into the five export grade bands. Runs the full correctText pipeline.
// Usage: node --import tsx bench/correction/scoring.ts
import { performance } from 'node:perf_hooks';
import { correctText } from '../../src/correction/index.js';
import { bandIndex } from '../../src/correction/scoring/scales.js';
import { loadAes } from './aes-data.js';
import { pearson, qwk, spearman } from './stats.js';

const essays = loadAes();
const pred: number[] = [];
const t0 = performance.now();
for (const e of essays) {
  // Middle and high school essays of unknown grade: scored as grade 9.
  const r = await correctText({ transcript: e.transcript, title: e.title, grade: 9, scoreType: 3 });
  pred.push(r.score?.percent ?? 0);
}
const seconds = (performance.now() - t0) / 1000;
const y = essays.map((e) => e.score);
const hb = y.map(bandIndex);
const pb = pred.map(bandIndex);
const dist = (b: number[]) => [0, 1, 2, 3, 4].map((k) => b.filter((x) => x === k).length);
console.log(
  JSON.stringify(
    {
      essays: essays.length,
      spearman: Number(spearman(pred, y).toFixed(3)),
      pearson: Number(pearson(pred, y).toFixed(3)),
      qwk5Bands: Number(qwk(hb, pb, 5).toFixed(3)),
      bandCountsTeacher: dist(hb),
      bandCountsEngine: dist(pb),
      meanAbsError: Number((pred.reduce((s, p, i) => s + Math.abs(p - y[i]!), 0) / y.length).toFixed(2)),
      secondsPerEssay: Number((seconds / essays.length).toFixed(3)),
    },
    null,
    2,
  ),
);
