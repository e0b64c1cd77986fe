// Words of the transcript (jieba with POS tags) with offsets, vocabulary richness, idioms and good words.
import { getLexicon } from '../lexicon.js';

export interface Token {
  word: string;
  tag: string;
  start: number;
  end: number;
}

export interface WordHit {
  word: string;
  start: number;
  end: number;
  /** why it counts: idiom (成语), set phrase (习用语), reduplicated (叠词), vivid (less common descriptive word) */
  kind: 'idiom' | 'phrase' | 'reduplicated' | 'vivid';
  /** jieba's part-of-speech tag (a vivid adjective shows word choice better than a vivid verb) */
  tag: string;
}

export interface Vocabulary {
  tokens: number;
  /** distinct content words / content words, averaged over 100-word windows (length-independent MATTR) */
  richness: number;
  contentWords: number;
  idioms: WordHit[];
  goodWords: WordHit[];
  /** share of adjectives and adverbs among content words: descriptive colour */
  descriptiveShare: number;
  /** share of content words rarer than 1000 in jieba's corpus counts: lexical sophistication */
  rareShare: number;
  /** mean natural-log corpus frequency of content words (lower = more literary word choice) */
  meanLogFreq: number;
  /** four-character words (idioms and set phrases) per 1000 words: high values read as formulaic */
  fourCharRate: number;
}

const HAN = /\p{Script=Han}/u;

export function tokenize(text: string): Token[] {
  const lex = getLexicon();
  const out: Token[] = [];
  let pos = 0;
  for (const t of lex.tagText(text)) {
    // jieba returns every input character in some token, so offsets are a running sum; guard anyway.
    const at = text.indexOf(t.word, pos);
    if (at < 0) continue;
    out.push({ word: t.word, tag: t.tag, start: at, end: at + t.word.length });
    pos = at + t.word.length;
  }
  return out;
}

const CONTENT = /^(n|v|a|d|i|l|z)/;
const REDUP = /^(.)\1(.)\2$|^(.)(.)\4$|^(.)\5$/u; // AABB, ABB, AA

function mattr(words: string[], win = 100): number {
  if (words.length === 0) return 0;
  if (words.length <= win) return new Set(words).size / words.length;
  let sum = 0;
  let n = 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    counts.set(words[i]!, (counts.get(words[i]!) ?? 0) + 1);
    if (i >= win) {
      const old = words[i - win]!;
      const c = counts.get(old)! - 1;
      if (c) counts.set(old, c);
      else counts.delete(old);
    }
    if (i >= win - 1) {
      sum += counts.size / win;
      n++;
    }
  }
  return sum / n;
}

export function analyzeVocabulary(tokens: Token[]): Vocabulary {
  const lex = getLexicon();
  const content = tokens.filter((t) => HAN.test(t.word) && CONTENT.test(t.tag));
  const idioms: WordHit[] = [];
  const good: WordHit[] = [];
  const seen = new Set<string>();
  let desc = 0;
  // A word jieba may have cut wrongly: its edge character also forms a more common word with the
  // neighbouring character (多练就会好 → 练就 vs 就会), so it is not praised as a chosen word.
  const index = new Map(tokens.map((t, i) => [t, i]));
  const ambiguous = (t: Token): boolean => {
    const i = index.get(t)!;
    const f = lex.freq.get(t.word) ?? 0;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    const right = next && next.start === t.end ? t.word.slice(-1) + next.word.slice(0, 1) : '';
    const left = prev && prev.end === t.start ? prev.word.slice(-1) + t.word.slice(0, 1) : '';
    // 练就 in 多练就会好: a verb ending in an adverb-like character (就, 才, 也 …) before another verb.
    const split = /[就才也都还又便]$/u.test(t.word) && next !== undefined && /^[vd]/.test(next.tag);
    return split || [right, left].some((w) => w.length === 2 && (lex.freq.get(w) ?? 0) > f);
  };
  for (const t of content) {
    if (/^(a|ad|an|z)/.test(t.tag) || t.tag === 'd') desc++;
    const len = [...t.word].length;
    let kind: WordHit['kind'] | undefined;
    if (t.tag === 'i' && len >= 4) kind = 'idiom';
    else if (t.tag === 'l' && len >= 4) kind = 'phrase';
    else if (len >= 3 && REDUP.test(t.word)) kind = 'reduplicated';
    else if (len >= 2) {
      // Less common (but real) descriptive words read as chosen with care; very rare ones are often
      // segmentation noise, so both ends are bounded. Verbs must be rarer than adjectives to count.
      const f = lex.freq.get(t.word) ?? 0;
      if (/^(a|ad|an|z)$/.test(t.tag) && f >= 30 && f <= 1500) kind = 'vivid';
      else if (/^(v|vd)$/.test(t.tag) && f >= 30 && f <= 300) kind = 'vivid';
    }
    if (!kind || seen.has(t.word) || (kind === 'vivid' && ambiguous(t))) continue;
    seen.add(t.word);
    const hit = { word: t.word, start: t.start, end: t.end, kind, tag: t.tag };
    if (kind === 'idiom') idioms.push(hit);
    good.push(hit);
  }
  const han = tokens.filter((t) => HAN.test(t.word));
  return {
    tokens: han.length,
    richness: round(mattr(content.map((t) => t.word))),
    contentWords: content.length,
    idioms,
    goodWords: good,
    descriptiveShare: round(content.length ? desc / content.length : 0),
    rareShare: round(content.length ? content.filter((t) => (lex.freq.get(t.word) ?? 0) < 1000).length / content.length : 0),
    meanLogFreq: round(content.length ? content.reduce((a, t) => a + Math.log(lex.freq.get(t.word) ?? 1), 0) / content.length : 0),
    fourCharRate: round(han.length ? (han.filter((t) => t.word.length === 4).length / han.length) * 1000 : 0, 1),
  };
}

export function round(x: number, digits = 3): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}
