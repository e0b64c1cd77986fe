// The local (offline) essay scorer: the calibrated total, rule adjustments the calibration data
// cannot teach (short, off-topic, repetitive essays), difficulty, and per-dimension scores with evidence.
import type { TextAnalysis } from '../text/analyze.js';
import { DIMENSIONS, scoreDimension, type DimensionId, type Evidence } from './dimensions.js';
import { taskPoints } from './calibration.js';
import { effectiveLength, monotoneContributions, monotoneInputs, type MonotoneInputName, type MonotoneModel } from './monotone-model.js';
import { extractFeatures } from './features.js';
import { findCliches } from './general-features.js';
import modelJson from './monotone-model.json' with { type: 'json' };
import { applyDifficulty, gradeBand, showScore, type Difficulty, type GradeBand, type ScoreType, type ShownScore } from './scales.js';

export interface ScoringStandard {
  scoreType: ScoreType;
  /** 4-8 dimensions for types 1, 2, 4; for type 3 the breakdown shown under the single score */
  dimensions: DimensionId[];
  difficulty: Difficulty;
  /** type 3 only: the full mark (the standard's single option), default 100 */
  fullMark?: number;
}

export interface DimensionScore extends ShownScore {
  id: DimensionId;
  name: string;
  /** 0-100 internal score */
  percent: number;
  evidence: Evidence[];
}

export interface ScoreResult extends ShownScore {
  scoreType: ScoreType;
  difficulty: Difficulty;
  percent: number;
  band: GradeBand;
  dimensions: DimensionScore[];
  /** how the total was reached: the calibrated base and each rule adjustment */
  evidence: Evidence[];
  scorer: string;
}

