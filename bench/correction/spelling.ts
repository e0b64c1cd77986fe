// Spelling benchmark: sentence-level correction F1 and sentences/s on SIGHAN-15 train (simplified).
// Usage: node --import tsx bench/correction/spelling.ts [--limit N] [--offset N] [--with-negatives] [--params '{"threshold":6}']
//        [--sweep]   (grid over thresholds on the selected slice; the chosen values live in spellcheck.ts)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { findWrongChars, applyFixes, DEFAULT_SPELL_PARAMS, type SpellParams } from '../../src/correction/spelling/spellcheck.js';
import { getLexicon } from '../../src/correction/lexicon.js';
import { getConfusion } from '../../src/correction/spelling/confusion.js';
import { getWordLm } from '../../src/correction/spelling/word-lm.js';
import { argValue, sharedDataPath } from './bench-args.js';

const args = process.argv.slice(2);
const opt = (name: string) => argValue(name, args);
const file = opt('--file') ?? sharedDataPath('sighan15/train.tsv');
const offset = Number(opt('--offset') ?? 0);
const limit = Number(opt('--limit') ?? Infinity);
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('\t') as [string, string])
  .slice(offset, offset + limit)
  // SIGHAN-15's test set is half correct sentences and pycorrector counts a change to one as a false
  // positive; the train set is almost all wrong sentences, so its precision flatters. --with-negatives
  // adds each corrected sentence as a correct one (a test-like 50/50 mix).
  .flatMap((r) => (args.includes('--with-negatives') && r[0] !== r[1] ? [r, [r[1], r[1]] as [string, string]] : [r]));

export interface SpellMetrics {
  sentences: number;
  withErrors: number;
  changed: number;
  strict: { precision: number; recall: number; f1: number };
  pycorrector: { precision: number; recall: number; f1: number };
  detection: { precision: number; recall: number; f1: number };
  seconds: number;
  sentencesPerSecond: number;
  /** CPU time of this process while correcting (wall time is meaningless on a loaded machine) */
  sentencesPerCpuSecond: number;
  /** 95% bootstrap interval of the pycorrector-style F1 (1,000 resamples of the sentences) */
  pycorrectorF1Ci95: [number, number];
}

function f1(p: number, r: number) {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

function run(params: SpellParams): SpellMetrics {
  let tp = 0, changed = 0, pos = 0, fp = 0, fn = 0;
  let detTp = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const preds: string[] = [];
  for (const [src] of rows) preds.push(applyFixes(src, findWrongChars(src, params)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  rows.forEach(([src, tgt], k) => {
    const pred = preds[k]!;
    const isPos = src !== tgt;
    if (isPos) pos++;
    if (pred !== src) changed++;
    if (isPos && pred === tgt) tp++;
    // Detection: the changed positions are exactly the wrong positions.
    if (isPos && pred !== src && pred.length === tgt.length) {
      let same = true;
      for (let i = 0; i < src.length; i++) if ((src[i] !== tgt[i]) !== (src[i] !== pred[i])) same = false;
      if (same) detTp++;
    }
    // pycorrector's eval_model_batch: negatives count FP/TN, positives TP/FN.
    if (!isPos) {
      if (pred !== tgt) fp++;
    }
    else if (pred !== tgt) fn++;
  });
  // Bootstrap of the pycorrector-style F1: each sentence is TP (1), FN (2), FP (3) or neither (0).
  const outcome = rows.map(([src, tgt], k) => (src !== tgt ? (preds[k] === tgt ? 1 : 2) : preds[k] !== tgt ? 3 : 0));
  // An LCG in 32-bit integer arithmetic (Math.imul): in doubles, seed × 1103515245 passes 2^53 and the
  // low bits are lost, which skewed the earlier intervals (they did not contain their own estimate).
  let seed = 7;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 2147483648) / 2147483648;
  const boots: number[] = [];
  for (let b = 0; b < 1000; b++) {
    const c = [0, 0, 0, 0];
    for (let i = 0; i < outcome.length; i++) c[outcome[Math.floor(rnd() * outcome.length)]!]!++;
    const p = c[1]! + c[3]! ? c[1]! / (c[1]! + c[3]!) : 0, r = c[1]! + c[2]! ? c[1]! / (c[1]! + c[2]!) : 0;
    boots.push(f1(p, r));
  }
  boots.sort((a, b) => a - b);
  const sp = changed ? tp / changed : 0, sr = pos ? tp / pos : 0;
  const pp = tp + fp ? tp / (tp + fp) : 0, pr = tp + fn ? tp / (tp + fn) : 0;
  const dp = changed ? detTp / changed : 0, dr = pos ? detTp / pos : 0;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    sentences: rows.length,
    withErrors: pos,
    changed,
    strict: { precision: r3(sp), recall: r3(sr), f1: r3(f1(sp, sr)) },
    pycorrector: { precision: r3(pp), recall: r3(pr), f1: r3(f1(pp, pr)) },
    detection: { precision: r3(dp), recall: r3(dr), f1: r3(f1(dp, dr)) },
    seconds: Math.round(seconds * 100) / 100,
    sentencesPerSecond: Math.round(rows.length / seconds),
    sentencesPerCpuSecond: Math.round(rows.length / cpuSeconds),
    pycorrectorF1Ci95: [r3(boots[25]!), r3(boots[974]!)],
  };
}

const tLoad = performance.now();
getLexicon();
getConfusion();
getWordLm();
const loadSeconds = (performance.now() - tLoad) / 1000;
const base: SpellParams = { ...DEFAULT_SPELL_PARAMS, ...JSON.parse(opt('--params') ?? '{}') };

if (args.includes('--sweep')) {
  const grid = JSON.parse(opt('--grid') ?? '{"threshold":[3,4,5,6],"freqNorm":[0.5,0.75,1]}') as Record<string, number[]>;
  let combos: Array<Record<string, number>> = [{}];
  for (const [k, vs] of Object.entries(grid)) combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  for (const c of combos) {
    // "prior.otherTone": 1 sets one confusion kind's prior
    const prior = { ...base.prior };
    for (const [k, v] of Object.entries(c)) if (k.startsWith('prior.')) prior[k.slice(6) as keyof typeof prior] = v;
    const m = run({ ...base, ...c, prior });
    console.log(JSON.stringify({ ...c, strict: m.strict, py: m.pycorrector.f1 }));
  }
} else {
  const m = run(base);
  console.log(JSON.stringify({ params: base, loadSeconds: Math.round(loadSeconds * 100) / 100, ...m }, null, 2));
}
