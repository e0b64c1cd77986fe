// One shared jieba instance and the word frequencies of jieba's own dictionary.
// Loading the dictionary costs ~0.3 s, so everything in src/correction goes through getLexicon(),
// which builds it once per process.
import { Jieba, type TaggedWord } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

export interface Lexicon {
  jieba: Jieba;
  /** word -> corpus frequency from jieba's dict.txt */
  freq: Map<string, number>;
  /** word -> POS tag from dict.txt (jieba marks idioms with `i`, idiom-like phrases with `l`) */
  tag: Map<string, string>;
  /** natural log of the summed frequency, to turn counts into log probabilities */
  logTotal: number;
  /** longest word length (in UTF-16 units) worth looking up during segmentation */
  maxWordLen: number;
  tagText(text: string): TaggedWord[];
}

let cached: Lexicon | undefined;

export function getLexicon(): Lexicon {
  if (cached) return cached;
  const jieba = Jieba.withDict(dict);
  const freq = new Map<string, number>();
  const tag = new Map<string, string>();
  let total = 0;
  const text = Buffer.from(dict).toString('utf8');
  for (const line of text.split('\n')) {
    const sp1 = line.indexOf(' ');
    if (sp1 <= 0) continue;
    const sp2 = line.indexOf(' ', sp1 + 1);
    const word = line.slice(0, sp1);
    const f = Number(sp2 > 0 ? line.slice(sp1 + 1, sp2) : line.slice(sp1 + 1));
    if (!Number.isFinite(f)) continue;
    freq.set(word, f);
    if (sp2 > 0) tag.set(word, line.slice(sp2 + 1).trim());
    total += f;
  }
  cached = {
    jieba,
    freq,
    tag,
    logTotal: Math.log(total),
    maxWordLen: 6,
    tagText: (t: string) => jieba.tag(t, true),
  };
  return cached;
}
