/**
 * One summary of a set of scores on the task's own scale, read by every screen and export that sums
 * scores up (class report, statistics, classroom evaluation, growth profile, parents' page, xlsx).
 * A letter-grade task (A/B/C, 优秀…较差, 甲…丁) is summed up in letters: how many essays at each level
 * and the middle essay's level, never an average of numbers behind the letters ("平均分 B / 最高分
 * 92.5" mixed two scales). A points task is summed up in points out of its full mark.
 *
 * The level cut-offs stay with the scorer (correction/scoring/scales.ts); callers pass each score's
 * percent and the label it is shown with, and the scale's labels best first.
 */
// The schema lives with the contracts: this module is pure so that the elements that sum scores up
// (growth profile, class report) do not carry zod in their bundles.
import type { ScoreSummary } from '../api/contracts/score-summary';

export type { ScoreSummary };

export interface ScoreScale {
  /** 1 A/B/C, 2 优秀…较差, 3 points, 4 甲…丁 */
  scoreType: number;
  /** the full mark of a points task (100 when unset) */
  fullMark?: number | null;
  /** the level labels best first, in the reader's language ([] for points) */
  levels: readonly string[];
}

export interface ShownScoreInput {
  /** 0-100 */
  percent: number;
  /** the score as shown: the level label, or the points as text */
  label: string;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export function isLevelScale(scale: Pick<ScoreScale, 'scoreType'>): boolean {
  return scale.scoreType !== 3;
}

export function summarizeScores(scores: readonly ShownScoreInput[], scale: ScoreScale): ScoreSummary {
  const count = scores.length;
  if (isLevelScale(scale)) {
    const levels = scale.levels.map((label) => ({ label, count: scores.filter((s) => s.label === label).length }));
    // The middle essay by percent; its level, as shown. Never a mean of the numbers behind letters.
    const sorted = [...scores].sort((a, b) => b.percent - a.percent);
    const median = count ? sorted[Math.floor(count / 2)]!.label : null;
    return { kind: 'levels', count, levels, median, average: null, highest: null, lowest: null, fullMark: null };
  }
  const full = scale.fullMark && scale.fullMark > 0 ? scale.fullMark : 100;
  const points = scores.map((s) => (s.percent / 100) * full);
  return {
    kind: 'points',
    count,
    levels: [],
    median: null,
    average: count ? r1(points.reduce((a, b) => a + b, 0) / count) : null,
    highest: count ? r1(Math.max(...points)) : null,
    lowest: count ? r1(Math.min(...points)) : null,
    fullMark: full,
  };
}

type Lang = 'zh' | 'en';

const WORDS: Record<Lang, { none: string; essays: (n: number) => string; middle: string; average: string; highest: string; lowest: string; outOf: (f: number) => string; sep: string }> = {
  zh: { none: '暂无评分', essays: (n) => `${n}篇`, middle: '中间水平', average: '平均', highest: '最高', lowest: '最低', outOf: (f) => `（满分${f}）`, sep: '，' },
  en: { none: 'no scores yet', essays: (n) => `${n}`, middle: 'middle essay', average: 'average', highest: 'highest', lowest: 'lowest', outOf: (f) => ` (out of ${f})`, sep: ', ' },
};

/** The summary in one line: "A 2篇，B 5篇，C 3篇（中间水平 B）" or "平均 78.5（满分100），最高 92，最低 55". */
export function scoreSummaryLine(s: ScoreSummary, lang: Lang): string {
  const w = WORDS[lang];
  if (!s.count) return w.none;
  if (s.kind === 'levels') {
    const counts = s.levels.map((l) => `${l.label} ${w.essays(l.count)}`).join(w.sep);
    return lang === 'zh' ? `${counts}（${w.middle} ${s.median}）` : `${counts} (${w.middle}: ${s.median})`;
  }
  return `${w.average} ${s.average}${w.outOf(s.fullMark ?? 100)}${w.sep}${w.highest} ${s.highest}${w.sep}${w.lowest} ${s.lowest}`;
}

/** A score shown on the task's scale for one reader: the level, or points out of the full mark. */
export function shownOnScale(label: string, scale: Pick<ScoreScale, 'scoreType' | 'fullMark'>): string {
  return isLevelScale(scale) ? label : `${label}/${scale.fullMark ?? 100}`;
}

/**
 * Scores met on several scales (a pupil's semester of letter-grade and points tasks): one summary per
 * scale, in the order the scales first appear, never a mean across them. A growth profile's A, B, A
 * stays "A 2篇，B 1篇", not the 82 their percents average to.
 */
export function summarizeByScale(groups: ReadonlyArray<{ scale: ScoreScale; scores: readonly ShownScoreInput[] }>): ScoreSummary[] {
  return groups.filter((g) => g.scores.length).map((g) => summarizeScores(g.scores, g.scale));
}

/** Several summaries in one line, one per scale: "A 2篇，B 1篇，C 0篇（中间水平 A）；平均 80（满分100）…". */
export function scoreSummariesLine(summaries: readonly ScoreSummary[], lang: Lang): string {
  const shown = summaries.filter((s) => s.count);
  return shown.length ? shown.map((s) => scoreSummaryLine(s, lang)).join(lang === 'zh' ? '；' : '; ') : WORDS[lang].none;
}
