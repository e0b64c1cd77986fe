// Numeric features of an analysed essay, the inputs of the dimension sub-scores (the total comes from
// monotone-model.ts). Rates are per 1000 Han characters so long and short essays compare.
import type { TextAnalysis } from '../text/analyze.js';

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
] as const satisfies ReadonlyArray<keyof Features>;

export function extractFeatures(a: TextAnalysis): Features {
  const body = a.paragraphs.map((p) => p.text).join('\n');
  const k = 1000 / Math.max(a.hanCount, 100);
  const n = a.sentences.length || 1;
  const f: Features = {
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
  };
  return f;
}

