// A character bigram language model for the OCR decoder (product-rules.md#ocr), built from what ships with the
// project, never downloaded: word frequencies of jieba's dictionary (@node-rs/jieba: the characters
// inside a word, weighted by the word's frequency) and the character bigrams of public essays and
// sentences (src/correction/data/ocr-lm-bigrams.tsv, made by bench/correction/build-ocr-lm.ts without any
// text of the handwriting set). Built once per process (per OCR thread), on first use (≈0.3 s on a quiet core).
import { readFileSync } from 'node:fs';
import { dict } from '@node-rs/jieba/dict.js';

/** '^' stands before the first character of a run of Han characters */
export const START = '^';

export interface CharLm {
  /** log P(b | a), a = START at the start of a run */
  logP(a: string, b: string): number;
}

interface Counts {
  /** bigram counts by key(a, b) */
  bi: Map<number, number>;
  /** sum of bigram counts by their first character's code point */
  from: Map<number, number>;
}

const cp = (c: string): number => c.codePointAt(0)!;
const key = (a: number, b: number): number => a * 0x110000 + b;
const add = (m: Map<number, number>, k: number, n: number): void => {
  m.set(k, (m.get(k) ?? 0) + n);
};
/** dictionary words rarer than this add little but half the build time (136k of the 349k words are kept) */
const DICT_MIN_FREQ = 5;

function jiebaCounts(uni: Map<number, number>, minFreq: number): Counts {
  const c: Counts = { bi: new Map(), from: new Map() };
  const text = Buffer.from(dict).toString('utf8');
  let i = 0;
  while (i < text.length) {
    let nl = text.indexOf('\n', i);
    if (nl < 0) nl = text.length;
    const sp1 = text.indexOf(' ', i);
    if (sp1 > i && sp1 < nl) {
      const sp2 = text.indexOf(' ', sp1 + 1);
      const f = Number(text.slice(sp1 + 1, sp2 > 0 && sp2 < nl ? sp2 : nl));
      if (f >= minFreq) {
        let prev = -1;
        for (let k = i; k < sp1; ) {
          const code = text.codePointAt(k)!;
          k += code > 0xffff ? 2 : 1;
          add(uni, code, f);
          if (prev >= 0) {
            add(c.bi, key(prev, code), f);
            add(c.from, prev, f);
          }
          prev = code;
        }
      }
    }
    i = nl + 1;
  }
  return c;
}

function corpusCounts(uni: Map<number, number>): Counts {
  const c: Counts = { bi: new Map(), from: new Map() };
  const text = readFileSync(new URL('../data/ocr-lm-bigrams.tsv', import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    const [a, b] = [...line.slice(0, tab)].map(cp) as [number, number];
    const n = Number(line.slice(tab + 1));
    c.bi.set(key(a, b), n);
    add(c.from, a, n);
    // the corpus' own character counts, on about the dictionary's scale
    add(uni, b, n * 200);
  }
  return c;
}

export interface CharLmOptions {
  /** interpolation weights: in-word bigrams (dictionary), running-text bigrams (corpus); the rest is the unigram */
  wDict: number;
  wCorpus: number;
  dictMinFreq: number;
}

export const CHAR_LM_DEFAULTS: CharLmOptions = { wDict: 0.45, wCorpus: 0.35, dictMinFreq: DICT_MIN_FREQ };

let cached: CharLm | undefined;

/** The model of the defaults, built once per process. */
export function getCharLm(): CharLm {
  cached ??= buildCharLm(CHAR_LM_DEFAULTS);
  return cached;
}

/** A model with other options (the bench's tuning runs). */
export function buildCharLm(o: CharLmOptions): CharLm {
  const uni = new Map<number, number>();
  const dictC = jiebaCounts(uni, o.dictMinFreq);
  const corp = corpusCounts(uni);
  let total = 0;
  for (const n of uni.values()) total += n;
  const vocab = uni.size + 1;
  // a character never seen still gets a little (add-one on the dictionary's scale)
  const floor = 1000;
  const pUni = (b: number): number => ((uni.get(b) ?? 0) + floor) / (total + floor * vocab);
  const memo = new Map<number, number>();
  return {
    logP(as, bs) {
      const a = cp(as);
      const b = cp(bs);
      const k = key(a, b);
      const hit = memo.get(k);
      if (hit !== undefined) return hit;
      const fd = dictC.from.get(a);
      const fc = corp.from.get(a);
      const pd = fd ? (dictC.bi.get(k) ?? 0) / fd : 0;
      const pc = fc ? (corp.bi.get(k) ?? 0) / fc : 0;
      // weights of a missing history go to the unigram
      const wd = fd ? o.wDict : 0;
      const wc = fc ? o.wCorpus : 0;
      const lp = Math.log(wd * pd + wc * pc + (1 - wd - wc) * pUni(b));
      if (memo.size < 200_000) memo.set(k, lp);
      return lp;
    },
  };
}
