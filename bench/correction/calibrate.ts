// Fits the local scorer's model (src/correction/scoring/usage-model.ts) on aes-calibration (150 essays,
// one teacher's scores /100) and reports how well it agrees with the teacher on essays it did not see.
//
// The model: kernel ridge regression with a linear kernel over four blocks, each weighted by its share
// of the kernel: Han characters (0.25) and jieba words (0.75) as sublinear tf-idf unit vectors, jieba
// POS-tag pairs (posShare) the same way, and the hand-made features of features.ts z-scored and clipped
// (featShare, spread over the features). The target is the teacher's score as a percentile rank among
// the training essays; a monotone map (quantiles of out-of-fold predictions → quantiles of the teacher's scores)
// turns the output back into points. One global fit: no per-essay tuning.
//
// Reports (pooled Spearman over all 150 held-out predictions, Pearson, QWK on the five grade bands):
// the positional 5-fold split, 10 random 5-fold splits, and with --nested a nested CV whose inner
// 5-fold picks posShare, featShare and the ridge penalty on the training part only.
// Usage: node --import tsx bench/correction/calibrate.ts [--nested] [--write]
import { writeFileSync } from 'node:fs';
import { analyzeText } from '../../src/correction/text/analyze.js';
import { tokenize } from '../../src/correction/text/vocabulary.js';
import { extractFeatures, FEATURE_NAMES } from '../../src/correction/scoring/features.js';
import { bandIndex } from '../../src/correction/scoring/scales.js';
import { featuresScore, rawToScore, termCounts, termsScore, type TermBlockName, type TermCounts, type UsageModel } from '../../src/correction/scoring/usage-model.js';
import { loadAes } from './aes-data.js';
import { pearson, qwk, spearman } from './stats.js';

// hanCount is left out: length is judged against the grade's expectation (lengthRatio and the
// scorer's rules), and the calibration essays are all from older pupils. charUsage is the model itself.
const FEATURES = FEATURE_NAMES.filter((n) => n !== 'charUsage' && n !== 'hanCount');
const LOG_SCALE = ['paragraphs', 'paragraphMean'];
const TERM_BLOCKS: readonly TermBlockName[] = ['chars', 'words', 'posPairs'];

export interface Params {
  posShare: number;
  featShare: number;
  lambda: number;
}
const SHARES = { chars: 0.25, words: 0.75 };
// What the nested CV's inner folds picked most often (--nested prints the picks).
export const DEFAULT_PARAMS: Params = { posShare: Number(process.env.POS_SHARE ?? 0.2), featShare: Number(process.env.FEAT_SHARE ?? 0.04), lambda: Number(process.env.LAMBDA ?? 0.03) };
const GRID: Params[] = [0.2, 0.4].flatMap((posShare) => [0.04, 0.08].flatMap((featShare) => [0.03, 0.1].map((lambda) => ({ posShare, featShare, lambda }))));

export interface Rows {
  terms: TermCounts[];
  /** transformed (log-scaled) feature values, FEATURES order */
  feats: number[][];
  /** the features as extractFeatures gives them (what the stored model reads) */
  raw: Array<Record<string, number>>;
  y: number[];
  ids: string[];
}

export function loadRows(): Rows {
  const essays = loadAes();
  const terms: TermCounts[] = [];
  const raw: Array<Record<string, number>> = [];
  const feats = essays.map((e) => {
    const a = analyzeText({ transcript: e.transcript, title: e.title, grade: 9 });
    const body = a.paragraphs.map((p) => p.text).join('\n');
    terms.push(termCounts(body, tokenize(body)));
    const f = extractFeatures(a) as unknown as Record<string, number>;
    raw.push(f);
    return FEATURES.map((n) => (LOG_SCALE.includes(n) ? Math.log1p(f[n]!) : f[n]!));
  });
  return { terms, feats, raw, y: essays.map((e) => e.score), ids: essays.map((e) => e.id) };
}

// ---- linear algebra and ranks ----
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
      if (f === 0) continue;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

/** Average ranks (1-based; ties share their mean rank). */
function ranks(xs: number[]): number[] {
  const order = xs.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((v) => (v - mean(xs)) ** 2)));

// ---- the blocks, with idf and feature scaling from a training set S ----
interface SparseVec {
  ids: Int32Array;
  vals: Float64Array;
  terms: string[];
}

function dot(a: SparseVec, b: SparseVec): number {
  let s = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) s += a.vals[i++]! * b.vals[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return s;
}

