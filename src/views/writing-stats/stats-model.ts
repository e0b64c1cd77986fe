import type { WritingStatistics } from '../../core/api/contracts/review';

/** Bars of the score distribution chart: one per range of percent scores, labelled "from–to". */
export function distributionBars(distribution: WritingStatistics['distribution']): { labels: string[]; counts: number[] } {
  const sorted = [...distribution].sort((a, b) => a.from - b.from);
  return { labels: sorted.map((d) => `${d.from}–${d.to}`), counts: sorted.map((d) => d.count) };
}

/** Each grade band with its share of the scored essays, in whole percent (0 when nothing is scored). */
export function bandShares(bands: WritingStatistics['bands']): Array<WritingStatistics['bands'][number] & { percent: number }> {
  const total = bands.reduce((n, b) => n + b.count, 0);
  return bands.map((b) => ({ ...b, percent: total ? Math.round((b.count / total) * 100) : 0 }));
}

/** An average on the percent scale for display: one decimal, or null while nothing is scored. */
export function formatAverage(value: number | null | undefined): string | null {
  return value === null || value === undefined || Number.isNaN(value) ? null : (Math.round(value * 10) / 10).toFixed(1);
}

/** Share of the class that has submitted, in whole percent. */
export function submissionRate(stats: Pick<WritingStatistics, 'students' | 'submitted'>): number {
  return stats.students ? Math.round((stats.submitted / stats.students) * 100) : 0;
}

/**
 * Dimension averages, strongest first, with the weakest marked so the teacher sees at a glance where
 * the class needs work. Dimensions not scored yet go last.
 */
export function rankedDimensions(dimensions: WritingStatistics['dimensions']): Array<WritingStatistics['dimensions'][number] & { weakest: boolean }> {
  const scored = dimensions.filter((d) => d.average !== null).sort((a, b) => b.average! - a.average!);
  const unscored = dimensions.filter((d) => d.average === null);
  const weakest = scored.length > 1 ? scored[scored.length - 1]!.id : null;
  return [...scored, ...unscored].map((d) => ({ ...d, weakest: d.id === weakest }));
}

/** The most common problems, most essays first, at most `limit`. */
export function topProblems(problems: WritingStatistics['commonProblems'], limit = 8): WritingStatistics['commonProblems'] {
  return [...problems].sort((a, b) => b.essays - a.essays || a.label.localeCompare(b.label)).slice(0, limit);
}
