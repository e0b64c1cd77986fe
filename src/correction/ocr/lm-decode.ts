// Language-model decoding of a recognised line (product-rules.md#ocr). The recogniser gives, at each character
// position of its best path, the best character and the others it weighed there (top-k of the CTC
// frames). Instead of keeping the best of each position alone, the line is decoded as a whole: a
// Viterbi search over those candidates scoring log P_ocr(c) + LM_WEIGHT · log P_lm(c | previous), with
// the character bigram model of char-lm.ts. Only Han characters are candidates; a mark, digit or letter
// keeps its reading and ends the context (as in the model's counts). The model only chooses among what the
// recogniser itself ranked near the top at that position (its LM_TOP_K best readings of the CTC frames, at
// least CAND_MIN probability): it settles between readings the recogniser hesitated over, and never
// brings in a character the recogniser did not see (a cursive stroke the recogniser ranked sixth was
// turned into a common character that fitted the sentence and was wrong).
// A character the model changed keeps its own recogniser probability as its confidence (so it is
// doubtful, shown to the teacher, never a 错别字 note) and the recogniser's first reading becomes an
// alternative.
import type { OcrAlternative } from '../ocr.js';
import { getCharLm, START, type CharLm } from './char-lm.js';
import { readDashPairs } from './dash-pairs.js';

export interface LatticeChar {
  text: string;
  confidence: number;
  alternatives?: OcrAlternative[];
  /** every reading weighed at this position (the best included), probability-ordered; more and weaker than alternatives */
  candidates?: Array<{ text: string; p: number }>;
}

/** weight of the language model against the recogniser (tuned on the dev split of the handwriting set) */
export let LM_WEIGHT = 0.5;
/** a candidate weaker than this (recogniser probability) is not weighed */
export let CAND_MIN = 0.01;
/** only the recogniser's this many best readings of a position are weighed (its first reading included) */
export let LM_TOP_K = 3;

let observer: ((line: LatticeChar[]) => void) | undefined;

/** for the bench's tuning runs only: set the parameters, and see every line before it is decoded */
export function setLmDecodeParams(p: { weight?: number; candMin?: number; topK?: number; observe?: (line: LatticeChar[]) => void }): void {
  if (p.weight !== undefined) LM_WEIGHT = p.weight;
  if (p.candMin !== undefined) CAND_MIN = p.candMin;
  if (p.topK !== undefined) LM_TOP_K = p.topK;
  if (p.observe) observer = p.observe;
}

const HAN = /^\p{Script=Han}$/u;

/** The readings weighed at a position: the recogniser's first, and those of its LM_TOP_K best that are Han and likely enough. */
function weighed(c: LatticeChar): Array<{ text: string; p: number }> {
  return (c.candidates ?? [{ text: c.text, p: c.confidence }]).filter((k, i) => i === 0 || (i < LM_TOP_K && k.p >= CAND_MIN && HAN.test(k.text)));
}

/** Decode a line's positions with the language model; returns the same positions, some re-read. */
export function lmDecode<T extends LatticeChar>(input: T[], lm: CharLm = getCharLm()): T[] {
  observer?.(input);
  if (LM_WEIGHT <= 0 || input.length === 0) return input;
  const line = readDashPairs(input, lm, LM_WEIGHT);
  // per position: the candidates weighed (Han only), with normalised recogniser log probabilities
  const opts = line.map((c) => {
    if (!HAN.test(c.text)) return undefined;
    const cs = weighed(c);
    if (cs.length < 2) return { texts: [c.text], lp: [0] };
    const sum = cs.reduce((a, k) => a + k.p, 0);
    return { texts: cs.map((k) => k.text), lp: cs.map((k) => Math.log(k.p / sum)) };
  });
  const out = line.slice();
  // Viterbi over each run of Han positions
  let i = 0;
  while (i < line.length) {
    if (!opts[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < line.length && opts[j]) j++;
    const run = opts.slice(i, j) as Array<{ texts: string[]; lp: number[] }>;
    if (run.some((o) => o.texts.length > 1)) {
      const score: number[][] = [];
      const back: number[][] = [];
      run.forEach((o, k) => {
        score.push([]);
        back.push([]);
        o.texts.forEach((t, ci) => {
          if (k === 0) {
            score[k]![ci] = o.lp[ci]! + LM_WEIGHT * lm.logP(START, t);
            back[k]![ci] = -1;
            return;
          }
          let best = -Infinity;
          let arg = 0;
          run[k - 1]!.texts.forEach((pt, pi) => {
            const s = score[k - 1]![pi]! + LM_WEIGHT * lm.logP(pt, t);
            if (s > best) {
              best = s;
              arg = pi;
            }
          });
          score[k]![ci] = best + o.lp[ci]!;
          back[k]![ci] = arg;
        });
      });
      const last = score[run.length - 1]!;
      let ci = last.indexOf(Math.max(...last));
      for (let k = run.length - 1; k >= 0; k--) {
        if (ci !== 0) out[i + k] = reread(line[i + k]!, ci);
        ci = back[k]![ci]!;
      }
    }
    i = j;
  }
  return out;
}

/** The position read as its ci-th candidate: its own probability as confidence, the first reading an alternative. */
function reread<T extends LatticeChar>(c: T, ci: number): T {
  const chosen = weighed(c)[ci]!;
  const alternatives = [{ text: c.text, confidence: Math.round(c.confidence * 1000) / 1000 }, ...(c.alternatives ?? []).filter((a) => a.text !== chosen.text)].slice(0, 3);
  return { ...c, text: chosen.text, confidence: chosen.p, alternatives };
}
