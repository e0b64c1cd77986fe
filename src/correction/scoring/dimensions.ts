// Scoring dimensions a task's standard can choose (4 to 8 for score types 1, 2, 4). Each dimension
// turns a few features into a relative sub-score with the evidence behind it; the scorer then centres
// the chosen dimensions on the calibrated total, so dimensions explain the total rather than compete.
import { DIMENSION_CATALOGUE, resolveDimension, type DimensionId } from '../../core/scoring/dimensions.js';
import type { TextAnalysis } from '../text/analyze.js';
import type { Features } from './features.js';

export { resolveDimension, type DimensionId };

export interface Evidence {
  /** feature name, e.g. wrongChars */
  feature: string;
  /** the measured value, e.g. 3 or "3/5" */
  value: number | string;
  /** points this evidence moved the dimension, + or - */
  effect: number;
  /** transcript ranges behind it, UTF-16 [start, end) */
  ranges: Array<[number, number]>;
}

/** The catalogue the standard dialog and the task details use too (one list of names and aliases). */
export const DIMENSIONS = DIMENSION_CATALOGUE;

export const DEFAULT_DIMENSIONS: DimensionId[] = ['theme', 'content', 'structure', 'language', 'mechanics'];

export interface DimensionRaw {
  /** relative sub-score, around 0 for a typical essay, in points */
  delta: number;
  evidence: Evidence[];
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
const r1 = (x: number) => Math.round(x * 10) / 10;

type Rule = (a: TextAnalysis, f: Features, ev: Evidence[]) => void;

function add(ev: Evidence[], feature: string, value: number | string, effect: number, ranges: Array<[number, number]> = []) {
  ev.push({ feature, value, effect: r1(effect), ranges: ranges.slice(0, 12) });
}

const RULES: Record<DimensionId, Rule> = {
  theme(a, _f, ev) {
    const cov = a.relevance.titleCoverage;
    if (cov !== null) add(ev, 'titleCoverage', cov, (cov - 0.6) * 15, a.relevance.titleKeywords.flatMap((k) => (k.first ? [k.first] : [])));
    const reqs = a.relevance.requirements.filter((r) => r.met !== null);
    if (reqs.length) {
      const met = reqs.filter((r) => r.met).length;
      add(ev, 'requirementsMet', `${met}/${reqs.length}`, (met / reqs.length - 0.7) * 12);
    }
    // Paragraphs that leave the title's subject weigh on the theme more than on any other dimension.
    const drift = a.relevance.drift;
    if (drift?.drifted) add(ev, 'topicDrift', `${Math.round(drift.share * 100)}%`, -r1(drift.share * 20), drift.ranges);
  },
  content(a, f, ev) {
    add(ev, 'lengthRatio', r1(f.lengthRatio * 100) / 100, clamp((f.lengthRatio - 0.95) * 25, -15, 3));
    add(ev, 'descriptionRate', r1(f.descriptionRate), clamp((f.descriptionRate - 12) * 0.4, -5, 5), a.dialogue.description.map((d) => [d.start, d.end]));
    const speech = a.dialogue.quotes.filter((q) => q.speech);
    if (speech.length) add(ev, 'dialogue', speech.length, Math.min(3, speech.length * 0.5), speech.map((q) => [q.start, q.end]));
    add(ev, 'goodSentences', a.goodSentences.length, Math.min(4, a.goodSentences.length * 1.2) - 1.5, a.goodSentences.map((g) => [g.start, g.end]));
  },
  structure(a, f, ev) {
    const p = f.paragraphs;
    add(ev, 'paragraphs', p, p <= 1 ? -10 : p === 2 ? -5 : p <= 3 ? -1 : p <= 12 ? 3 : 0, a.paragraphs.map((x) => [x.start, x.end]));
    const longPara = a.paragraphs.filter((x) => x.hanCount > 350);
    if (longPara.length) add(ev, 'longParagraphs', longPara.length, -2 * longPara.length, longPara.map((x) => [x.start, x.end]));
    const missing = a.punctuation.filter((x) => x.kind === 'missingEnd');
    if (missing.length) add(ev, 'unfinishedParagraphs', missing.length, -2 * missing.length, missing.map((x) => [x.start, x.end]));
  },
  language(a, f, ev) {
    add(ev, 'rareShare', f.rareShare, clamp((f.rareShare - 0.3) * 40, -6, 6));
    add(ev, 'goodWords', a.vocabulary.goodWords.length, clamp((f.goodWordRate - 15) * 0.25, -4, 5), a.vocabulary.goodWords.map((w) => [w.start, w.end]));
    add(ev, 'sentenceVariety', f.sentenceVariety, clamp((f.sentenceVariety - 0.6) * 10, -4, 3));
    const long = a.sentenceStats.long.map((i) => a.sentences[i]!).filter(Boolean);
    if (long.length) add(ev, 'longSentences', long.length, -Math.min(6, long.length * 1.5), long.map((s) => [s.start, s.end]));
  },
  rhetoric(a, _f, ev) {
    const kinds = new Set(a.rhetoric.map((r) => r.kind)).size;
    add(ev, 'rhetoricDevices', a.rhetoric.length, clamp(a.rhetoric.length * 2 + kinds * 2 - 4, -6, 10), a.rhetoric.map((r) => [r.start, r.end]));
  },
  mechanics(a, f, ev) {
    add(ev, 'wrongChars', a.wrongChars.length, -Math.min(12, a.wrongChars.length * 2) + 2, a.wrongChars.map((w) => [w.start, w.end]));
    add(ev, 'punctuationIssues', a.punctuation.length, -Math.min(8, f.punctuationRate * 1.5) + 2, a.punctuation.map((p) => [p.start, p.end]));
  },
  description(a, f, ev) {
    const kinds = Object.values(a.dialogue.descriptionKinds).filter((n) => n > 0).length;
    add(ev, 'descriptionKinds', kinds, kinds * 2 - 4, a.dialogue.description.map((d) => [d.start, d.end]));
    add(ev, 'descriptiveShare', f.descriptiveShare, clamp((f.descriptiveShare - 0.2) * 30, -4, 4));
  },
  emotion(a, _f, ev) {
    const psych = a.dialogue.description.filter((d) => d.kind === 'psychological');
    add(ev, 'feelingWords', psych.length, clamp(psych.length - 3, -4, 5), psych.map((d) => [d.start, d.end]));
    const excl = a.sentences.filter((s) => s.end_mark === '！' && !s.quoted);
    if (excl.length) add(ev, 'exclamations', excl.length, Math.min(2, excl.length * 0.5), excl.map((s) => [s.start, s.end]));
  },
  creativity(a, f, ev) {
    const kinds = new Set(a.rhetoric.map((r) => r.kind)).size;
    add(ev, 'rhetoricKinds', kinds, kinds * 1.5 - 1.5);
    add(ev, 'fourCharRate', f.fourCharRate, clamp((60 - f.fourCharRate) * 0.08, -4, 3));
    add(ev, 'punctuationKinds', f.punctuationKinds, clamp(f.punctuationKinds - 7, -3, 3));
  },
  genre(a, _f, ev) {
    const req = a.relevance.requirements.find((r) => r.check === 'genre');
    if (req) add(ev, 'genreRequirement', req.detail, req.met ? 2 : -10);
    add(ev, 'genreConfidence', a.genre.confidence, (a.genre.confidence - 0.5) * 6);
  },
};

export function scoreDimension(id: DimensionId, a: TextAnalysis, f: Features): DimensionRaw {
  const evidence: Evidence[] = [];
  RULES[id](a, f, evidence);
  return { delta: r1(evidence.reduce((s, e) => s + e.effect, 0)), evidence };
}
