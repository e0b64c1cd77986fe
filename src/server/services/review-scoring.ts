// The scoring of a task as the teacher edits it: score type, dimensions (with full marks) and level
// labels, derived exactly as the ai-correction handler derives its input (taskInput + resolveStandard),
// so the teacher scores the same dimensions the AI scored. Also checks and totals teacher scores.
import { DIMENSIONS, levelLabels, resolveStandard, type CorrectEssayInput, type DimensionId, type ScoreType } from '../../correction/index';
import type { DimensionScoreInput } from '../../core/api/contracts/review';
import type { Lang } from '../../core/i18n';
import type { Executor } from '../db/database';
import { badRequest, notFound } from '../errors';
import { correctionsRepo } from '../repositories/corrections';
import { taskInput } from './correction-service';

/** Full mark of one dimension for score type 3: the engine scores dimensions on 100 under the total. */
export const DIMENSION_FULL_MARK = 100;

export interface TaskScoring {
  scoreType: ScoreType;
  /** full mark of the total (type 3) */
  fullMark: number | null;
  /** level labels best first (types 1, 2, 4), as stored in scores (the engine's Chinese labels) */
  levels: string[];
  dimensions: { id: DimensionId; name: string; fullMark: number | null }[];
  /** what correctText needs to analyse a transcript of this task */
  input: Omit<CorrectEssayInput, 'images'>;
}

type TaskWithStandard = Parameters<typeof taskInput>[0];

export type StoredDimensionScore = { id: string; name: string; value?: number; label?: string };

export async function taskScoring(db: Executor, taskId: number, lang: Lang): Promise<TaskScoring> {
  const info = await correctionsRepo.taskFor(db, taskId);
  if (!info) throw notFound();
  return scoringOf(db, info, lang);
}

/** The scoring of a task already read with its standard (the product default read when it names none). */
export async function scoringOf(db: Executor, info: TaskWithStandard, lang: Lang): Promise<TaskScoring> {
  const input = taskInput(info, info.standard ? undefined : await correctionsRepo.defaultStandard(db));
  const std = resolveStandard({ ...input, transcript: '' });
  return {
    scoreType: std.scoreType,
    fullMark: std.scoreType === 3 ? (std.fullMark ?? 100) : null,
    levels: levelLabels(std.scoreType, 'zh'),
    dimensions: std.dimensions.map((id) => ({ id, name: DIMENSIONS[id][lang], fullMark: std.scoreType === 3 ? DIMENSION_FULL_MARK : null })),
    input,
  };
}

/** Checks dimension scores against the task (known ids, values or labels of its score type); names filled in. */
export function checkDimensionScores(scoring: TaskScoring, scores: DimensionScoreInput[]): StoredDimensionScore[] {
  const seen = new Set<string>();
  return scores.map((s) => {
    const dim = scoring.dimensions.find((d) => d.id === s.id);
    if (!dim || seen.has(s.id)) throw badRequest('DIMENSION_UNKNOWN', 'review.dimensionUnknown', { id: s.id });
    seen.add(s.id);
    if (scoring.scoreType === 3) {
      const max = dim.fullMark ?? DIMENSION_FULL_MARK;
      if (s.value === undefined || s.value < 0 || s.value > max) throw badRequest('DIMENSION_VALUE', 'review.dimensionValue', { name: dim.name, max });
      return { id: dim.id, name: dim.name, value: s.value };
    }
    if (s.label === undefined || !scoring.levels.includes(s.label)) throw badRequest('DIMENSION_LABEL', 'review.dimensionLabel', { name: dim.name, levels: scoring.levels.join(' / ') });
    return { id: dim.id, name: dim.name, label: s.label };
  });
}

/** Checks a total typed by the teacher: a level label, or a number within the full mark (type 3). */
export function checkTeacherScore(scoring: TaskScoring, score: string): string {
  if (scoring.scoreType === 3) {
    const n = Number(score);
    const max = scoring.fullMark ?? 100;
    if (!/^\d+(\.\d)?$/.test(score) || !Number.isFinite(n) || n > max) throw badRequest('SCORE_VALUE', 'review.scoreValue', { max });
    return String(n);
  }
  if (!scoring.levels.includes(score)) throw badRequest('SCORE_LABEL', 'review.scoreLabel', { levels: scoring.levels.join(' / ') });
  return score;
}

/**
 * The total the dimension scores give: type 3 the mean share of the dimensions' full marks times the
 * total's full mark (rounded); level types the level at the rounded mean rank (A, B, B → B).
 */
export function totalOf(scoring: TaskScoring, scores: StoredDimensionScore[]): string | null {
  if (!scores.length) return null;
  if (scoring.scoreType === 3) {
    const share = scores.reduce((a, s) => a + (s.value ?? 0) / DIMENSION_FULL_MARK, 0) / scores.length;
    return String(Math.round(share * (scoring.fullMark ?? 100)));
  }
  const ranks = scores.map((s) => scoring.levels.indexOf(s.label ?? '')).filter((r) => r >= 0);
  if (!ranks.length) return null;
  return scoring.levels[Math.round(ranks.reduce((a, r) => a + r, 0) / ranks.length)] ?? null;
}

/** The AI's dimension scores in the teacher's shape (what an approval without teacher scores keeps). */
export function aiDimensionScores(scoring: TaskScoring, ai: { id: string; value?: number; label: string }[] | undefined): StoredDimensionScore[] {
  if (!ai) return [];
  return scoring.dimensions.flatMap((d): StoredDimensionScore[] => {
    const a = ai.find((x) => x.id === d.id);
    if (!a) return [];
    return scoring.scoreType === 3 ? [{ id: d.id, name: d.name, value: a.value ?? Number(a.label) }] : [{ id: d.id, name: d.name, label: a.label }];
  });
}
