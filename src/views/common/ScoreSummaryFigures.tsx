import { Statistic } from 'antd';
import type { ScoreSummary } from '../../core/scoring/score-summary';
import { useT } from '../i18n/i18n-context';

/**
 * The figures of a score summary on the task's scale: for a letter-grade task how many essays at each
 * level and the middle essay's level (never an average of letters); for a points task the average,
 * highest and lowest in points out of the full mark.
 */
export function ScoreSummaryFigures({ summary, testId = 'score-summary' }: { summary: ScoreSummary; testId?: string }) {
  const t = useT();
  if (summary.kind === 'levels') {
    return (
      <>
        {summary.levels.map((l) => (
          <Statistic key={l.label} title={t('report.levelCount', { label: l.label })} value={l.count} data-testid={`${testId}-level`} />
        ))}
        <Statistic title={t('report.median')} value={summary.median ?? '—'} data-testid={`${testId}-median`} />
      </>
    );
  }
  const full = `/${summary.fullMark ?? 100}`;
  return (
    <>
      <Statistic title={t('report.average')} value={summary.average ?? '—'} suffix={summary.average !== null ? full : undefined} data-testid={`${testId}-average`} />
      <Statistic title={t('report.highest')} value={summary.highest ?? '—'} />
      <Statistic title={t('report.lowest')} value={summary.lowest ?? '—'} />
    </>
  );
}
