// The scoring model: a linear score over inputs that mean the same for any topic and any population
// of pupils, each with the direction writing pedagogy fixes where it is clear (more errors never raise
// a score, length up to the grade's target never lowers it, repetition does not count as length). The
// weights are fitted by bench/correction/train-monotone-scorer.ts on the teacher scores of
// aes-calibration together with ranking pairs made from the essays themselves (whole > cut short,
// > paragraphs out of order, > wrong characters put in, > padded with repetition: perturbations.ts),
// under those signs; stored with provenance in monotone-model.json.
import type { TextAnalysis } from '../text/analyze.js';
import { tokenize } from '../text/vocabulary.js';
import { atGrade } from './read-at-grade.js';
import { DIMENSIONS, scoreDimension, type DimensionId } from './dimensions.js';
import { extractDiscourseFeatures } from './discourse-features.js';
import { extractFeatures } from './features.js';
import { extractGeneralFeatures } from './general-features.js';
import { extractOrderFeatures, repeatedShare } from './order-features.js';
import type { ScaleCalibration } from './calibration.js';

/** +1: the score may only rise with the input; −1: only fall. Inputs whose good direction pedagogy
 * does not fix (sentence length, word length, rare words, paragraph count) are left out: fitted freely
 * on one teacher's essays they did not transfer, and wrong characters raised rare-word shares. */
export type Direction = 1 | -1;

/** Every input and its fixed direction. Length is read against the pupil's own grade (or the teacher's
 * target), counting repeated text once. */
export const MONOTONE_INPUTS = {
  lengthToTarget: 1,
  beyondTarget: 1,
  wrongCharRate: -1,
  punctuationIssueRate: -1,
  repetition: -1,
  lmCost: -1,
  unfinished: -1,
  orderInversions: -1,
  closingContrast: 1,
  positionCues: 1,
  paragraphCohesion: 1,
  framing: 1,
  sequelStart: -1,
  sequelOpening: -1,
  openingRole: 1,
  closingRole: 1,
  closingExclaim: 1,
  sentenceCues: 1,
  openingEcho: 1,
  closingEcho: 1,
  firstLastEcho: 1,
  titleCoverage: 1,
  genreConfidence: 1,
  expert: 1,
  richness: 1,
  charRichness: 1,
  idiomRate: 1,
  goodWordRate: 1,
  descriptiveShare: 1,
  rhetoricKinds: 1,
  descriptionRate: 1,
  detailRate: 1,
  connectiveKinds: 1,
  sentenceTypes: 1,
  punctuationKinds: 1,
  paragraphBalance: 1,
} as const satisfies Record<string, Direction>;

export type MonotoneInputName = keyof typeof MONOTONE_INPUTS;
export type MonotoneInputs = Record<MonotoneInputName, number>;
export const MONOTONE_INPUT_NAMES = Object.keys(MONOTONE_INPUTS) as MonotoneInputName[];

export interface MonotoneModel {
  version: string;
  provenance: {
    data: string;
    dataSha256: string;
    essays: number;
    pairs: number;
    trainedAt: string;
    script: string;
    params: Record<string, number | string>;
    heldOut: Record<string, number | string>;
  };
  keys: MonotoneInputName[];
  mean: number[];
  sd: number[];
  /** per standardised input, signs as MONOTONE_INPUTS */
  weights: number[];
  /** the out-of-fold scores of the training essays: mean and sd (raw → combined z) */
  rawMean: number;
  rawSd: number;
  /** z → the task's scale (calibration.ts) */
  calibration: ScaleCalibration;
}

/** The most length beyond the target that still counts (half as much again). */
const BEYOND_CAP = Math.log(1.5);

/** Han characters that count as length: repeated text counts once. */
export function effectiveLength(a: TextAnalysis): number {
  return a.hanCount * (1 - repeatedShare(a.paragraphs.map((p) => p.text).join('\n')));
}

/** Log ratio of the counted length to the grade's (or teacher's) target: below 0 short of it. */
export function lengthAgainstTarget(a: TextAnalysis): number {
  return Math.log(Math.max(effectiveLength(a), 10) / a.length.target);
}

/** Everything the model reads. Length is read against the pupil's own grade (or the teacher's target):
 * the grade's expectation, stated as its own evidence line. The rest is read at `referenceGrade`, as the
 * training essays were, so that it does not move with the pupil's grade (the rubric's length and
 * long-sentence parts are the grade-dependent ones). */
export function monotoneInputs(own: TextAnalysis, referenceGrade: number): MonotoneInputs {
  const a = atGrade(own, referenceGrade);
  const body = a.paragraphs.map((p) => p.text).join('\n');
  const toks = tokenize(body);
  const g = extractGeneralFeatures(a, toks);
  const d = extractDiscourseFeatures(a, toks);
  const o = extractOrderFeatures(a);
  const f = extractFeatures(a);
  const len = lengthAgainstTarget(own);
  return {
    lengthToTarget: Math.min(0, len),
    beyondTarget: Math.max(0, Math.min(BEYOND_CAP, len)),
    wrongCharRate: g.wrongCharRate,
    punctuationIssueRate: g.punctuationIssueRate,
    repetition: o.repeatedShare,
    lmCost: o.lmCost,
    unfinished: o.unfinished,
    orderInversions: o.orderInversions,
    closingContrast: o.closingContrast,
    positionCues: o.positionCues,
    paragraphCohesion: o.paragraphCohesion,
    framing: o.framing,
    sequelStart: o.sequelStart,
    sequelOpening: o.sequelOpening,
    openingRole: o.openingRole,
    closingRole: o.closingRole,
    closingExclaim: o.closingExclaim,
    sentenceCues: o.sentenceCues,
    openingEcho: d.openingEcho,
    closingEcho: d.closingEcho,
    firstLastEcho: d.firstLastEcho,
    titleCoverage: g.titleCoverage,
    genreConfidence: g.genreConfidence,
    expert: (Object.keys(DIMENSIONS) as DimensionId[]).reduce((sum, id) => sum + scoreDimension(id, a, f).delta, 0),
    richness: g.richness,
    charRichness: g.charRichness,
    idiomRate: g.idiomRate,
    goodWordRate: g.goodWordRate,
    descriptiveShare: g.descriptiveShare,
    rhetoricKinds: g.rhetoricKinds,
    descriptionRate: g.descriptionRate,
    detailRate: g.detailRate,
    connectiveKinds: g.connectiveKinds,
    sentenceTypes: g.sentenceTypes,
    punctuationKinds: g.punctuationKinds,
    paragraphBalance: g.paragraphBalance,
  };
}

/** Standardised input, clipped at ±3 sd. One-sided inputs stay linear inside the clip, so the fixed
 * directions hold for every essay. */
export const standardise = (v: number, mean: number, sd: number) => Math.max(-3, Math.min(3, (v - mean) / (sd || 1)));

/** Each input's contribution to the raw score. */
export function monotoneContributions(x: MonotoneInputs, m: MonotoneModel): Array<{ key: MonotoneInputName; value: number; effect: number }> {
  return m.keys.map((key, j) => ({ key, value: x[key], effect: m.weights[j]! * standardise(x[key], m.mean[j]!, m.sd[j]!) }));
}

export function monotoneRaw(x: MonotoneInputs, m: MonotoneModel): number {
  return monotoneContributions(x, m).reduce((s, c) => s + c.effect, 0);
}

/** Raw score → z among the reference essays (the calibration reads it as a percentile). */
export function monotoneZ(x: MonotoneInputs, m: MonotoneModel): number {
  return (monotoneRaw(x, m) - m.rawMean) / (m.rawSd || 1);
}
