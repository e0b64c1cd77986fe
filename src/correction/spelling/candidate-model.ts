// A logistic score for one candidate fix (position i: chars[i] → c) from the two models' evidence:
// the window gain of the unigram word model (word-score.ts), the drop of the clause's cost under the
// word bigram LM (word-lm.ts), how the candidate compares with the other candidates of its position,
// the kind of confusion and the word lengths around it. The weights were fitted once by logistic
// regression on SIGHAN-15 train sentences 1-400 (each with its correction as a correct sentence;
// label: the candidate is the gold correction) and the threshold picked by 5-fold cross-validation
// there: `node --import tsx bench/correction/fit-spelling-model.ts`; see bench/correction/README.md,
// "every candidate judged by a fitted model over the window gain and the clause LM". No sentence or
// word list is stored, only the 18 weights below.
import type { Candidate, ConfusionKind } from './confusion.js';
import { segment, wordLogP, type Scorer } from './word-score.js';
import type { ClauseScorer } from './word-lm.js';

export interface CandidateEvidence {
  kind: ConfusionKind;
  /** window gain of the unigram word model, without the kind's prior */
  gain: number;
  /** drop of the clause's LM cost (nats) */
  drop: number;
  /** best drop among the other candidates of the same position (−Infinity when none) */
  otherDrop: number;
  /** 0-based rank of this candidate's drop among its position's candidates */
  rank: number;
  /** candidates of the position whose drop is positive */
  positive: number;
  /** length of the word the candidate completes in the window (unigram model) */
  newWordLen: number;
  /** length of the word covering the position before the change (window, unigram model) */
  oldWordLen: number;
  /** length of the word covering the position in the clause's best LM segmentation */
  lmWordLen: number;
  /** log-probabilities of the original and the candidate character as single-character words */
  origLogP: number;
  candLogP: number;
}

export const FEATURE_NAMES = [
  'gain', 'drop', 'reluDrop', 'reluGain', 'otherTone', 'shape', 'fuzzy', 'newWordLen', 'oldWordLen', 'lmWordLen',
  'origLogP', 'candLogP', 'candMinusOrigLogP', 'minGainDrop', 'dropIfWord', 'dropMinusOther', 'rank', 'positive',
] as const;

export interface CandidateWeights {
  weights: number[];
  bias: number;
}

/** Fitted by bench/correction/fit-spelling-model.ts (weights in FEATURE_NAMES order). */
export const CANDIDATE_WEIGHTS: CandidateWeights = {
  weights: [0.1885, 0.447, -0.0426, -0.1985, -0.8002, -3.2721, -2.0351, 0.6221, -0.3488, 0.2143, -0.0046, 0.0384, 0.0208, 0.0325, -0.0219, 0.125, -0.0888, -0.0976],
  bias: -3.4741,
};

/** Default acceptance threshold on the score (log-odds), chosen by cross-validation on the dev slice. */
export const CANDIDATE_MODEL_THRESHOLD = -1.5;

const clip = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The model's inputs, in FEATURE_NAMES order (lengths capped at 4, counts at 10, drops clipped). */
export function featureVector(e: CandidateEvidence): number[] {
  const nw = Math.min(e.newWordLen, 4);
  const other = Number.isFinite(e.otherDrop) ? e.otherDrop : -20;
  return [
    e.gain, e.drop, Math.max(e.drop, 0), Math.max(e.gain, 0),
    e.kind === 'otherTone' ? 1 : 0, e.kind === 'shape' ? 1 : 0, e.kind === 'fuzzy' ? 1 : 0,
    nw, Math.min(e.oldWordLen, 4), Math.min(e.lmWordLen, 4),
    e.origLogP, e.candLogP, e.candLogP - e.origLogP, Math.min(e.gain, e.drop), nw > 1 ? clip(e.drop, -10, 15) : 0,
    clip(e.drop - other, -20, 20), Math.min(e.rank, 3), Math.min(e.positive, 10),
  ];
}

/** Log-odds that the candidate is the right correction. */
export function candidateScore(e: CandidateEvidence, w: CandidateWeights = CANDIDATE_WEIGHTS): number {
  const x = featureVector(e);
  let z = w.bias;
  for (let k = 0; k < x.length; k++) z += w.weights[k]! * x[k]!;
  return z;
}

export interface PositionCandidate {
  cand: Candidate;
  word: string;
  evidence: CandidateEvidence;
}

/**
 * The evidence for every candidate of position i whose LM drop exceeds minDrop (the drops of all
 * candidates still set rank, positive and otherDrop). `lmLen[i]` is the length of the LM word
 * covering i; `sc` scores the clause `chars` as it is now.
 */
export function positionEvidence(
  s: Scorer, chars: string[], i: number, cands: Candidate[], sc: ClauseScorer, lmLen: number[], window: number, minDrop: number,
): PositionCandidate[] {
  const drops = cands.map((cand) => sc.base - sc.costWith(i, cand.char));
  const sorted = [...drops].sort((a, b) => b - a);
  if (!(sorted[0]! > minDrop)) return [];
  const positive = sorted.filter((d) => d > 0).length;
  const lo = Math.max(0, i - window);
  const win = chars.slice(lo, Math.min(chars.length, i + window + 1));
  const focus = i - lo;
  const base = segment(s, win, focus);
  const origLogP = wordLogP(s, chars[i]!)!;
  const out: PositionCandidate[] = [];
  cands.forEach((cand, k) => {
    const drop = drops[k]!;
    if (drop <= minDrop) return;
    win[focus] = cand.char;
    const r = segment(s, win, focus);
    const rank = sorted.indexOf(drop);
    out.push({
      cand,
      word: r.word,
      evidence: {
        kind: cand.kind, gain: r.score - base.score, drop, otherDrop: rank === 0 ? (sorted[1] ?? -Infinity) : sorted[0]!,
        rank, positive, newWordLen: r.word.length, oldWordLen: base.word.length, lmWordLen: lmLen[i] ?? 1,
        origLogP, candLogP: wordLogP(s, cand.char)!,
      },
    });
  });
  return out;
}

/** Lengths of the LM words covering each character of the clause, from its best segmentation. */
export function lmWordLengths(words: string[]): number[] {
  const out: number[] = [];
  for (const w of words) for (let k = 0; k < w.length; k++) out.push(w.length);
  return out;
}
