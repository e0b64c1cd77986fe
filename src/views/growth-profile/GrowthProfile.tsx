import { Suspense, useEffect, useMemo } from 'react';
import { Button, Empty, Skeleton, Statistic, Table, Tag, Timeline } from 'antd';
import { LazyResult } from '../common/LazyResult';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { GrowthProfile as Profile } from '../../core/api/contracts/growth';
import type { GrowthApi } from '../../core/api/endpoints/growth';
import { useAsync } from '../hooks/use-async';
import { useLang, useT } from '../i18n/i18n-context';
import { scoreSummariesLine } from '../../core/scoring/score-summary';
import styles from './growth-profile.css?inline';
import TrendChart, { type TrendSeries } from './TrendChart';

export interface GrowthProfileProps {
  api: Pick<GrowthApi, 'profile'>;
  studentId: number;
  /** `id_year_term` or the bare id; absent = the semester of the student's class */
  semesterId?: string | undefined;
  onBack?: (() => void) | undefined;
  onLoaded?: ((profile: Profile) => void) | undefined;
  onError?: ((error: unknown) => void) | undefined;
  /** where popups of the view attach (a widget's shadow root) */
  getPopupContainer?: ((node: HTMLElement) => HTMLElement) | undefined;
}

type EssayRef = Profile['comments'][number];

const day = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * One student's growth profile of a semester (product-rules.md#audience): the record, score trend lines per dimension,
 * length by task, revised drafts and their improvement, the personal 错字本 (fixed / not yet), the
 * sentences the teacher marked good and the teacher comments over time. Plain props: the app, the
 * <zp-growth-profile> element and the parents' H5 report show the same view.
 */