/** Everything a fit on the training set S needs: per-block vectors of every essay (idf from S) and kernels. */
interface Space {
  S: number[];
  df: Record<TermBlockName, Map<string, number>>;
  vecs: Record<TermBlockName, SparseVec[]>;
  /** kernel of each term block over all essays (n × n) */
  K: Record<TermBlockName, number[][]>;
  featMean: number[];
  featSd: number[];
  Z: number[][];
  KF: number[][];
}

function buildSpace(rows: Rows, S: number[]): Space {
  const n = rows.y.length;
  const df = {} as Space['df'];
  const vecs = {} as Space['vecs'];
  const K = {} as Space['K'];
  for (const b of TERM_BLOCKS) {
    const d = new Map<string, number>();
    for (const i of S) for (const t of rows.terms[i]![b].keys()) d.set(t, (d.get(t) ?? 0) + 1);
    const index = new Map([...d.keys()].sort().map((t, k) => [t, k]));
    df[b] = d;
    vecs[b] = rows.terms.map((counts) => {
      const entries: Array<[number, number, string]> = [];
      let norm = 0;
      for (const [t, c] of counts[b]) {
        const dt = d.get(t) ?? 0;
        if (dt < 2) continue;
        const w = (1 + Math.log(c)) * Math.log(S.length / dt);
        if (w <= 0) continue;
        entries.push([index.get(t)!, w, t]);
        norm += w * w;
      }
      norm = Math.sqrt(norm) || 1;
      entries.sort((x, y) => x[0] - y[0]);
      return { ids: Int32Array.from(entries, (e) => e[0]), vals: Float64Array.from(entries, (e) => e[1] / norm), terms: entries.map((e) => e[2]) };
    });
    K[b] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) K[b][i]![j] = K[b][j]![i] = dot(vecs[b][i]!, vecs[b][j]!);
  }
  const m = FEATURES.length;
  const featMean = FEATURES.map((_, j) => mean(S.map((i) => rows.feats[i]![j]!)));
  const featSd = FEATURES.map((_, j) => sd(S.map((i) => rows.feats[i]![j]!)) || 1);
  const Z = rows.feats.map((r) => r.map((v, j) => Math.max(-3, Math.min(3, (v - featMean[j]!) / featSd[j]!))));
  const KF = Z.map((a) => Z.map((b) => a.reduce((s, v, j) => s + v * b[j]!, 0) / m));
  return { S, df, vecs, K, featMean, featSd, Z, KF };
}

function kernel(sp: Space, p: Params, i: number, j: number): number {
  return SHARES.chars * sp.K.chars[i]![j]! + SHARES.words * sp.K.words[i]![j]! + p.posShare * sp.K.posPairs[i]![j]! + p.featShare * sp.KF[i]![j]!;
}

interface DualFit {
  train: number[];
  alpha: number[];
  intercept: number;
}

/** Kernel ridge on the percentile rank (0-100) of the teacher's score among the essays in `train`
 * (a percentile, not a raw rank, so fits on training sets of different sizes share one scale). */
function fitDual(sp: Space, y: number[], train: number[], p: Params): DualFit {
  const r = ranks(train.map((i) => y[i]!)).map((v) => ((v - 0.5) / train.length) * 100);
  const rm = mean(r);
  const A = train.map((i, a) => train.map((j, b) => kernel(sp, p, i, j) + (a === b ? p.lambda : 0)));
  return { train, alpha: solve(A, r.map((v) => v - rm)), intercept: rm };
}

function predictDual(sp: Space, p: Params, f: DualFit, i: number): number {
  return f.intercept + f.train.reduce((s, j, q) => s + f.alpha[q]! * kernel(sp, p, i, j), 0);
}

/** Out-of-fold raw predictions of an inner 5-fold split of `train` (same space: idf from the outer training set). */
function innerOof(sp: Space, y: number[], train: number[], p: Params): number[] {
  const out = new Array<number>(train.length);
  for (let k = 0; k < 5; k++) {
    const fit = fitDual(sp, y, train.filter((_, q) => q % 5 !== k), p);
    train.forEach((i, q) => {
      if (q % 5 === k) out[q] = predictDual(sp, p, fit, i);
    });
  }
  return out;
}

function quantile(sorted: number[], q: number): number {
  const x = q * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (x - lo) * (sorted[hi]! - sorted[lo]!);
}

const KNOTS = Number(process.env.KNOTS ?? 20);

