// The task's scale for the summaries every screen shows: percents in, the one summary of core
// (core/scoring/score-summary.ts) out, with the grade bands on that same scale. A letter-grade task
// gets its letters as its bands (A/B/C counted as A/B/C, never re-cut into 优秀/良好/中等 at other
// cut-offs, which left 良好 always empty); a points task keeps the five export bands.
import { GRADE_BANDS, gradeBand, levelLabels, showScore } from '../../correction/index';
import { summarizeByScale, summarizeScores, type ScoreSummary } from '../../core/scoring/score-summary';
import type { Lang } from '../../core/i18n';
import type { TaskScoringInfo } from './writing-scope';

/** A percent as the task shows it: points out of the full mark, or the level label. */
export function labelOnScale(percent: number, scoring: Pick<TaskScoringInfo, 'scoreType' | 'fullMark'>, lang: Lang): string {
  return showScore(percent, scoring.scoreType, lang, scoring.fullMark ?? 100).label;
}

export function summaryOnScale(percents: readonly number[], scoring: Pick<TaskScoringInfo, 'scoreType' | 'fullMark'>, lang: Lang): ScoreSummary {
  return summarizeScores(
    percents.map((percent) => ({ percent, label: labelOnScale(percent, scoring, lang) })),
    { scoreType: scoring.scoreType, fullMark: scoring.fullMark, levels: levelLabels(scoring.scoreType, lang) },
  );
}

/** Band ids (colours) for the levels of a scale, best first. */
const LEVEL_BANDS: Record<number, string[]> = {
  3: ['excellent', 'medium', 'needsImprovement'],
  4: ['excellent', 'good', 'qualified', 'needsImprovement'],
};

/** The grade bands on the task's scale: its levels, or for points the five export bands. */
export function bandsOnScale(summary: ScoreSummary, percents: readonly number[], lang: Lang): Array<{ band: string; label: string; count: number }> {
  if (summary.kind === 'levels') {
    const ids = LEVEL_BANDS[summary.levels.length] ?? summary.levels.map((_, i) => GRADE_BANDS[Math.min(i, GRADE_BANDS.length - 1)]!.band);
    return summary.levels.map((l, i) => ({ band: ids[i]!, label: l.label, count: l.count }));
  }
  return GRADE_BANDS.map((b) => ({ band: b.band, label: b[lang], count: percents.filter((p) => gradeBand(p) === b.band).length }));
}

/**
 * Scores of several tasks (a pupil's semester), each with its task's scale: one summary per scale
 * (letters counted as letters, points of one full mark averaged), never a mean across scales.
 */
export function summariesOnScales(items: ReadonlyArray<{ percent: number; scoring: Pick<TaskScoringInfo, 'scoreType' | 'fullMark'> }>, lang: Lang): ScoreSummary[] {
  const groups = new Map<string, { scoring: Pick<TaskScoringInfo, 'scoreType' | 'fullMark'>; percents: number[] }>();
  for (const it of items) {
    const key = `${it.scoring.scoreType}:${it.scoring.scoreType === 3 ? (it.scoring.fullMark ?? 100) : ''}`;
    const g = groups.get(key) ?? { scoring: it.scoring, percents: [] };
    g.percents.push(it.percent);
    groups.set(key, g);
  }
  return summarizeByScale(
    [...groups.values()].map((g) => ({
      scale: { scoreType: g.scoring.scoreType, fullMark: g.scoring.fullMark, levels: levelLabels(g.scoring.scoreType, lang) },
      scores: g.percents.map((percent) => ({ percent, label: labelOnScale(percent, g.scoring, lang) })),
    })),
  );
}