/** Scores an analysed essay. The local one is the default; a model-service scorer can implement this too. */
export interface EssayScorer {
  readonly name: string;
  score(analysis: TextAnalysis, standard: ScoringStandard, lang: 'zh' | 'en'): Promise<ScoreResult>;
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
const r1 = (x: number) => Math.round(x * 10) / 10;

export const SCORING_MODEL = modelJson as MonotoneModel;
/** An essay off its title is marked inside the bottom class, as the 中考 rubrics do (偏离题意 → 四类卷,
 * below 60% of the full mark): its score, whatever its writing, is scaled into [0, 60), so a better
 * written off-topic essay still stands above a worse one, and none reaches the pass mark. */
const OFF_TOPIC_SHARE = 0.6;
const LENGTH_INPUTS = new Set<MonotoneInputName>(['lengthToTarget', 'beyondTarget']);

/** The model's z (monotone-model.ts): `z`, everything; `withoutLength`, without the length terms, which
 * are the only part read against the pupil's own grade (its target length). */
function modelZ(a: TextAnalysis): { z: number; withoutLength: number } {
  const m = SCORING_MODEL;
  const parts = monotoneContributions(monotoneInputs(a, m.calibration.referenceGrade), m);
  const raw = parts.reduce((s, c) => s + c.effect, 0);
  const length = parts.filter((c) => LENGTH_INPUTS.has(c.key)).reduce((s, c) => s + c.effect, 0);
  return { z: (raw - m.rawMean) / (m.rawSd || 1), withoutLength: (raw - length - m.rawMean) / (m.rawSd || 1) };
}

/** The model's 100-point estimate on the task's scale for the essay's grade (calibration.ts), before rules. */
export function calibratedScore(a: TextAnalysis): number {
  return taskPoints(modelZ(a).z, a.length.grade, SCORING_MODEL.calibration);
}

function totalWithRules(a: TextAnalysis): { percent: number; evidence: Evidence[] } {
  const { z, withoutLength } = modelZ(a);
  const cal = SCORING_MODEL.calibration;
  // Three lines that add up to the model's estimate, so the grade's expectation is stated, not hidden
  // in a base: the essay read as a reference essay; the lift of a younger pupil (the typical annual
  // growth, calibration.ts); its length against the grade's (or the teacher's) target, repeated text
  // counted once.
  const base = taskPoints(withoutLength, cal.referenceGrade, cal);
  const evidence: Evidence[] = [{ feature: 'calibratedBase', value: r1(base), effect: r1(base), ranges: [] }];
  const atGradeLevel = taskPoints(withoutLength, a.length.grade, cal);
  if (Math.abs(atGradeLevel - base) >= 0.05) evidence.push({ feature: 'gradeExpectation', value: a.length.grade, effect: r1(atGradeLevel - base), ranges: [] });
  let p = taskPoints(z, a.length.grade, cal);
  evidence.push({ feature: 'lengthAgainstGrade', value: `${Math.round(effectiveLength(a))}/${a.length.target}`, effect: r1(p - atGradeLevel), ranges: [] });
  // Set phrases (老师像蜡烛, 燃烧自己照亮别人 …) say nothing of the writer's own: 3 points each after the
  // first, at most 15 (an essay built from them reads as a template, whatever its other measures).
  const cliches = a.paragraphs.flatMap((x) => findCliches(x.text).map((c): [number, number] => [x.start + c.start, x.start + c.end]));
  if (cliches.length > 1) {
    const cut = Math.min(15, (cliches.length - 1) * 3);
    p -= cut;
    evidence.push({ feature: 'setPhrases', value: cliches.length, effect: -cut, ranges: cliches });
  }
  // The calibration essays are all full length; below the grade's minimum we take points off.
  const minRatio = a.hanCount / a.length.min;
  if (minRatio < 1) {
    const cut = (1 - minRatio) * 35;
    p -= cut;
    evidence.push({ feature: 'belowMinimumLength', value: `${a.hanCount}/${a.length.min}`, effect: -r1(cut), ranges: [] });
  }
  const cov = a.relevance.titleCoverage;
  if (cov === 0) {
    p -= 12;
    evidence.push({ feature: 'titleKeywordsMissing', value: 0, effect: -12, ranges: [] });
  }
  // Drift (relevance.ts): the essay names its person or animal, then leaves it for a run of paragraphs.
  // The cut grows with the drifted share, 15 points for the whole text: at 80% it equals the cut for an
  // essay without the title's words (12), which it replaces rather than adds to.
  const drift = a.relevance.drift;
  if (drift?.drifted && cov !== 0) {
    const cut = drift.share * 15;
    p -= cut;
    evidence.push({ feature: 'topicDrift', value: `${Math.round(drift.share * 100)}%`, effect: -r1(cut), ranges: drift.ranges });
  }
  if (a.repetition > 0.15) {
    const cut = a.repetition * 30;
    p -= cut;
    evidence.push({ feature: 'repetition', value: a.repetition, effect: -r1(cut), ranges: [] });
  }
  const reqGenre = a.relevance.requirements.find((r) => r.check === 'genre' && r.met === false);
  if (reqGenre) {
    p -= 8;
    evidence.push({ feature: 'genreRequirementMissed', value: reqGenre.detail, effect: -8, ranges: [] });
  }
  // An essay that leaves its title (no title word, or drifted for half its text or more) is marked as
  // 跑题 in every school: however well written, it stays at the bottom of the scale.
  const offTopic = cov === 0 || (drift?.drifted === true && drift.share >= 0.5);
  if (offTopic && p > 0) {
    const inBand = clamp(p, 0, 99.9) * OFF_TOPIC_SHARE;
    evidence.push({ feature: 'offTopicCap', value: Math.round(OFF_TOPIC_SHARE * 100), effect: -r1(p - inBand), ranges: drift?.ranges ?? [] });
    p = inBand;
  }
  return { percent: clamp(p, 0, 100), evidence };
}

export class LocalEssayScorer implements EssayScorer {
  readonly name = 'local';

  async score(a: TextAnalysis, std: ScoringStandard, lang: 'zh' | 'en'): Promise<ScoreResult> {
    return this.scoreSync(a, std, lang);
  }

  scoreSync(a: TextAnalysis, std: ScoringStandard, lang: 'zh' | 'en'): ScoreResult {
    const f = extractFeatures(a);
    const { percent: raw, evidence } = totalWithRules(a);
    const percent = r1(clamp(applyDifficulty(raw, std.difficulty), 0, 100));
    if (std.difficulty === 1) evidence.push({ feature: 'hardDifficulty', value: 1, effect: r1(percent - raw), ranges: [] });
    const raws = std.dimensions.map((id) => ({ id, ...scoreDimension(id, a, f) }));
    // Centre the dimensions on the total: their mean equals the total, their spread shows strengths.
    const mean = raws.reduce((s, d) => s + d.delta, 0) / (raws.length || 1);
    const dims: DimensionScore[] = raws.map((d) => {
      const dp = r1(clamp(percent + (d.delta - mean), 0, 100));
      return {
        id: d.id,
        name: DIMENSIONS[d.id][lang],
        percent: dp,
        ...showScore(dp, std.scoreType, lang, std.scoreType === 3 ? 100 : undefined),
        evidence: d.evidence,
      };
    });
    return {
      scoreType: std.scoreType,
      difficulty: std.difficulty,
      percent,
      band: gradeBand(percent),
      ...showScore(percent, std.scoreType, lang, std.fullMark ?? 100),
      dimensions: dims,
      evidence,
      scorer: this.name,
    };
  }
}
