// A general-domain word bigram language model for the spelling checker: sunpinyin's open-gram model
// (CC BY-SA 3.0; src/correction/data/sunpinyin-lm.bin.gz, made by bench/correction/build-spelling-lm.ts,
// provenance in sunpinyin-lm.json). Read once, lazily, on the first call. A clause is scored by its best
// segmentation into the model's words (Viterbi with the last word as state), so a change to one
// character is judged by the words around it, not just by whether it completes a word.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface WordLm {
  ids: Map<string, number>;
  uni: Float32Array;
  bow: Float32Array;
  /** bigrams of history h are ws[start[h] .. start[h + 1]) with costs q × step */
  start: Uint32Array;
  ws: Uint32Array;
  q: Uint8Array;
  step: number;
  unseenCost: number;
  maxLen: number;
}

let cached: WordLm | undefined;

export function getWordLm(): WordLm {
  if (cached) return cached;
  const b = gunzipSync(readFileSync(new URL('../data/sunpinyin-lm.bin.gz', import.meta.url)));
  const hl = b.readUInt32LE(0);
  const h = JSON.parse(b.subarray(4, 4 + hl).toString('utf8')) as {
    words: number; bigrams: number; step: number; unseenCost: number; vocabBytes: number; countBytes: number;
  };
  let p = 4 + hl;
  const words = b.subarray(p, p + h.vocabBytes).toString('utf8').split('\n');
  p += h.vocabBytes;
  const n = h.words;
  const floats = (off: number) => new Float32Array(b.buffer.slice(b.byteOffset + off, b.byteOffset + off + 4 * n));
  const uni = floats(p);
  const bow = floats(p + 4 * n);
  p += 8 * n;
  const readVar = () => {
    let v = 0, shift = 0, c: number;
    do {
      c = b[p++]!;
      v += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80);
    return v;
  };
  const start = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + readVar();
  const ws = new Uint32Array(h.bigrams);
  for (let hi = 0, k = 0; hi < n; hi++) {
    let prev = -1;
    for (; k < start[hi + 1]!; k++) ws[k] = prev = prev + 1 + readVar();
  }
  const q = new Uint8Array(b.buffer.slice(b.byteOffset + p, b.byteOffset + p + h.bigrams));
  const ids = new Map<string, number>();
  let maxLen = 1;
  words.forEach((w, i) => {
    if (i > 0 && w) {
      ids.set(w, i);
      maxLen = Math.max(maxLen, w.length);
    }
  });
  cached = { ids, uni, bow, start, ws, q, step: h.step, unseenCost: h.unseenCost, maxLen: Math.min(maxLen, 8) };
  return cached;
}

/** The boundary (sentence start and end) word. */
export const BOUNDARY = 0;
/** A character the model does not know; it resets the context like a boundary does. */
const UNKNOWN = -1;

/** −log P(w | h) in nats, with back-off to the unigram. */
export function bigramCost(lm: WordLm, h: number, w: number): number {
  if (w === UNKNOWN) return lm.unseenCost;
  if (h === UNKNOWN) return lm.uni[w]!;
  let lo = lm.start[h]!, hi = lm.start[h + 1]!;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    const v = lm.ws[m]!;
    if (v === w) return lm.q[m]! * lm.step;
    if (v < w) lo = m + 1;
    else hi = m;
  }
  return lm.bow[h]! + lm.uni[w]!;
}

/**
 * Cost (−log probability, nats) of the best segmentation of `chars` between the words `before` and
 * `after` (BOUNDARY for a sentence edge), and the words of that segmentation.
 */
export function clauseCost(lm: WordLm, chars: string[], before = BOUNDARY, after = BOUNDARY): { cost: number; words: string[] } {
  const n = chars.length;
  // states[j]: best cost of chars[0..j) ending in word id → { cost, from position, from word }
  const states: Array<Map<number, { cost: number; i: number; prev: number }>> = [];
  for (let j = 0; j <= n; j++) states.push(new Map());
  states[0]!.set(before, { cost: 0, i: -1, prev: before });
  for (let i = 0; i < n; i++) {
    const from = states[i]!;
    if (!from.size) continue;
    let w = '';
    for (let k = 1; k <= lm.maxLen && i + k <= n; k++) {
      w += chars[i + k - 1];
      let id = lm.ids.get(w);
      if (id === undefined) {
        if (k > 1) continue;
        id = UNKNOWN;
      }
      const to = states[i + k]!;
      for (const [h, s] of from) {
        const c = s.cost + bigramCost(lm, h, id);
        const old = to.get(id);
        if (!old || c < old.cost) to.set(id, { cost: c, i, prev: h });
      }
    }
  }
  let best = Infinity, bestId = BOUNDARY;
  for (const [h, s] of states[n]!) {
    const c = s.cost + bigramCost(lm, h, after);
    if (c < best) {
      best = c;
      bestId = h;
    }
  }
  const words: string[] = [];
  for (let j = n, id = bestId; j > 0; ) {
    const s = states[j]!.get(id)!;
    words.unshift(chars.slice(s.i, j).join(''));
    j = s.i;
    id = s.prev;
  }
  return { cost: best, words };
}

