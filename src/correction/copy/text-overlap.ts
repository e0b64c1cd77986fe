/**
 * How much of one essay's text is found in another: character n-grams over the Han characters, letters
 * and digits (punctuation, spaces and line breaks are ignored, so a copy re-punctuated or re-flowed by
 * OCR still matches), runs of shared n-grams merged into passages with their offsets in both texts.
 */

/** Characters in a shingle: long enough that two pupils on the same title rarely share one by chance. */
export const SHINGLE = 8;
/** Shortest passage reported as evidence, in compared characters. */
const MIN_PASSAGE = 12;
/** Passages kept as evidence, longest first. */
const MAX_PASSAGES = 3;

export interface OverlapPassage {
  /** [start, end) UTF-16 offsets in the essay checked */
  mine: [number, number];
  /** [start, end) UTF-16 offsets in the other text */
  theirs: [number, number];
  mineText: string;
  theirsText: string;
}

export interface Overlap {
  /** share of the checked essay's compared characters inside shared n-grams, 0..1 */
  share: number;
  /** compared characters of the checked essay */
  length: number;
  passages: OverlapPassage[];
}

interface Folded {
  chars: string[];
  /** UTF-16 offset of each compared character in the original text, plus the end */
  at: number[];
}

const WORD_CHAR = /[\p{Script=Han}\p{L}\p{N}]/u;

function fold(text: string): Folded {
  const chars: string[] = [];
  const at: number[] = [];
  let offset = 0;
  for (const ch of text) {
    if (WORD_CHAR.test(ch)) {
      chars.push(ch.toLowerCase());
      at.push(offset);
    }
    offset += ch.length;
  }
  at.push(offset);
  return { chars, at };
}

/** Compares `mine` with `theirs`: what share of mine is in theirs, and the longest shared passages. */
export function textOverlap(mine: string, theirs: string): Overlap {
  const a = fold(mine);
  const b = fold(theirs);
  if (a.chars.length < SHINGLE || b.chars.length < SHINGLE) return { share: 0, length: a.chars.length, passages: [] };
  const where = new Map<string, number[]>();
  for (let j = 0; j + SHINGLE <= b.chars.length; j++) {
    const key = b.chars.slice(j, j + SHINGLE).join('');
    const list = where.get(key);
    if (list) list.push(j);
    else where.set(key, [j]);
  }
  const covered = new Uint8Array(a.chars.length);
  const runs: { i: number; j: number; len: number }[] = [];
  let i = 0;
  while (i + SHINGLE <= a.chars.length) {
    const starts = where.get(a.chars.slice(i, i + SHINGLE).join(''));
    if (!starts) {
      i++;
      continue;
    }
    // the longest run from here among the places the shingle occurs in theirs
    let best = { j: starts[0]!, len: SHINGLE };
    for (const j of starts) {
      let len = SHINGLE;
      while (i + len < a.chars.length && j + len < b.chars.length && a.chars[i + len] === b.chars[j + len]) len++;
      if (len > best.len) best = { j, len };
    }
    covered.fill(1, i, i + best.len);
    runs.push({ i, j: best.j, len: best.len });
    i += best.len;
  }
  const share = covered.reduce((n, c) => n + c, 0) / a.chars.length;
  const passages = runs
    .filter((r) => r.len >= MIN_PASSAGE)
    .sort((x, y) => y.len - x.len)
    .slice(0, MAX_PASSAGES)
    .sort((x, y) => x.i - y.i)
    .map((r) => {
      const m: [number, number] = [a.at[r.i]!, a.at[r.i + r.len - 1]! + (mine.codePointAt(a.at[r.i + r.len - 1]!)! > 0xffff ? 2 : 1)];
      const t: [number, number] = [b.at[r.j]!, b.at[r.j + r.len - 1]! + (theirs.codePointAt(b.at[r.j + r.len - 1]!)! > 0xffff ? 2 : 1)];
      return { mine: m, theirs: t, mineText: mine.slice(m[0], m[1]), theirsText: theirs.slice(t[0], t[1]) };
    });
  return { share, length: a.chars.length, passages };
}