/** Quantile map from out-of-fold predictions to the teacher's scores, KNOTS + 1 knots. */
function knots(oof: number[], scores: number[]): { knots: UsageModel['knots']; pointsPerUnit: number } {
  const xs = [...oof].sort((a, b) => a - b);
  const ys = [...scores].sort((a, b) => a - b);
  const raw: number[] = [];
  const score: number[] = [];
  for (let k = 0; k <= KNOTS; k++) {
    const x = quantile(xs, k / KNOTS);
    if (raw.length && x <= raw[raw.length - 1]!) continue;
    raw.push(x);
    // strictly increasing, so essays the model ranks apart never tie (the teacher's marks repeat: 80, 80, 80)
    score.push(Math.max(quantile(ys, k / KNOTS), score.length ? score[score.length - 1]! + 0.2 : -Infinity));
  }
  const slope = (quantile(ys, 0.75) - quantile(ys, 0.25)) / (quantile(xs, 0.75) - quantile(xs, 0.25) || 1);
  return { knots: { raw, score }, pointsPerUnit: slope };
}

const sig = (v: number) => Number(v.toPrecision(4));

/** The whole fit on S, in the primal form the product stores. */
export function fitModel(rows: Rows, S: number[], p: Params = DEFAULT_PARAMS, sp = buildSpace(rows, S)): UsageModel {
  const dual = fitDual(sp, rows.y, S, p);
  const share: Record<TermBlockName, number> = { chars: SHARES.chars, words: SHARES.words, posPairs: p.posShare };
  const blocks = {} as UsageModel['blocks'];
  for (const b of TERM_BLOCKS) {
    const W = new Map<string, number>();
    S.forEach((i, q) => {
      const v = sp.vecs[b][i]!;
      v.terms.forEach((t, k) => W.set(t, (W.get(t) ?? 0) + share[b] * dual.alpha[q]! * v.vals[k]!));
    });
    const terms: Record<string, readonly [number, number]> = {};
    for (const t of [...W.keys()].sort()) terms[t] = [sp.df[b].get(t)!, sig(W.get(t)!)];
    blocks[b] = { terms };
  }
  const m = FEATURES.length;
  const weights = FEATURES.map((_, j) => sig((p.featShare / m) * S.reduce((s, i, q) => s + dual.alpha[q]! * sp.Z[i]![j]!, 0)));
  const oof = innerOof(sp, rows.y, S, p);
  const map = knots(oof, S.map((i) => rows.y[i]!));
  return {
    docs: S.length,
    blocks,
    features: { names: FEATURES, logScale: LOG_SCALE, mean: sp.featMean.map(sig), sd: sp.featSd.map(sig), weights },
    intercept: dual.intercept,
    knots: { raw: map.knots.raw.map(sig), score: map.knots.score.map(sig) },
    pointsPerUnit: sig(map.pointsPerUnit),
  };
}

/** The stored model's [score, raw output] of essay i: the product's own scoring functions (minus the length/topic rules). */
function scoreWith(rows: Rows, model: UsageModel, i: number): [number, number] {
  const raw = model.intercept + termsScore(rows.terms[i]!, model) + featuresScore(rows.raw[i]!, model);
  return [rawToScore(raw, model), raw];
}

/** Inner 5-fold CV on S for every grid point (same space): the one with the best pooled Spearman. */
function pick(rows: Rows, sp: Space, S: number[]): Params {
  let best = { r: -2, p: GRID[0]! };
  for (const p of GRID) {
    const r = spearman(innerOof(sp, rows.y, S, p), S.map((i) => rows.y[i]!));
    if (r > best.r) best = { r, p };
  }
  return best.p;
}

