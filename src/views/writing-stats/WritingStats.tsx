import { Suspense, useMemo } from 'react';
import { Col, Empty, Progress, Row, Skeleton, Statistic, Tag } from 'antd';
import type { WritingStatistics } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { bandShares, distributionBars, formatAverage, rankedDimensions, submissionRate, topProblems } from './stats-model';
import ScoreDistributionChart from './ScoreDistributionChart';
import styles from './writing-stats.css?inline';

const BAND_COLORS = ['#389e0d', '#1677ff', '#faad14', '#fa8c16', '#cf1322'];

export interface WritingStatsProps {
  stats: WritingStatistics | null;
  loading?: boolean;
  /** a narrower layout for the presenting view (fewer columns of figures) */
  compact?: boolean;
}

/**
 * Statistics of a task in a class: submission and review counts, scores on the task's own scale and
 * words, the score distribution chart, grade bands, dimension averages and the common problems the AI
 * found. Takes the data, so the writing list, the work info page and the classroom evaluation share it.
 */
export function WritingStats({ stats, loading, compact }: WritingStatsProps) {
  const t = useT();
  const bars = useMemo(() => distributionBars(stats?.distribution ?? []), [stats]);
  if (loading && !stats) return <Skeleton active />;
  if (!stats) return <Empty description={t('writingStats.none')} />;

  const none = t('writingStats.notScored');
  const average = (v: number | null) => formatAverage(v) ?? none;
  const figures: Array<[string, string | number, string?]> = [
    [t('writingStats.submitted'), `${stats.submitted}/${stats.students}`, `${submissionRate(stats)}%`],
    [t('writingStats.aiDone'), stats.aiDone],
    [t('writingStats.approved'), stats.approved],
    [t('writingStats.abnormal'), stats.abnormal],
    // On the task's scale: a letter task shows its middle essay's letter (the letters counted are the bands below), a points task its average in points.
    ...(stats.aiSummary.kind === 'levels'
      ? ([
          [t('writingStats.aiMedian'), stats.aiSummary.median ?? none],
          [t('writingStats.teacherMedian'), stats.teacherSummary.median ?? none],
        ] as Array<[string, string]>)
      : ([
          [t('writingStats.averageAi'), average(stats.aiSummary.average), stats.aiSummary.average === null ? undefined : `/${stats.aiSummary.fullMark ?? 100}`],
          [t('writingStats.averageTeacher'), average(stats.teacherSummary.average), stats.teacherSummary.average === null ? undefined : `/${stats.teacherSummary.fullMark ?? 100}`],
        ] as Array<[string, string, string?]>)),
    [t('writingStats.averageWords'), stats.averageWords === null ? none : Math.round(stats.averageWords)],
  ];
  const bands = bandShares(stats.bands);
  const dims = rankedDimensions(stats.dimensions);
  const problems = topProblems(stats.commonProblems);

  return (
    <div className="zp-writing-stats" data-testid="writing-stats">
      <style>{styles}</style>
      <Row gutter={[16, 12]}>
        {figures.map(([title, value, suffix]) => (
          <Col key={title} xs={12} sm={8} md={compact ? 8 : 6} xl={compact ? 6 : 3}>
            <Statistic title={title} value={value} suffix={suffix ? <span style={{ fontSize: 13, color: '#8c8c8c' }}>{suffix}</span> : undefined} />
          </Col>
        ))}
      </Row>
      <div className="zp-stats-grid">
        <section className="zp-stats-panel">
          <h4>{t('writingStats.distribution')}</h4>
          {bars.counts.some((c) => c > 0) ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
              <ScoreDistributionChart labels={bars.labels} counts={bars.counts} xName={t('writingStats.percentAxis')} yName={t('writingStats.essaysAxis')} />
            </Suspense>
          ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('writingStats.noScores')} />}
        </section>
        <section className="zp-stats-panel" data-testid="stats-bands">
          <h4>{t('writingStats.bands')}</h4>
          {bands.map((b, i) => (
            <div className="zp-stats-row" key={b.band}>
              <span>{b.label}</span>
              <Progress percent={b.percent} showInfo={false} strokeColor={BAND_COLORS[i % BAND_COLORS.length]} size="small" />
              <span className="zp-stats-value">{t('writingStats.bandCount', { count: b.count, percent: b.percent })}</span>
            </div>
          ))}
          <h4 style={{ marginTop: 16 }}>{t('writingStats.dimensions')}</h4>
          {dims.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('writingStats.noScores')} />
          ) : (
            dims.map((d) => (
              <div className="zp-stats-row" key={d.id} data-testid="stats-dimension">
                <span>
                  {d.name}
                  {d.weakest && (
                    <Tag color="orange" style={{ marginLeft: 4, marginInlineEnd: 0 }}>
                      {t('writingStats.weakest')}
                    </Tag>
                  )}
                </span>
                <Progress percent={d.average === null ? 0 : Math.round(d.average)} showInfo={false} size="small" strokeColor={d.weakest ? '#fa8c16' : '#c21939'} />
                <span className="zp-stats-value">{formatAverage(d.average) ?? none}</span>
              </div>
            ))
          )}
        </section>
        <section className="zp-stats-panel" data-testid="stats-problems">
          <h4>{t('writingStats.problems')}</h4>
          {problems.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('writingStats.noProblems')} />
          ) : (
            problems.map((p) => (
              <div className="zp-stats-problem" key={p.kind}>
                <div className="zp-stats-problem-head">
                  <span>{p.label}</span>
                  <Tag>{t('writingStats.problemEssays', { count: p.essays })}</Tag>
                </div>
                {p.examples.length > 0 && <div className="zp-stats-examples">{p.examples.slice(0, 3).join(' · ')}</div>}
              </div>
            ))
          )}
        </section>
      </div>
    </div>
  );
}
