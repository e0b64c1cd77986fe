// The calibrated scorer's model: one kernel ridge regression (linear kernel) fitted on aes-calibration
// by bench/correction/calibrate.ts, stored in primal form so scoring an essay is a few dot products.
// Its input is four blocks, each scaled by its share of the kernel:
//   chars     the essay's Han characters as a tf-idf vector (sublinear tf, unit length)
//   words     the same for jieba words
//   posPairs  the same for pairs of neighbouring jieba POS tags (sentence shape, not topic)
//   features  the hand-made features of features.ts, z-scored and clipped at ±3 sd
// It was trained on the teacher's score RANKS (Spearman is what matters and ranks keep a few extreme
// marks from dominating), so its raw output is a predicted percentile (0-100); `knots` map it back onto the teacher's
// score distribution (quantiles of out-of-fold predictions against quantiles of the scores).
import type { Token } from '../text/vocabulary.js';

export type TermBlockName = 'chars' | 'words' | 'posPairs';

export interface TermBlock {
  /** term → [document frequency among the calibration essays, weight] */
  terms: Record<string, readonly [number, number]>;
}

export interface UsageModel {
  /** calibration essays behind the idf */
  docs: number;
  blocks: Record<TermBlockName, TermBlock>;
  features: {
    names: readonly string[];
    /** features compared on a log scale (log1p) */
    logScale: readonly string[];
    mean: readonly number[];
    sd: readonly number[];
    weights: readonly number[];
  };
  /** raw output of an average essay (50: the middle percentile) */
  intercept: number;
  /** monotone map from raw output to the 100-point scale: raw knots and their scores */
  knots: { raw: readonly number[]; score: readonly number[] };
  /** points per raw unit near the middle of the map (for evidence in points) */
  pointsPerUnit: number;
}

export type TermCounts = Record<TermBlockName, Map<string, number>>;

const HAN = /\p{Script=Han}/u;

function add(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** Term counts of an essay body from its jieba tokens (all tokens, punctuation and line breaks included). */
export function termCounts(text: string, tokens: readonly Pick<Token, 'word' | 'tag'>[]): TermCounts {
  const chars = new Map<string, number>();
  for (const c of text) if (HAN.test(c)) add(chars, c);
  const words = new Map<string, number>();
  for (const t of tokens) if (HAN.test(t.word)) add(words, t.word);
  const posPairs = new Map<string, number>();
  for (let i = 1; i < tokens.length; i++) add(posPairs, `${tokens[i - 1]!.tag}_${tokens[i]!.tag}`);
  return { chars, words, posPairs };
}

/** tf-idf vector (sublinear tf, idf over `docs`, terms seen in fewer than 2 documents dropped), unit length. */
export function tfidfVector(counts: Map<string, number>, df: (term: string) => number, docs: number): Map<string, number> {
  const v = new Map<string, number>();
  let norm = 0;
  for (const [term, n] of counts) {
    const d = df(term);
    if (d < 2) continue;
    const w = (1 + Math.log(n)) * Math.log(docs / d);
    if (w <= 0) continue;
    v.set(term, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [term, w] of v) v.set(term, w / norm);
  return v;
}

/** One block's contribution to the raw output. */
export function blockScore(counts: Map<string, number>, block: TermBlock, docs: number): number {
  const v = tfidfVector(counts, (t) => block.terms[t]?.[0] ?? 0, docs);
  let s = 0;
  for (const [t, w] of v) s += w * block.terms[t]![1];
  return s;
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** The z-score of each model feature, clipped at ±3 sd (a 30-character note must not explode the sum). */
export function featureZ(values: Readonly<Record<string, number>>, model: UsageModel): number[] {
  const f = model.features;
  return f.names.map((name, j) => {
    const raw = values[name] ?? 0;
    const v = f.logScale.includes(name) ? Math.log1p(raw) : raw;
    return clamp((v - f.mean[j]!) / (f.sd[j]! || 1), -3, 3);
  });
}

/** The term blocks' part of the raw output: word and character choice, sentence shape. */
export function termsScore(counts: TermCounts, model: UsageModel): number {
  let s = 0;
  for (const name of ['chars', 'words', 'posPairs'] as const) s += blockScore(counts[name], model.blocks[name], model.docs);
  return s;
}

/** The hand-made features' part of the raw output. */
export function featuresScore(values: Readonly<Record<string, number>>, model: UsageModel): number {
  return featureZ(values, model).reduce((s, v, j) => s + v * model.features.weights[j]!, 0);
}

/** Raw output (a predicted percentile) → 100-point score: piecewise linear through the knots; beyond
 * them it leaves the end knot with the middle slope and bends towards 100 (or 0) without reaching it,
 * so two essays the model ranks apart never tie at the cap. */
export function rawToScore(raw: number, model: UsageModel): number {
  const { raw: xs, score: ys } = model.knots;
  const last = xs.length - 1;
  const slope = model.pointsPerUnit;
  if (raw > xs[last]!) {
    const room = 100 - ys[last]!;
    return room <= 0 ? ys[last]! : ys[last]! + room * (1 - Math.exp((-slope * (raw - xs[last]!)) / room));
  }
  if (raw < xs[0]!) {
    const room = ys[0]!;
    return room <= 0 ? ys[0]! : ys[0]! - room * (1 - Math.exp((-slope * (xs[0]! - raw)) / room));
  }
  let i = 1;
  while (i < last && raw > xs[i]!) i++;
  const x0 = xs[i - 1]!;
  const x1 = xs[i]!;
  const t = x1 > x0 ? (raw - x0) / (x1 - x0) : 0;
  return ys[i - 1]! + t * (ys[i]! - ys[i - 1]!);
}