/** The model's id of a punctuation mark or word next to a clause, or BOUNDARY. */
export function contextId(lm: WordLm, s: string | undefined): number {
  return (s ? lm.ids.get(s) : undefined) ?? BOUNDARY;
}

/** Prefixes of each model's words (for pruning word look-ups), built once per model. */
const prefixesByLm = new WeakMap<WordLm, Set<string>>();
function wordPrefixes(lm: WordLm): Set<string> {
  let prefixes = prefixesByLm.get(lm);
  if (!prefixes) {
    prefixes = new Set();
    for (const w of lm.ids.keys()) for (let k = 1; k < w.length; k++) prefixes.add(w.slice(0, k));
    prefixesByLm.set(lm, prefixes);
  }
  return prefixes;
}

export interface ClauseScorer {
  /** cost of the clause as it is (same as clauseCost) */
  base: number;
  /** exact cost of the clause with chars[i] replaced by c */
  costWith(i: number, c: string): number;
}

/**
 * Scores one-character substitutions of a clause without re-running the whole Viterbi: a forward pass
 * (best cost of chars[0..a) ending in word h) and a backward pass (best cost from a word v starting at
 * b to the end) are kept, and every segmentation has exactly one word covering the changed position,
 * so the new cost is the minimum over the words w covering i of forward(a, h) + cost(h, w) + the best
 * continuation after w. Both passes are left unchanged by the substitution (they only see characters
 * before a or from b on). Used to judge every candidate of every position at the cost of a few
 * dictionary look-ups each.
 */
export function clauseScorer(lm: WordLm, chars: string[], before = BOUNDARY, after = BOUNDARY): ClauseScorer {
  const n = chars.length;
  const pre = wordPrefixes(lm);
  /** id of the word chars[a..b), UNKNOWN for an unknown single character, undefined otherwise */
  const idOf = (w: string) => lm.ids.get(w) ?? (w.length === 1 ? UNKNOWN : undefined);
  // Words of the original clause by start: starts[a] = [{ id, end }].
  const starts: Array<Array<{ id: number; end: number }>> = [];
  for (let a = 0; a < n; a++) {
    const list: Array<{ id: number; end: number }> = [];
    let w = '';
    for (let b = a + 1; b <= n && b - a <= lm.maxLen; b++) {
      w += chars[b - 1];
      const id = idOf(w);
      if (id !== undefined) list.push({ id, end: b });
      if (!pre.has(w)) break;
    }
    starts.push(list);
  }
  // Forward: fwd[a] = Map(last word id → best cost of chars[0..a)).
  const fwd: Array<Map<number, number>> = [];
  for (let j = 0; j <= n; j++) fwd.push(new Map());
  fwd[0]!.set(before, 0);
  for (let a = 0; a < n; a++)
    for (const { id, end } of starts[a]!) {
      const to = fwd[end]!;
      for (const [h, c0] of fwd[a]!) {
        const c = c0 + bigramCost(lm, h, id);
        const old = to.get(id);
        if (old === undefined || c < old) to.set(id, c);
      }
    }
  // Backward: bwd[a] = Map(word id starting at a → best cost after it, from the transition out of it).
  const bwd: Array<Map<number, number>> = [];
  for (let j = 0; j <= n; j++) bwd.push(new Map());
  /** best cost of what follows a word `w` that ends at b */
  const bestAfter = (b: number, w: number): number => {
    if (b === n) return bigramCost(lm, w, after);
    let best = Infinity;
    for (const [u, c] of bwd[b]!) best = Math.min(best, bigramCost(lm, w, u) + c);
    return best;
  };
  for (let a = n - 1; a >= 0; a--) for (const { id, end } of starts[a]!) bwd[a]!.set(id, bestAfter(end, id));
  let base = Infinity;
  for (const [h, c] of fwd[n]!) base = Math.min(base, c + bigramCost(lm, h, after));
  return {
    base,
    costWith(i: number, ch: string): number {
      let best = Infinity;
      for (let a = Math.max(0, i - lm.maxLen + 1); a <= i; a++) {
        if (!fwd[a]!.size) continue;
        // the word starts with chars[a..i) unchanged: it must be a prefix of some word (or empty)
        let w = chars.slice(a, i).join('');
        if (w && !pre.has(w)) continue;
        for (let b = i + 1; b <= n && b - a <= lm.maxLen; b++) {
          w += b - 1 === i ? ch : chars[b - 1];
          const id = idOf(w);
          if (id !== undefined) {
            let left = Infinity;
            for (const [h, c] of fwd[a]!) left = Math.min(left, c + bigramCost(lm, h, id));
            if (left < best) best = Math.min(best, left + bestAfter(b, id));
          }
          if (!pre.has(w)) break;
        }
      }
      return best;
    },
  };
}