export function GrowthProfile({ api, studentId, semesterId, onBack, onLoaded, onError }: GrowthProfileProps) {
  const t = useT();
  const lang = useLang();
  const { data, loading, error } = useAsync(() => api.profile(studentId, semesterId), [api, studentId, semesterId]);
  useEffect(() => {
    if (data) onLoaded?.(data);
  }, [data, onLoaded]);
  useEffect(() => {
    if (error) onError?.(error);
  }, [error, onError]);

  const essayName = (e: Pick<EssayRef, 'taskTitle' | 'draft'>) => t('growth.essay', { title: e.taskTitle, draft: e.draft > 0 ? t(`growth.drafts.draft.${Math.min(2, e.draft)}` as 'growth.drafts.draft.1') : '' }).trim();
  const chart = useMemo(() => {
    if (!data) return null;
    const labels = data.trend.map((e) => `${day(e.date, lang)} ${e.taskTitle}${e.draft > 0 ? `(${e.draft})` : ''}`);
    const series: TrendSeries[] = [
      { name: t('growth.trend.total'), values: data.trend.map((e) => e.scorePercent), main: true },
      ...data.dimensions.map((d) => ({ name: d.name, values: data.trend.map((e) => e.dimensions[d.id] ?? null) })),
    ];
    return { labels, series };
  }, [data, lang, t]);

  if (loading && !data) return <Skeleton active />;
  if (error || !data) return <LazyResult status="warning" title={t('growth.loadFailed')} extra={onBack ? <Button onClick={onBack}>{t('growth.back')}</Button> : undefined} />;

  const r = data.record;
  const gender = t(`growth.gender.${r.gender === 1 || r.gender === 2 ? r.gender : 0}` as 'growth.gender.0');
  const figures: [string, number | string][] = [
    [t('growth.col.tasksCompleted'), r.tasksCompleted],
    [t('growth.col.essaysSubmitted'), r.essaysSubmitted],
    [t('growth.col.totalWords'), r.totalWords],
    [t('growth.col.excellentCount'), r.excellentCount],
    [t('growth.col.averageScore'), r.scores.some((x) => x.count) ? scoreSummariesLine(r.scores, lang) : '—'],
  ];

  return (
    <div className="zp-growth-profile" part="growth" data-testid="growth-profile">
      <style>{styles}</style>
      <div className="zp-growth-head">
        {onBack && (
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="growth-back">
            {t('growth.back')}
          </Button>
        )}
        <h3>{t('growth.profile.title', { name: r.name })}</h3>
        <span className="zp-growth-sub">
          {t('growth.profile.summary', { className: r.className, studentNo: r.studentNo, gender })} · {data.semester.name}
        </span>
      </div>
      <div part="growth-panel" className="zp-growth-panel zp-growth-figures" data-testid="growth-figures">
        {figures.map(([title, value]) => (
          <Statistic key={title} title={title} value={value} />
        ))}
      </div>
      {!data.trend.length ? (
        <div part="growth-panel" className="zp-growth-panel">
          <Empty description={t('growth.profile.noEssays')} />
        </div>
      ) : (
        <>
          <section part="growth-panel" className="zp-growth-panel" data-testid="growth-trend">
            <h4>{t('growth.trend.title')}</h4>
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
              {chart && <TrendChart labels={chart.labels} series={chart.series} yName={t('growth.trend.axis')} />}
            </Suspense>
          </section>
          <section part="growth-panel" className="zp-growth-panel" data-testid="growth-wrong-book">
            <h4>{t('growth.wrong.title')}</h4>
            {data.wrongBook.length ? (
              <Table
                size="small"
                rowKey={(w) => `${w.wrong}-${w.fix}-${w.word}`}
                pagination={false}
                scroll={{ x: 560 }}
                dataSource={data.wrongBook}
                columns={[
                  { title: t('growth.wrong.wrong'), key: 'wrong', width: 80, render: (_, w) => <span className="zp-growth-wrong">{w.wrong}</span> },
                  { title: t('growth.wrong.right'), key: 'right', width: 140, render: (_, w) => (<><span className="zp-growth-right">{w.fix}</span>{w.word ? <span className="zp-growth-meta">（{w.word}）</span> : null}</>) },
                  { title: t('growth.wrong.count'), dataIndex: 'count', width: 90 },
                  { title: t('growth.wrong.when'), key: 'when', render: (_, w) => w.occurrences.map((o) => `${day(o.date, lang)} ${essayName(o)}`).join('；') },
                  {
                    title: t('growth.wrong.status'),
                    key: 'status',
                    width: 120,
                    render: (_, w) => (w.fixed ? <Tag color="success" title={w.fixedIn ? t('growth.wrong.fixedIn', { title: w.fixedIn.taskTitle }) : undefined}>{t('growth.wrong.fixed')}</Tag> : <Tag color="error">{t('growth.wrong.notYet')}</Tag>),
                  },
                ]}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('growth.wrong.none')} />
            )}
          </section>
          <div className="zp-growth-grid">
            <section part="growth-panel" className="zp-growth-panel" data-testid="growth-length">
              <h4>{t('growth.length.title')}</h4>
              <Table size="small" rowKey="taskId" pagination={false} dataSource={data.lengthByTask} columns={[{ title: t('growth.col.essay'), dataIndex: 'taskTitle' }, { title: t('growth.length.words'), dataIndex: 'averageWords', width: 90 }]} />
            </section>
            <section part="growth-panel" className="zp-growth-panel" data-testid="growth-drafts">
              <h4>{t('growth.drafts.title')}</h4>
              {data.drafts.length ? (
                data.drafts.map((d) => (
                  <p key={d.taskId} className="zp-growth-sentence">
                    《{d.taskTitle}》{d.drafts.map((x) => `${t(`growth.drafts.draft.${Math.min(2, x.draft)}` as 'growth.drafts.draft.0')} ${x.scorePercent ?? '—'}`).join(' → ')}{' '}
                    {d.improvement === null ? null : <Tag color={d.improvement > 0 ? 'success' : d.improvement < 0 ? 'error' : 'default'}>{d.improvement > 0 ? t('growth.drafts.improvement', { points: d.improvement }) : d.improvement < 0 ? t('growth.drafts.decline', { points: -d.improvement }) : t('growth.drafts.same')}</Tag>}
                    <span className="zp-growth-meta">{t('growth.drafts.words', { delta: d.wordsAdded >= 0 ? `+${d.wordsAdded}` : d.wordsAdded })}</span>
                  </p>
                ))
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('growth.drafts.none')} />
              )}
            </section>
          </div>
          <div className="zp-growth-grid">
            <section part="growth-panel" className="zp-growth-panel" data-testid="growth-good">
              <h4>{t('growth.good.title')}</h4>
              {data.goodSentences.length ? (
                data.goodSentences.map((g, i) => (
                  <p key={`${g.essayId}-${i}`} className="zp-growth-sentence">
                    <q>{g.excerpt}</q> {g.text ? <span>— {g.text}</span> : null}
                    <br />
                    <span className="zp-growth-meta">{day(g.date, lang)} {essayName(g)}</span>
                  </p>
                ))
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('growth.good.none')} />
              )}
            </section>
            <section part="growth-panel" className="zp-growth-panel" data-testid="growth-comments">
              <h4>{t('growth.comments.title')}</h4>
              {data.comments.length ? (
                <Timeline
                  items={data.comments.map((c) => ({
                    key: c.essayId,
                    children: (
                      <>
                        <div>{c.comment}</div>
                        <span className="zp-growth-meta">{day(c.date, lang)} {essayName(c)}</span>
                      </>
                    ),
                  }))}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('growth.comments.none')} />
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
