// Wrong-character (错别字) detection and correction without a neural model.
//
// Idea (a noisy channel with a unigram word model): a wrong character usually breaks a word. For each
// Han character we try the alternatives of its confusion set and compare the best word segmentation
// of a small window around it, scored with jieba's dictionary frequencies. A candidate wins when the
// window becomes more probable by more than a threshold plus a prior for the kind of confusion
// (other-tone homophones and look-alikes are less likely slips than same-tone homophones), and the
// candidate completes a dictionary word. Each proposal is then judged over its whole clause by a
// general-domain word bigram model (word-lm.ts): it must lower the clause's cost by more than lmMargin
// nats, and a large enough drop (lmStrong) lets a weaker window gain through. The thresholds are
// global, chosen once on a development slice (the first 400 sentences) of SIGHAN-15 with their
// corrections as correct sentences; see bench/correction/README.md. Those rules serve the essay
// profile; the SIGHAN profile (candidateModel) instead scores every candidate of every position with a
// logistic model over the same evidence (candidate-model.ts), which also picks among a position's
// candidates by the clause rather than by the window gain alone.
import { getConfusion, type Candidate, type ConfusionKind } from './confusion.js';
import { getScorer, segment, wordLogP, type Scorer } from './word-score.js';
import { findListMisspellings } from './common-misspellings.js';
import { findDeMisuse } from './de-particles.js';
import { candidateScore, CANDIDATE_MODEL_THRESHOLD, lmWordLengths, positionEvidence, type CandidateWeights } from './candidate-model.js';
import { clauseCost, clauseScorer, contextId, getWordLm, type ClauseScorer, type WordLm } from './word-lm.js';

export interface SpellParams {
  /** minimum normalised log-probability gain for a correction */
  threshold: number;
  /** extra gain a candidate must bring, by confusion kind */
  prior: Record<ConfusionKind, number>;
  /** context characters on each side of the position */
  window: number;
  /** how much of the candidate character's own frequency advantage is taken back out (0..1) */
  freqNorm: number;
  /** the word a fix completes must be at least this frequent in jieba's dictionary */
  minWordFreq: number;
  /** 1: a fix must complete a word of two or more characters; 0: a more likely single character may do */
  requireWord: number;
  /** 1: also apply the curated list of common misspellings (common-misspellings.tsv) first */
  commonList: number;
  /** 1: also apply the 的/地/得 rules (de-particles.ts) */
  deRules?: number;
  /** 1: try listed confusion pairs both ways (confusion.ts) */
  symmetric?: number;
  /** 1: also try near-homophones (in/ing, n/l, z/zh …; confusion.ts), with prior.fuzzy */
  fuzzy?: number;
  /** 1: judge each proposal with the general-domain word bigram model (word-lm.ts) over its clause */
  lm?: number;
  /** a proposal must lower the clause's LM cost by more than this many nats */
  lmMargin?: number;
  /** with the LM, proposals are gathered down to this gain (default: threshold) */
  lmPool?: number;
  /** a proposal whose LM cost drop exceeds this is accepted down to a gain of lmPool */
  lmStrong?: number;
  /** 1: decide with the fitted candidate model (candidate-model.ts) instead of the gain/drop rules */
  candidateModel?: number;
  /** the candidate model's acceptance threshold (log-odds; default CANDIDATE_MODEL_THRESHOLD) */
  modelThreshold?: number;
  /** the candidate model's weights (default CANDIDATE_WEIGHTS; the fitter passes its own) */
  modelWeights?: CandidateWeights;
}

export const DEFAULT_SPELL_PARAMS: SpellParams = {
  threshold: 2,
  prior: { sameTone: 0, otherTone: 2.5, shape: 4, fuzzy: 4 },
  window: 4,
  freqNorm: 0,
  minWordFreq: 1,
  commonList: 1,
  deRules: 1,
  symmetric: 1,
  fuzzy: 1,
  lm: 1,
  lmMargin: 2,
  lmPool: -4,
  lmStrong: 6,
  requireWord: 0,
  // The SIGHAN profile decides with the fitted candidate model (candidate-model.ts); the rules above
  // (threshold, lmMargin, lmPool, lmStrong) then only serve the essay profile.
  candidateModel: 1,
};

/**
 * Essays are mostly correct text, unlike SIGHAN sentences (97% of which hold an error), so essay
 * analysis asks for a much larger gain: on the 150 calibration essays threshold 8 leaves ~0.3
 * proposals per 1000 characters, most of them real slips (端祥→端详, 丝豪→丝毫).
 */
export const ESSAY_SPELL_PARAMS: SpellParams = {
  ...DEFAULT_SPELL_PARAMS,
  threshold: 8,
  // Essays keep the word requirement and the word model's gain; the LM only vetoes (lmMargin).
  requireWord: 1,
  lmPool: undefined,
  lmStrong: undefined,
  // Essays keep the rules: the candidate model was fitted on learners' sentences, 97% of them wrong.
  candidateModel: 0,
};

