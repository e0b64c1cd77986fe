// Fits the spelling candidate model (src/correction/spelling/candidate-model.ts) on the dev slice of
// SIGHAN-15 train (sentences 1-400 by default, each wrong sentence plus its correction as a correct
// one) and picks its threshold by 5-fold cross-validation (folds by sentence) with the real checker.
// Usage: node --import tsx bench/correction/fit-spelling-model.ts [--limit 400] [--grid -2,-1.75,-1.5,-1.25,-1]
// Prints the weights to paste into CANDIDATE_WEIGHTS and the cross-validated F1 per threshold.
// Never run it on sentences after 400: they are the held-out part of bench/correction/spelling.ts.
import { readFileSync } from 'node:fs';
import { DEFAULT_SPELL_PARAMS, applyFixes, findWrongChars } from '../../src/correction/spelling/spellcheck.js';
import { featureVector, FEATURE_NAMES, lmWordLengths, positionEvidence, type CandidateWeights } from '../../src/correction/spelling/candidate-model.js';
import { getConfusion } from '../../src/correction/spelling/confusion.js';
import { getScorer } from '../../src/correction/spelling/word-score.js';
import { clauseCost, clauseScorer, contextId, getWordLm } from '../../src/correction/spelling/word-lm.js';
import { solveLinear } from '../../src/core/math/solve-linear.js';
import { argValue, sharedDataPath } from './bench-args.js';

const args = process.argv.slice(2);
const opt = (name: string) => argValue(name, args);
const limit = Number(opt('--limit') ?? 400);
if (limit > 400) throw new Error('sentences after 400 are held out');
const grid = (opt('--grid') ?? '-2,-1.75,-1.5,-1.25,-1').split(',').map(Number);
const FOLDS = 5;
// rows: [source, target, fold]
const rows = readFileSync(sharedDataPath('sighan15/train.tsv'), 'utf8').split('\n').filter(Boolean).slice(0, limit)
  .map((l, k) => [...l.split('\t'), (k * 7919) % FOLDS] as [string, string, number])
  .flatMap((r) => (r[0] !== r[1] ? [r, [r[1], r[1], r[2]] as [string, string, number]] : [r]));

// 1. Evidence for every candidate of every position (no drop cut-off), labelled by the gold correction.
const s = getScorer();
const lm = getWordLm();
const conf = getConfusion({ symmetric: !!DEFAULT_SPELL_PARAMS.symmetric, fuzzy: !!DEFAULT_SPELL_PARAMS.fuzzy });
const X: number[][] = [], y: number[] = [], fold: number[] = [];
for (const [src, tgt, f] of rows) {
  const runRe = /\p{Script=Han}+/gu;
  for (let m = runRe.exec(src); m; m = runRe.exec(src)) {
    const chars = [...m[0]];
    if (chars.length !== m[0].length || chars.length < 2) continue;
    const before = contextId(lm, src[m.index - 1]), after = contextId(lm, src[m.index + chars.length]);
    const sc = clauseScorer(lm, chars, before, after);
    const lmLen = lmWordLengths(clauseCost(lm, chars, before, after).words);
    for (let i = 0; i < chars.length; i++) {
      const cands = conf.get(chars[i]!);
      if (!cands) continue;
      for (const c of positionEvidence(s, chars, i, cands, sc, lmLen, DEFAULT_SPELL_PARAMS.window, -Infinity)) {
        X.push(featureVector(c.evidence));
        y.push(c.cand.char === tgt[m.index + i] ? 1 : 0);
        fold.push(f);
      }
    }
  }
}
console.error(`${rows.length} sentences, ${X.length} candidates, ${y.filter(Boolean).length} gold corrections`);

/** L2-penalised logistic regression (Newton, 30 steps) on standardised inputs; weights for raw inputs. */
function fit(keep: (k: number) => boolean, l2 = 1e-3): CandidateWeights {
  const d = FEATURE_NAMES.length;
  const idx = X.map((_, k) => k).filter(keep);
  const mu = new Array<number>(d).fill(0), sd = new Array<number>(d).fill(0);
  for (const k of idx) for (let j = 0; j < d; j++) mu[j] = mu[j]! + X[k]![j]! / idx.length;
  for (const k of idx) for (let j = 0; j < d; j++) sd[j] = sd[j]! + (X[k]![j]! - mu[j]!) ** 2 / idx.length;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!) + 1e-9;
  const z = (k: number) => [...X[k]!.map((v, j) => (v - mu[j]!) / sd[j]!), 1];
  const w = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < 30; it++) {
    const g = w.map((v) => l2 * v);
    const H = w.map((_, a) => w.map((__, b) => (a === b ? l2 : 0)));
    for (const k of idx) {
      const zk = z(k);
      let t = 0;
      for (let j = 0; j <= d; j++) t += zk[j]! * w[j]!;
      const p = 1 / (1 + Math.exp(-t)), q = p * (1 - p), e = p - y[k]!;
      for (let a = 0; a <= d; a++) {
        g[a] = g[a]! + zk[a]! * e;
        const qa = q * zk[a]!;
        for (let b = a; b <= d; b++) H[a]![b] = H[a]![b]! + qa * zk[b]!;
      }
    }
    for (let a = 0; a <= d; a++) for (let b = 0; b < a; b++) H[a]![b] = H[b]![a]!;
    const step = solveLinear(H, g);
    for (let j = 0; j <= d; j++) w[j] = w[j]! - step[j]!;
  }
  const weights = FEATURE_NAMES.map((_, j) => w[j]! / sd[j]!);
  const bias = w[d]! - weights.reduce((acc, v, j) => acc + v * mu[j]!, 0);
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  return { weights: weights.map(r4), bias: r4(bias) };
}

// 2. Cross-validation: fit on four folds, run the real checker on the fifth, pool the outcomes.
const counts = grid.map(() => ({ tp: 0, fp: 0, fn: 0 }));
for (let f = 0; f < FOLDS; f++) {
  const w = fit((k) => fold[k] !== f);
  for (const [src, tgt, rf] of rows) {
    if (rf !== f) continue;
    grid.forEach((t, g) => {
      const pred = applyFixes(src, findWrongChars(src, { ...DEFAULT_SPELL_PARAMS, candidateModel: 1, modelWeights: w, modelThreshold: t }));
      const c = counts[g]!;
      if (src !== tgt) {
        if (pred === tgt) c.tp++;
        else c.fn++;
      }
      else if (pred !== tgt) c.fp++;
    });
  }
}
const r3 = (v: number) => Math.round(v * 1000) / 1000;
grid.forEach((t, g) => {
  const { tp, fp, fn } = counts[g]!;
  const p = tp / (tp + fp || 1), r = tp / (tp + fn || 1);
  console.log(JSON.stringify({ threshold: t, cvF1: r3(p + r ? (2 * p * r) / (p + r) : 0), precision: r3(p), recall: r3(r) }));
});
// 3. The weights fitted on the whole slice.
console.log(JSON.stringify(fit(() => true)));
