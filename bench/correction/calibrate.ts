// Fits the global scorer calibration on aes-calibration (150 essays, teacher scores /100), in two
// stages: (1) a character-usage model, kernel ridge on the essays' Han-character tf-idf vectors, whose
// per-character weights go to char-model.ts; (2) a ridge regression of a fixed set of features
// (z-scored) plus that model's score, then a variance match so predictions spread like the teacher's.
// Stage 2 sees only out-of-fold character-usage scores (inner 5-fold), so it cannot trust a score the
// character model made for an essay it was trained on. Writes src/correction/scoring/calibration.ts
// and char-model.ts. Reports in-sample and 5-fold cross-validated (the whole two-stage fit repeated
// per fold) Spearman/Pearson/QWK, so the fit's optimism is visible.
// Usage: node --import tsx bench/correction/calibrate.ts [--write]   (env LAMBDA, LEX_LAMBDA to try other penalties)
import { writeFileSync } from 'node:fs';
import { analyzeText } from '../../src/correction/text/analyze.js';
import { charCounts, charUsageScore, charVector, extractFeatures, type CharModel, type Features } from '../../src/correction/scoring/features.js';
import { bandIndex } from '../../src/correction/scoring/scales.js';
import { loadAes } from './aes-data.js';
import { pearson, qwk, spearman } from './stats.js';

// Chosen by what a teacher rewards (paragraphing, word choice, description, few errors), not searched.
export const CALIBRATION_FEATURES = [
  'paragraphs',
  'paragraphMean',
  'rareShare',
  'meanLogFreq',
  'firstPersonRate',
  'descriptionRate',
  'genreConfidence',
  'goodWordRate',
  'sentenceVariety',
  'wrongCharRate',
  'fourCharRate',
  'punctuationKinds',
  'charUsage',
] as const satisfies ReadonlyArray<keyof Features>;

const LAMBDA = Number(process.env.LAMBDA ?? 20);
// Kernel ridge penalty of the character model (tried 0.03, 0.1, 0.3 by 5-fold CV; flat in that range).
const LEX_LAMBDA = Number(process.env.LEX_LAMBDA ?? 0.1);

function transform(name: string, v: number): number {
  // Paragraph counts and lengths are skewed: compare them on a log scale.
  return name === 'paragraphs' || name === 'paragraphMean' ? Math.log1p(v) : v;
}

interface Fit {
  mean: number[];
  sd: number[];
  weights: number[];
  intercept: number;
  scale: number;
}

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

function fit(X: number[][], y: number[]): Fit {
  const d = X[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => X.reduce((s, r) => s + r[j]!, 0) / X.length);
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(X.reduce((s, r) => s + (r[j]! - mean[j]!) ** 2, 0) / X.length) || 1);
  const Z = X.map((r) => r.map((v, j) => (v - mean[j]!) / sd[j]!));
  const ym = y.reduce((s, v) => s + v, 0) / y.length;
  const A = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => Z.reduce((s, r) => s + r[i]! * r[j]!, 0) + (i === j ? LAMBDA : 0)));
  const b = Array.from({ length: d }, (_, i) => Z.reduce((s, r, k) => s + r[i]! * (y[k]! - ym), 0));
  const weights = solve(A, b);
  const raw = Z.map((r) => r.reduce((s, v, j) => s + v * weights[j]!, 0));
  const sdRaw = Math.sqrt(raw.reduce((s, v) => s + v * v, 0) / raw.length) || 1;
  const sdY = Math.sqrt(y.reduce((s, v) => s + (v - ym) ** 2, 0) / y.length);
  return { mean, sd, weights, intercept: ym, scale: sdY / sdRaw };
}

/** Kernel ridge on unit-length tf-idf character vectors of the essays in S, as per-character weights. */
function fitCharModel(counts: Array<Map<string, number>>, y: number[], S: number[]): CharModel {
  const df = new Map<string, number>();
  for (const i of S) for (const c of counts[i]!.keys()) df.set(c, (df.get(c) ?? 0) + 1);
  const V = S.map((i) => charVector(counts[i]!, (c) => df.get(c) ?? 0, S.length));
  const ym = S.reduce((s, i) => s + y[i]!, 0) / S.length;
  const K = V.map((a, p) =>
    V.map((b, q) => {
      let s = p === q ? LEX_LAMBDA : 0;
      for (const [c, w] of a) s += w * (b.get(c) ?? 0);
      return s;
    }),
  );
  const alpha = solve(K, S.map((i) => y[i]! - ym));
  const W = new Map<string, number>();
  V.forEach((v, p) => {
    for (const [c, w] of v) W.set(c, (W.get(c) ?? 0) + alpha[p]! * w);
  });
  const chars: Record<string, readonly [number, number]> = {};
  for (const c of [...W.keys()].sort()) chars[c] = [df.get(c)!, Number(W.get(c)!.toFixed(3))];
  return { docs: S.length, chars };
}

interface Rows {
  X: number[][];
  counts: Array<Map<string, number>>;
  y: number[];
  ids: string[];
}