export interface SpellFix {
  /** UTF-16 offset in the input, [start, end) */
  start: number;
  end: number;
  wrong: string;
  fix: string;
  kind: ConfusionKind;
  /** normalised log-probability gain (the candidate model's log-odds when it decided); higher is surer */
  gain: number;
  /** the word the fix completes, e.g. 一致 for 一至 */
  word: string;
  /** 'list' when the fix comes from the curated list of common misspellings, 'de' from the 的/地/得
   * rules, absent for the word model */
  source?: 'list' | 'de';
}

const HAN = /\p{Script=Han}/u;

function singleLogP(s: Scorer, c: string): number {
  return wordLogP(s, c)!;
}

interface Scored {
  cand: Candidate;
  gain: number;
  word: string;
}

/** The candidate of position i with the best window gain that completes an acceptable word. */
function bestCandidate(s: Scorer, chars: string[], i: number, cands: Candidate[], p: SpellParams): Scored | undefined {
  const lo = Math.max(0, i - p.window);
  const hi = Math.min(chars.length, i + p.window + 1);
  const win = chars.slice(lo, hi);
  const focus = i - lo;
  const orig = chars[i]!;
  const base = segment(s, win, focus).score;
  let best: Scored | undefined;
  for (const cand of cands) {
    win[focus] = cand.char;
    const r = segment(s, win, focus);
    // Take out the plain frequency advantage of the candidate character itself.
    const gain =
      r.score - base - p.freqNorm * (singleLogP(s, cand.char) - singleLogP(s, orig)) - p.prior[cand.kind];
    if ((r.word.length > 1 || !p.requireWord) && (!best || gain > best.gain) && (s.lex.freq.get(r.word) ?? 0) >= p.minWordFreq)
      best = { cand, gain, word: r.word };
  }
  return best;
}

/**
 * Find likely wrong characters in `text` and return fixes, sorted by position. Known slips from the
 * curated list are fixed first; the word model then runs on the text with those fixes applied (so its
 * context is right) and may not change a position the list already fixed.
 */
export function findWrongChars(text: string, params: SpellParams = DEFAULT_SPELL_PARAMS): SpellFix[] {
  const ruleFixes: SpellFix[] = [
    ...(params.commonList ? findListMisspellings(text).map((f): SpellFix => ({ ...f, source: 'list' })) : []),
    ...(params.deRules ? findDeMisuse(text).map((f): SpellFix => ({ ...f, kind: 'sameTone', gain: 0, source: 'de' })) : []),
  ];
  if (!ruleFixes.length) return findModelFixes(text, params);
  const listed = new Set(ruleFixes.map((f) => f.start));
  const fixes = ruleFixes.filter((f, i) => ruleFixes.findIndex((g) => g.start === f.start) === i);
  const modelFixes = findModelFixes(applyFixes(text, fixes), params).filter((f) => !listed.has(f.start));
  return [...fixes, ...modelFixes].sort((a, b) => a.start - b.start);
}

