// How an essay is put together beyond its sentences: paragraphing against length, opening and closing
// that name the title (点题) and answer each other (首尾照应), the same word carried from one sentence into
// the next, and each device of rhetoric on its own. Topic-free: the title's words are compared with the
// essay's own paragraphs, no word of any essay is an input. Inputs of the monotone scorer (monotone-model.ts).
import type { TextAnalysis } from '../text/analyze.js';
import type { RhetoricKind } from '../text/rhetoric.js';
import type { Token } from '../text/vocabulary.js';

export const DISCOURSE_FEATURES = [
  'paragraphDensity',
  'openingEcho',
  'closingEcho',
  'firstLastEcho',
  'adjacentRepetition',
  'simileRate',
  'personificationRate',
  'parallelismRate',
  'rhetoricalQuestionRate',
] as const;
export type DiscourseFeatures = Record<(typeof DISCOURSE_FEATURES)[number], number>;

const HAN = /\p{Script=Han}/u;
/** content words: nouns, verbs, adjectives, idioms of two characters or more */
const isContent = (t: Token) => t.word.length >= 2 && HAN.test(t.word) && /^(n|v|a|i|l)/.test(t.tag);
const r3 = (x: number) => Math.round(x * 1000) / 1000;

function share(words: string[], text: string): number {
  return words.length ? words.filter((w) => text.includes(w)).length / words.length : 0;
}

/** `tokens` are the body's tokens (offsets into the body joined by '\n', as modelInputs makes them). */
export function extractDiscourseFeatures(a: TextAnalysis, tokens: Token[]): DiscourseFeatures {
  const k = 1000 / Math.max(a.hanCount, 100);
  const paras = a.paragraphs.map((p) => p.text);
  const first = paras[0] ?? '';
  const last = paras.length > 1 ? paras.at(-1)! : '';
  const keywords = a.relevance.titleKeywords.map((u) => u.keyword);
  // Token → paragraph and sentence by offset in the joined body.
  const starts: number[] = [];
  let at = 0;
  for (const p of paras) {
    starts.push(at);
    at += p.length + 1;
  }
  const content = tokens.filter(isContent);
  const firstWords = new Set(content.filter((t) => t.start < first.length).map((t) => t.word));
  const bySentence = a.sentences.map(() => new Set<string>());
  for (const t of content) {
    // body offset → paragraph → transcript offset (sentences carry transcript offsets)
    let p = starts.length - 1;
    while (p > 0 && starts[p]! > t.start) p--;
    const pos = a.paragraphs[p]!.start + (t.start - starts[p]!);
    const s = a.sentences.findIndex((x) => pos >= x.start && pos < x.end);
    if (s >= 0) bySentence[s]!.add(t.word);
  }
  let pairs = 0;
  let repeated = 0;
  for (let i = 1; i < bySentence.length; i++) {
    if (!bySentence[i - 1]!.size || !bySentence[i]!.size) continue;
    pairs++;
    if ([...bySentence[i]!].some((w) => bySentence[i - 1]!.has(w))) repeated++;
  }
  const rate = (kind: RhetoricKind) => Math.log1p(a.rhetoric.filter((r) => r.kind === kind).length * k);
  const f: DiscourseFeatures = {
    paragraphDensity: Math.log1p(paras.length * k),
    openingEcho: share(keywords, first),
    closingEcho: share(keywords, last),
    firstLastEcho: last ? share([...firstWords], last) : 0,
    adjacentRepetition: pairs ? repeated / pairs : 0,
    simileRate: rate('simile'),
    personificationRate: rate('personification'),
    parallelismRate: rate('parallelism'),
    rhetoricalQuestionRate: rate('rhetoricalQuestion'),
  };
  for (const name of DISCOURSE_FEATURES) f[name] = r3(Number.isFinite(f[name]) ? f[name] : 0);
  return f;
}
