// Numeric features of an analysed essay, the inputs of the calibrated scorer and of the dimension
// sub-scores. Rates are per 1000 Han characters so long and short essays compare.
import type { TextAnalysis } from '../text/analyze.js';
import { tokenize } from '../text/vocabulary.js';
import { CHAR_MODEL } from './char-model.js';

export interface Features {
  hanCount: number;
  lengthRatio: number;
  paragraphs: number;
  paragraphMean: number;
  sentenceMean: number;
  sentenceVariety: number;
  longSentenceRate: number;
  richness: number;
  idiomRate: number;
  goodWordRate: number;
  descriptiveShare: number;
  rhetoricRate: number;
  rhetoricKinds: number;
  dialogueShare: number;
  descriptionRate: number;
  punctuationRate: number;
  wrongCharRate: number;
  titleCoverage: number;
  repetition: number;
  genreConfidence: number;
  rareShare: number;
  meanLogFreq: number;
  fourCharRate: number;
  firstPersonRate: number;
  /** kinds of punctuation used among ，。！？；：“…—、 (a sign of controlled, varied sentences) */
  punctuationKinds: number;
  /** usage score: the essay's Han characters and jieba words (two tf-idf blocks, each unit length,
   * weighted by the model's charShare) against the weights a kernel ridge fit learned on
   * aes-calibration (char-model.ts), in points around the calibration mean */
  charUsage: number;
}

export interface CharModel {
  /** number of calibration essays behind idf */
  docs: number;
  /** share of the character block in the combined vector (the word block has the rest); 1 = characters only */
  charShare: number;
  /** character → [document frequency, weight] */
  chars: Record<string, readonly [number, number]>;
  /** jieba word → [document frequency, weight] */
  words: Record<string, readonly [number, number]>;
}

/** Han character counts of a text. */
export function charCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of text.replace(/[^\p{Script=Han}]/gu, '')) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** The essay's tf-idf vector (sublinear tf, idf from the model's documents, unit length). */
export function charVector(counts: Map<string, number>, df: (c: string) => number, docs: number): Map<string, number> {
  const v = new Map<string, number>();
  let norm = 0;
  for (const [c, n] of counts) {
    const d = df(c);
    if (d < 2) continue;
    const w = (1 + Math.log(n)) * Math.log(docs / d);
    if (w <= 0) continue;
    v.set(c, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [c, w] of v) v.set(c, w / norm);
  return v;
}

/** Counts of the jieba words with a Han character in a text (the word block of the usage model). */
export function wordCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokenize(text)) if (/\p{Script=Han}/u.test(t.word)) m.set(t.word, (m.get(t.word) ?? 0) + 1);
  return m;
}

export interface UsageCounts {
  chars: Map<string, number>;
  words: Map<string, number>;
}

export function usageCounts(text: string): UsageCounts {
  return { chars: charCounts(text), words: wordCounts(text) };
}

/** The usage model's score of an essay: Σ block share^½ × (unit tf-idf vector · weights) over both blocks. */
export function charUsageScore(counts: UsageCounts, model: CharModel = CHAR_MODEL): number {
  let s = 0;
  const blocks: Array<[Map<string, number>, Record<string, readonly [number, number]>, number]> = [
    [counts.chars, model.chars, model.charShare],
    [counts.words, model.words, 1 - model.charShare],
  ];
  for (const [c, table, share] of blocks) {
    if (share <= 0) continue;
    const v = charVector(c, (k) => table[k]?.[0] ?? 0, model.docs);
    let dot = 0;
    for (const [k, w] of v) dot += w * table[k]![1];
    s += Math.sqrt(share) * dot;
  }
  return Math.round(s * 1000) / 1000;
}

export const FEATURE_NAMES = [
  'hanCount',
  'lengthRatio',
  'paragraphs',
  'paragraphMean',
  'sentenceMean',
  'sentenceVariety',
  'longSentenceRate',
  'richness',
  'idiomRate',
  'goodWordRate',
  'descriptiveShare',
  'rhetoricRate',
  'rhetoricKinds',
  'dialogueShare',
  'descriptionRate',
  'punctuationRate',
  'wrongCharRate',
  'titleCoverage',
  'repetition',
  'genreConfidence',
  'rareShare',
  'meanLogFreq',
  'fourCharRate',
  'firstPersonRate',
  'punctuationKinds',
  'charUsage',
] as const satisfies ReadonlyArray<keyof Features>;

export function extractFeatures(a: TextAnalysis): Features {
  const body = a.paragraphs.map((p) => p.text).join('\n');
  const k = 1000 / Math.max(a.hanCount, 100);
  const n = a.sentences.length || 1;
  return {
    hanCount: a.hanCount,
    lengthRatio: Math.min(a.length.ratio, 1.5),
    paragraphs: a.paragraphs.length,
    paragraphMean: a.paragraphs.length ? a.hanCount / a.paragraphs.length : 0,
    sentenceMean: a.sentenceStats.meanHan,
    sentenceVariety: a.sentenceStats.variety,
    longSentenceRate: a.sentenceStats.long.length / n,
    richness: a.vocabulary.richness,
    idiomRate: a.vocabulary.idioms.length * k,
    goodWordRate: a.vocabulary.goodWords.length * k,
    descriptiveShare: a.vocabulary.descriptiveShare,
    rhetoricRate: a.rhetoric.length * k,
    rhetoricKinds: new Set(a.rhetoric.map((r) => r.kind)).size,
    dialogueShare: a.dialogue.dialogueShare,
    descriptionRate: a.dialogue.description.length * k,
    punctuationRate: a.punctuation.length * k,
    wrongCharRate: a.wrongChars.length * k,
    titleCoverage: a.relevance.titleCoverage ?? 1,
    repetition: a.repetition,
    genreConfidence: a.genre.confidence,
    rareShare: a.vocabulary.rareShare,
    meanLogFreq: a.vocabulary.meanLogFreq,
    fourCharRate: a.vocabulary.fourCharRate,
    firstPersonRate: (body.match(/我/g) ?? []).length * k,
    punctuationKinds: new Set(body.match(/[，。！？；：“…—、]/g) ?? []).size,
    charUsage: charUsageScore(usageCounts(body)),
  };
}