/** The word-model checker alone: confusion-set candidates scored by window segmentation. */
function findModelFixes(text: string, params: SpellParams): SpellFix[] {
  const s: Scorer = getScorer();
  const conf = getConfusion({ symmetric: !!params.symmetric, fuzzy: !!params.fuzzy });
  const lm: WordLm | undefined = params.lm ? getWordLm() : undefined;
  const fixes: SpellFix[] = [];
  // Work run by run: a run is a stretch of Han characters between punctuation or other scripts.
  const runRe = /\p{Script=Han}+/gu;
  for (let m = runRe.exec(text); m; m = runRe.exec(text)) {
    const runStart = m.index;
    const chars = [...m[0]];
    // Han chars outside the BMP are rare; offsets below assume one UTF-16 unit per char, so skip such runs.
    if (chars.length !== m[0].length || chars.length < 2) continue;
    if (lm && params.candidateModel) {
      for (const f of modelRun(s, lm, conf, chars, contextId(lm, text[runStart - 1]), contextId(lm, text[runStart + chars.length]), params))
        fixes.push({ ...f, start: runStart + f.start, end: runStart + f.end });
      continue;
    }
    const proposals: Array<{ i: number; score: number } & Scored> = [];
    const pool = lm ? (params.lmPool ?? params.threshold) : params.threshold;
    const ctx = lm ? { lm, before: contextId(lm, text[runStart - 1]), after: contextId(lm, text[runStart + chars.length]) } : undefined;
    // The clause scorer (word-lm.ts) is built on first use and rebuilt after each accepted fix.
    let scorer: ClauseScorer | undefined;
    const dropOf = (i: number, c: string): number => {
      scorer ??= clauseScorer(ctx!.lm, chars, ctx!.before, ctx!.after);
      return scorer.base - scorer.costWith(i, c);
    };
    /** the proposal's rank score when chars[i] → c passes the gain and the LM, else undefined */
    const lmScore = (i: number, c: string, gain: number): number | undefined => {
      if (!ctx) return gain > params.threshold ? gain : undefined;
      const drop = dropOf(i, c);
      if (drop > (params.lmMargin ?? 0) && gain > params.threshold) return gain;
      // A large drop lets a weaker word-model gain through (down to lmPool).
      return params.lmStrong !== undefined && drop > params.lmStrong ? params.threshold + (drop - params.lmStrong) : undefined;
    };
    for (let i = 0; i < chars.length; i++) {
      const cands = conf.get(chars[i]!);
      if (!cands || !HAN.test(chars[i]!)) continue;
      const b = bestCandidate(s, chars, i, cands, params);
      if (b && b.gain > pool) proposals.push({ i, ...b, score: lmScore(i, b.cand.char, b.gain) ?? -Infinity });
    }
    proposals.sort((a, b) => b.score - a.score);
    const changed = new Set<number>();
    for (const pr of proposals) {
      if (pr.score === -Infinity) break;
      // A neighbouring fix changes this position's context: re-check it against the updated run.
      const near = [...changed].some((c) => Math.abs(c - pr.i) <= params.window);
      let chosen: Scored | undefined = pr;
      if (near) {
        chosen = bestCandidate(s, chars, pr.i, [pr.cand], params);
        if (!chosen || chosen.gain <= pool) continue;
      }
      if (ctx && changed.size && lmScore(pr.i, chosen.cand.char, chosen.gain) === undefined) continue;
      const wrong = chars[pr.i]!;
      chars[pr.i] = chosen.cand.char;
      changed.add(pr.i);
      scorer = undefined;
      fixes.push({
        start: runStart + pr.i,
        end: runStart + pr.i + 1,
        wrong,
        fix: chosen.cand.char,
        kind: chosen.cand.kind,
        gain: Math.round(chosen.gain * 100) / 100,
        word: chosen.word,
      });
    }
  }
  return fixes.sort((a, b) => a.start - b.start);
}

/**
 * Candidates whose LM drop is at most this are not scored (their window is not segmented): on the dev
 * slice no candidate scored within 1.5 of the threshold had a drop below −4.5.
 */
const MODEL_MIN_DROP = -5;

/**
 * One run of Han characters under the candidate model: every candidate of every position is scored
 * (window gain, LM drop, its rank among the position's candidates …), each position proposes its best
 * candidate above the threshold, and proposals are applied best first; after each fix the remaining
 * positions are scored again on the changed run, since a fix changes its neighbours' context.
 */

function modelRun(
  s: Scorer, lm: WordLm, conf: Map<string, Candidate[]>, chars: string[], before: number, after: number, params: SpellParams,
): SpellFix[] {
  const threshold = params.modelThreshold ?? CANDIDATE_MODEL_THRESHOLD;
  const fixes: SpellFix[] = [];
  type Best = { i: number; cand: Candidate; word: string; score: number };
  const scoreRun = (positions: Iterable<number>): Best[] => {
    const sc = clauseScorer(lm, chars, before, after);
    const lmLen = lmWordLengths(clauseCost(lm, chars, before, after).words);
    const out: Best[] = [];
    for (const i of positions) {
      const cands = conf.get(chars[i]!);
      if (!cands || !HAN.test(chars[i]!)) continue;
      let best: Best | undefined;
      for (const c of positionEvidence(s, chars, i, cands, sc, lmLen, params.window, MODEL_MIN_DROP)) {
        const score = candidateScore(c.evidence, params.modelWeights);
        if (score > threshold && (!best || score > best.score)) best = { i, cand: c.cand, word: c.word, score };
      }
      if (best) out.push(best);
    }
    return out;
  };
  let proposals = scoreRun(chars.keys());
  const changed = new Set<number>();
  while (proposals.length) {
    proposals.sort((a, b) => b.score - a.score);
    const pr = proposals[0]!;
    fixes.push({ start: pr.i, end: pr.i + 1, wrong: chars[pr.i]!, fix: pr.cand.char, kind: pr.cand.kind, gain: Math.round(pr.score * 100) / 100, word: pr.word });
    chars[pr.i] = pr.cand.char;
    changed.add(pr.i);
    const rest = proposals.slice(1).map((p) => p.i).filter((i) => !changed.has(i));
    proposals = rest.length ? scoreRun(rest) : [];
  }
  return fixes;
}

/** Apply fixes (non-overlapping, single characters) to the text. */
export function applyFixes(text: string, fixes: SpellFix[]): string {
  let out = '';
  let pos = 0;
  for (const f of [...fixes].sort((a, b) => a.start - b.start)) {
    out += text.slice(pos, f.start) + f.fix;
    pos = f.end;
  }
  return out + text.slice(pos);
}

/** Correct one sentence or paragraph: the text with every detected wrong character replaced. */
export function correctSpelling(text: string, params?: SpellParams): string {
  return applyFixes(text, findWrongChars(text, params));
}