export function featureRows(): Rows {
  const essays = loadAes();
  const counts: Array<Map<string, number>> = [];
  const X = essays.map((e) => {
    const a = analyzeText({ transcript: e.transcript, title: e.title, grade: 9 });
    const f = extractFeatures(a);
    counts.push(charCounts(a.paragraphs.map((p) => p.text).join('\n')));
    // charUsage is filled per fit (it depends on which essays trained the character model).
    return CALIBRATION_FEATURES.map((n) => (n === 'charUsage' ? 0 : transform(n, f[n])));
  });
  return { X, counts, y: essays.map((e) => e.score), ids: essays.map((e) => e.id) };
}

const CU = CALIBRATION_FEATURES.indexOf('charUsage');

/** The whole two-stage fit on the essays in S. */
function fitAll(rows: Rows, S: number[]): { model: CharModel; fit: Fit } {
  const { X, counts, y } = rows;
  const oof = new Map<number, number>();
  for (let k = 0; k < 5; k++) {
    const m = fitCharModel(counts, y, S.filter((_, p) => p % 5 !== k));
    S.forEach((i, p) => {
      if (p % 5 === k) oof.set(i, charUsageScore(counts[i]!, m));
    });
  }
  const Xs = S.map((i) => X[i]!.map((v, j) => (j === CU ? oof.get(i)! : v)));
  return { model: fitCharModel(counts, y, S), fit: fit(Xs, S.map((i) => y[i]!)) };
}

function predictRow(rows: Rows, m: { model: CharModel; fit: Fit }, i: number): number {
  const x = rows.X[i]!.map((v, j) => (j === CU ? charUsageScore(rows.counts[i]!, m.model) : v));
  // Same clipping as the scorer (calibratedScore).
  const z = x.reduce((s, v, j) => s + Math.max(-3, Math.min(3, (v - m.fit.mean[j]!) / m.fit.sd[j]!)) * m.fit.weights[j]!, 0);
  return m.fit.intercept + z * m.fit.scale;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const rows = featureRows();
  const { y } = rows;
  const all = y.map((_, i) => i);
  const full = fitAll(rows, all);
  const inSample = all.map((i) => predictRow(rows, full, i));
  // 5-fold cross-validation by position (ids are in file order, folds interleaved); both stages refit.
  const cv = new Array<number>(y.length);
  for (let k = 0; k < 5; k++) {
    const m = fitAll(rows, all.filter((i) => i % 5 !== k));
    for (let i = k; i < y.length; i += 5) cv[i] = predictRow(rows, m, i);
  }
  const stats = (p: number[]) => ({
    spearman: spearman(p, y).toFixed(3),
    pearson: pearson(p, y).toFixed(3),
    qwk5Bands: qwk(y.map(bandIndex), p.map(bandIndex), 5).toFixed(3),
  });
  console.log(JSON.stringify({
    inSample: stats(inSample),
    crossValidated: stats(cv),
    weights: Object.fromEntries(CALIBRATION_FEATURES.map((n, j) => [n, Number(full.fit.weights[j]!.toFixed(3))])),
  }, null, 2));
  if (process.argv.includes('--write')) {
    const r = (v: number) => Number(v.toFixed(5));
    const f = full.fit;
    const out = `// GENERATED by bench/correction/calibrate.ts from aes-calibration (150 essays, teacher scores /100).
// Ridge regression (lambda ${LAMBDA}) on z-scored features, variance-matched to the teacher's spread;
// charUsage is the character model of char-model.ts (fitted out-of-fold for this stage).
// Do not edit by hand: re-run \`node --import tsx bench/correction/calibrate.ts --write\`.
export const CALIBRATION = {
  features: ${JSON.stringify(CALIBRATION_FEATURES)} as const,
  /** features scored on a log scale (log1p) */
  logFeatures: ['paragraphs', 'paragraphMean'] as const,
  mean: ${JSON.stringify(f.mean.map(r))},
  sd: ${JSON.stringify(f.sd.map(r))},
  weights: ${JSON.stringify(f.weights.map(r))},
  intercept: ${r(f.intercept)},
  scale: ${r(f.scale)},
};
`;
    writeFileSync(new URL('../../src/correction/scoring/calibration.ts', import.meta.url), out);
    const cm = `// GENERATED by bench/correction/calibrate.ts from aes-calibration (150 essays, teacher scores /100):
// kernel ridge (lambda ${LEX_LAMBDA}) on Han-character tf-idf vectors, as character → [document frequency, weight].
// Do not edit by hand: re-run \`node --import tsx bench/correction/calibrate.ts --write\`.
import type { CharModel } from './features.js';

export const CHAR_MODEL: CharModel = {
  docs: ${full.model.docs},
  chars: {
${Object.entries(full.model.chars).map(([c, v]) => `    ${JSON.stringify(c)}: [${v[0]}, ${v[1]}],`).join('\n')}
  },
};
`;
    writeFileSync(new URL('../../src/correction/scoring/char-model.ts', import.meta.url), cm);
    console.log('wrote src/correction/scoring/calibration.ts and char-model.ts');
  }
}
