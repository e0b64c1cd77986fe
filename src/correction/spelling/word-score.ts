// Unigram word-model scoring shared by the spelling rules: the best segmentation of a short window of
// Han characters under jieba's dictionary frequencies. Both the statistical checker (spellcheck.ts) and
// the list of common misspellings (common-misspellings.ts) compare windows before and after a change.
import { getLexicon, type Lexicon } from '../lexicon.js';

export interface Scorer {
  lex: Lexicon;
  logTotal: number;
}

const UNKNOWN_CHAR_LOGP = Math.log(0.5);

export function getScorer(): Scorer {
  const lex = getLexicon();
  return { lex, logTotal: lex.logTotal };
}

export function wordLogP(s: Scorer, w: string): number | undefined {
  const f = s.lex.freq.get(w);
  if (f !== undefined) return Math.log(f) - s.logTotal;
  if (w.length === 1) return UNKNOWN_CHAR_LOGP - s.logTotal;
  return undefined;
}

/**
 * Best segmentation log-probability of `chars` (single UTF-16 Han chars), the word covering `focus`,
 * and that word's [start, end) inside `chars`.
 */
export function segment(s: Scorer, chars: string[], focus: number): { score: number; word: string; start: number; end: number } {
  const n = chars.length;
  const best = new Float64Array(n + 1).fill(-Infinity);
  const back = new Int32Array(n + 1);
  best[0] = 0;
  const maxLen = s.lex.maxWordLen;
  for (let j = 1; j <= n; j++) {
    let w = '';
    for (let k = 1; k <= maxLen && j - k >= 0; k++) {
      w = chars[j - k] + w;
      const lp = wordLogP(s, w);
      if (lp === undefined) continue;
      const v = best[j - k]! + lp;
      if (v > best[j]!) {
        best[j] = v;
        back[j] = j - k;
      }
    }
  }
  let word = chars[focus] ?? '';
  let start = focus;
  let end = focus + 1;
  for (let j = n; j > 0; j = back[j]!) {
    const i = back[j]!;
    if (i <= focus && focus < j) {
      word = chars.slice(i, j).join('');
      start = i;
      end = j;
      break;
    }
  }
  return { score: best[n]!, word, start, end };
}
