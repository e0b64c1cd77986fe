// Word class × word frequency: the share of the essay's words in each pair (part of speech, frequency
// band in jieba's general corpus), e.g. "verbs rarer than 1000" or "very common nouns". It tells how far
// a pupil reaches beyond everyday words, and in which word class (a rare verb or adjective is a choice,
// a rare noun is mostly the subject matter), without naming any word: the bands come from the general
// corpus, never from the calibration essays. One block of the scoring model (essay-model.ts).
import { getLexicon } from '../lexicon.js';
import type { Token } from '../text/vocabulary.js';

/** Frequency bands of jieba's corpus counts, from everyday words to words it does not know. */
export function frequencyBand(freq: number): 'T' | 'H' | 'M' | 'L' | 'U' {
  if (freq >= 100000) return 'T';
  if (freq >= 10000) return 'H';
  if (freq >= 1000) return 'M';
  if (freq > 0) return 'L';
  return 'U';
}

const HAN = /\p{Script=Han}/u;

/** Share of the Han words in each (first letter of the POS tag, frequency band), keys like "vL". */
export function posBandShares(tokens: readonly Token[]): Map<string, number> {
  const freq = getLexicon().freq;
  const words = tokens.filter((t) => HAN.test(t.word));
  const out = new Map<string, number>();
  for (const t of words) {
    const key = t.tag.slice(0, 1) + frequencyBand(freq.get(t.word) ?? 0);
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  for (const [k, c] of out) out.set(k, Math.round((c / words.length) * 1e6) / 1e6);
  return out;
}