/** Positions 0..n-1 in 5 folds: interleaved by position (seed undefined) or a seeded shuffle. */
function folds(n: number, seed?: number): number[][] {
  let order = Array.from({ length: n }, (_, i) => i);
  if (seed !== undefined) {
    let s = seed + 1;
    const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
    order = order.map((i) => [rnd(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => i);
  }
  return Array.from({ length: 5 }, (_, k) => order.filter((_, p) => p % 5 === k).sort((a, b) => a - b));
}

interface Held {
  /** held-out scores (each fold's own model and score map) */
  pred: number[];
  /** held-out raw outputs: predicted percentiles, one scale for all folds (no fold's score map in between) */
  raw: number[];
  foldSpearman: number[];
}

/** Held-out scores of every essay: the whole fit (idf, features, ranks, knots) redone per fold. */
function crossValidate(rows: Rows, seed: number | undefined, nested: boolean, picks?: Params[]): Held {
  const n = rows.y.length;
  const pred = new Array<number>(n);
  const raw = new Array<number>(n);
  const foldSpearman: number[] = [];
  for (const T of folds(n, seed)) {
    const S = rows.y.map((_, i) => i).filter((i) => !T.includes(i));
    const sp = buildSpace(rows, S);
    const p = nested ? pick(rows, sp, S) : DEFAULT_PARAMS;
    if (nested) picks?.push(p);
    const model = fitModel(rows, S, p, sp);
    for (const i of T) [pred[i], raw[i]] = scoreWith(rows, model, i);
    foldSpearman.push(spearman(T.map((i) => pred[i]!), T.map((i) => rows.y[i]!)));
  }
  return { pred, raw, foldSpearman };
}

const f3 = (v: number) => Number(v.toFixed(3));

function agreement(pred: number[], y: number[]) {
  return { spearman: f3(spearman(pred, y)), pearson: f3(pearson(pred, y)), qwk5Bands: f3(qwk(y.map(bandIndex), pred.map(bandIndex), 5)), mae: f3(mean(pred.map((p, i) => Math.abs(p - y[i]!)))) };
}

function summary(values: number[]) {
  return { mean: f3(mean(values)), sd: f3(sd(values)), min: f3(Math.min(...values)), max: f3(Math.max(...values)) };
}

function writeModel(model: UsageModel, p: Params): void {
  const table = (terms: Record<string, readonly [number, number]>) =>
    Object.entries(terms)
      .map(([t, v]) => `      ${JSON.stringify(t)}: [${v[0]}, ${v[1]}],`)
      .join('\n');
  const out = `// GENERATED by bench/correction/calibrate.ts from aes-calibration (150 essays, teacher scores /100).
// Kernel ridge on score ranks: characters ${SHARES.chars}, words ${SHARES.words}, POS-tag pairs ${p.posShare}, features ${p.featShare}, lambda ${p.lambda}.
// See usage-model.ts for how it is read. Do not edit by hand: re-run
// \`node --import tsx bench/correction/calibrate.ts --write\`.
import type { UsageModel } from './usage-model.js';

export const USAGE_MODEL: UsageModel = {
  docs: ${model.docs},
  blocks: {
${TERM_BLOCKS.map((b) => `    ${b}: {\n      terms: {\n${table(model.blocks[b].terms).replace(/^ {6}/gm, '        ')}\n      },\n    },`).join('\n')}
  },
  features: {
    names: ${JSON.stringify(model.features.names)},
    logScale: ${JSON.stringify(model.features.logScale)},
    mean: ${JSON.stringify(model.features.mean)},
    sd: ${JSON.stringify(model.features.sd)},
    weights: ${JSON.stringify(model.features.weights)},
  },
  intercept: ${sig(model.intercept)},
  knots: { raw: ${JSON.stringify(model.knots.raw)}, score: ${JSON.stringify(model.knots.score)} },
  pointsPerUnit: ${model.pointsPerUnit},
};
`;
  writeFileSync(new URL('../../src/correction/scoring/usage-model-data.ts', import.meta.url), out);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const t0 = Date.now();
  const rows = loadRows();
  const { y } = rows;
  const all = y.map((_, i) => i);
  const full = fitModel(rows, all);
  const held = (h: Held) => ({ ...agreement(h.pred, y), spearmanBeforeScoreMap: f3(spearman(h.raw, y)), meanFoldSpearman: f3(mean(h.foldSpearman)) });
  const repeated = (hs: Held[]) => {
    const a = hs.map(held);
    const pick = (k: keyof (typeof a)[number]) => summary(a.map((r) => r[k]));
    return { spearman: pick('spearman'), spearmanBeforeScoreMap: pick('spearmanBeforeScoreMap'), meanFoldSpearman: pick('meanFoldSpearman'), pearson: pick('pearson'), qwk5Bands: pick('qwk5Bands'), mae: pick('mae'), perSplitSpearman: a.map((r) => r.spearman) };
  };
  const report: Record<string, unknown> = {
    params: DEFAULT_PARAMS,
    inSampleNotAgreement: agreement(all.map((i) => scoreWith(rows, full, i)[0]), y),
    positional5fold: held(crossValidate(rows, undefined, false)),
    random5fold10x: repeated(Array.from({ length: 10 }, (_, s) => crossValidate(rows, s, false))),
  };
  if (process.argv.includes('--nested')) {
    const picks: Params[] = [];
    const runs = [undefined, 0, 1, 2, 3, 4].map((s) => crossValidate(rows, s, true, picks));
    const counted = new Map<string, number>();
    for (const p of picks) {
      const k = `pos ${p.posShare} / feat ${p.featShare} / λ ${p.lambda}`;
      counted.set(k, (counted.get(k) ?? 0) + 1);
    }
    report.nested = { splits: 'positional + 5 random 5-fold splits', ...repeated(runs), innerPicks: Object.fromEntries([...counted].sort((a, b) => b[1] - a[1])) };
  }
  report.seconds = f3((Date.now() - t0) / 1000);
  console.log(JSON.stringify(report, null, 2));
  if (process.argv.includes('--write')) {
    writeModel(full, DEFAULT_PARAMS);
    console.log('wrote src/correction/scoring/usage-model-data.ts');
  }
}
