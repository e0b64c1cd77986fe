// Numeric features of an analysed essay, the inputs of the calibrated scorer and of the dimension
// sub-scores. Rates are per 1000 Han characters so long and short essays compare.
import type { TextAnalysis } from '../text/analyze.js';
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
  /** character-usage score: the essay's Han characters (tf-idf, unit length) against the weights a
   * kernel ridge fit learned on aes-calibration (char-model.ts), in points around 0 */
  charUsage: number;
}

export interface CharModel {
  /** number of calibration essays behind idf */
  docs: number;
  /** character → [document frequency, weight] */
  chars: Record<string, readonly [number, number]>;
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

export function charUsageScore(counts: Map<string, number>, model: CharModel = CHAR_MODEL): number {
  const v = charVector(counts, (c) => model.chars[c]?.[0] ?? 0, model.docs);
  let s = 0;
  for (const [c, w] of v) s += w * model.chars[c]![1];
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
    charUsage: charUsageScore(charCounts(body)),
  };
}
