// Teacher scores within the task's score type (product-rules.md#limits): types 1, 2 and 4 pick one of the type's
// level labels (A/B/C, 优秀/良好/中等/较差, 甲/乙/丙/丁), type 3 types a number from 0 to the
// dimension's full mark. Pure functions, unit-tested; the server checks the same rules again.
import type { MessageKey } from '../../core/i18n';

export interface ScoringTask {
  scoreType: number;
  fullMark: number | null;
  levels: string[];
  dimensions: Array<{ id: string; name: string; fullMark: number | null }>;
}
export interface DimensionScore {
  id: string;
  value?: number;
  label?: string;
}
export interface AiDimension {
  id: string;
  label: string;
  value?: number;
  fullMark?: number;
}
export interface ScoreProblem {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Score type 3 is a number; 1, 2 and 4 are levels. */
export function usesLevels(scoreType: number): boolean {
  return scoreType !== 3;
}

const DEFAULT_FULL_MARK = 100;

/** A dimension's full mark for score type 3: its own, else an equal share of the total. */
export function dimensionFullMark(task: ScoringTask, id: string): number {
  const d = task.dimensions.find((x) => x.id === id);
  if (d?.fullMark) return d.fullMark;
  const total = task.fullMark ?? DEFAULT_FULL_MARK;
  return task.dimensions.length ? Math.round((total / task.dimensions.length) * 10) / 10 : total;
}

/**
 * Reads what the teacher typed in a number box: a number with at most one decimal (half points are
 * common), between 0 and the full mark. Empty input means "no score yet".
 */
export function parseScore(raw: string | number | null | undefined, max: number): { value?: number; problem?: 'format' | 'range' } {
  if (raw === null || raw === undefined || String(raw).trim() === '') return {};
  const text = String(raw).trim();
  if (!/^\d+(\.\d)?$/.test(text)) return { problem: /^-/.test(text) ? 'range' : 'format' };
  const value = Number(text);
  if (value < 0 || value > max) return { problem: 'range' };
  return { value };
}

/** Why a dimension score cannot be saved, or null when it can. */
export function dimensionProblem(task: ScoringTask, score: DimensionScore): ScoreProblem | null {
  const d = task.dimensions.find((x) => x.id === score.id);
  const name = d?.name ?? score.id;
  if (usesLevels(task.scoreType)) {
    if (score.label === undefined || task.levels.includes(score.label)) return null;
    return { key: 'panel.scoreLevel', params: { name, levels: task.levels.join(' / ') } };
  }
  if (score.value === undefined) return null;
  const max = dimensionFullMark(task, score.id);
  const parsed = parseScore(score.value, max);
  return parsed.problem ? { key: 'panel.scoreRange', params: { name, max } } : null;
}

/** The teacher's total typed or picked by hand, checked like a dimension. */
export function totalProblem(task: ScoringTask, total: string | undefined): ScoreProblem | null {
  if (total === undefined || total === '') return null;
  if (usesLevels(task.scoreType)) return task.levels.includes(total) ? null : { key: 'panel.totalLevel', params: { levels: task.levels.join(' / ') } };
  const max = task.fullMark ?? DEFAULT_FULL_MARK;
  return parseScore(total, max).problem ? { key: 'panel.totalRange', params: { max } } : null;
}

/**
 * The scores the panel starts from: the teacher's saved ones, else the AI's (so approving without
 * changes approves what the teacher saw), one per dimension of the task in the task's order.
 */
export function initialScores(task: ScoringTask, saved: readonly DimensionScore[], ai: readonly AiDimension[]): DimensionScore[] {
  const levels = usesLevels(task.scoreType);
  return task.dimensions.map((d) => {
    const mine = saved.find((s) => s.id === d.id);
    if (mine && (levels ? mine.label !== undefined : mine.value !== undefined)) return levels ? { id: d.id, label: mine.label } : { id: d.id, value: mine.value };
    const a = ai.find((x) => x.id === d.id);
    if (!a) return { id: d.id };
    if (levels) return task.levels.includes(a.label) ? { id: d.id, label: a.label } : { id: d.id };
    if (a.value === undefined) return { id: d.id };
    // the AI scored out of its own full mark; show it on the dimension's
    const max = dimensionFullMark(task, d.id);
    const value = a.fullMark && a.fullMark !== max ? Math.round((a.value / a.fullMark) * max * 10) / 10 : a.value;
    return { id: d.id, value: Math.min(max, value) };
  });
}

/**
 * The total the dimensions add up to: for type 3 the sum (scaled to the task's full mark when the
 * dimensions' full marks add up to another number; whole points), for levels the level nearest the dimensions'
 * mean position. Null until every dimension is scored.
 */
export function derivedTotal(task: ScoringTask, scores: readonly DimensionScore[]): string | null {
  if (!task.dimensions.length || scores.length < task.dimensions.length) return null;
  if (usesLevels(task.scoreType)) {
    const positions = scores.map((s) => (s.label === undefined ? -1 : task.levels.indexOf(s.label)));
    if (positions.some((p) => p < 0)) return null;
    const mean = positions.reduce((a, b) => a + b, 0) / positions.length;
    return task.levels[Math.round(mean)] ?? null;
  }
  if (scores.some((s) => s.value === undefined)) return null;
  const sum = scores.reduce((a, s) => a + (s.value ?? 0), 0);
  const full = task.dimensions.reduce((a, d) => a + dimensionFullMark(task, d.id), 0);
  const total = task.fullMark ?? DEFAULT_FULL_MARK;
  const shown = full > 0 && Math.abs(full - total) > 0.01 ? (sum / full) * total : sum;
  // whole points, as the server stores the total it derives
  return String(Math.round(shown));
}

/** Whether two score lists say the same (to tell an edit from a reload). */
export function sameScores(a: readonly DimensionScore[], b: readonly DimensionScore[]): boolean {
  return a.length === b.length && a.every((s, i) => s.id === b[i]!.id && s.value === b[i]!.value && s.label === b[i]!.label);
}
