import { useMemo } from 'react';
import { Alert, Card, Col, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { leadersApi } from '../../../core/api/endpoints/leaders';
import { samplesApi } from '../../../core/api/endpoints/samples';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import LeaderChart from './LeaderChart';
import { filterSearch, LeaderFilters, pct, useLeaderQuery } from './leader-filters';

/** /headmaster: the school at a glance for a semester (default the current one), by campus. */
export default function HeadmasterHomePage() {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const { query, set } = useLeaderQuery();
  const filters = useMemo(() => ({ semesterId: query.semesterId, campusId: query.campusId }), [query.semesterId, query.campusId]);
  const res = useAsync(() => api.overview(filters), [api, filters]);
  // the newest published samples the caller may read (the school, or their campus), as on the samples' home (product-rules.md#sample-essays)
  const samples = useAsync(() => samplesApi(client).list({ status: 'published', sort: 'date', pageNum: 1, pageSize: 5 }), [client]);
  const d = res.data;
  const link = (path: string, extra: Record<string, string | number> = {}) => `${path}${filterSearch(filters, extra)}`;
  const bandCats = useMemo(() => d?.bandsByGrade.map((g) => g.label) ?? [], [d]);
  const bandSeries = useMemo(
    () => (d?.bandsByGrade[0]?.bands ?? []).map((b, i) => ({ name: b.label, type: 'bar' as const, stack: 'bands', data: d!.bandsByGrade.map((g) => g.bands[i]!.count) })),
    [d],
  );
  const figure = (testId: string, title: string, value: number | string, hint: string, to: string) => (
    <Col xs={12} md={8} xl={4}>
      <Link to={to} data-testid={testId}>
        <Card hoverable size="small">
          <Statistic title={title} value={value} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>
        </Card>
      </Link>
    </Col>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="headmaster-home">
      <Card size="small">
        <LeaderFilters scope={d?.scope} onChange={set} withGrade={false} />
      </Card>
      {d && d.scope.semesterId === null && <Alert type="info" showIcon message={t('leaders.noSemester')} />}
      <Row gutter={[16, 16]}>
        {figure('fig-tasks', t('leaders.home.tasks'), d?.tasks ?? 0, ' ', link('/teachingAdmin/grade', { sortBy: 'tasks' }))}
        {figure('fig-submitted', t('leaders.home.submitted'), d?.submitted ?? 0, t('leaders.home.ofExpected', { expected: d?.expected ?? 0, rate: pct(d?.submissionRate) }), link('/teachingAdmin/grade', { sortBy: 'submissionRate', order: 'asc' }))}
        {figure('fig-ai', t('leaders.home.aiCorrected'), d?.aiCorrected ?? 0, t('leaders.home.ofSubmitted', { rate: pct(d?.aiRate) }), link('/teachingAdmin/grade'))}
        {figure('fig-approved', t('leaders.home.approved'), d?.approved ?? 0, t('leaders.home.ofSubmitted', { rate: pct(d?.approvalRate) }), link('/teachingAdmin/grade', { sortBy: 'approvalRate', order: 'asc' }))}
        {figure('fig-turnaround', t('leaders.home.turnaround'), d?.turnaroundHours === null || d === null ? '—' : t('leaders.home.hours', { value: d.turnaroundHours }), t('leaders.home.turnaroundHint'), link('/teachingAdmin/teacherNum', { sortBy: 'medianHours' }))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('leaders.home.bandsByGrade')} size="small" extra={<Link to={link('/teachingAdmin/grade', { sortBy: 'average' })}>{t('leaders.home.detail')}</Link>}>
            {d?.bandsByGrade.length ? (
              <>
                <LeaderChart categories={bandCats} series={bandSeries} yNames={[t('leaders.chart.count')]} testId="chart-bands" />
                <Space wrap>
                  {d.bandsByGrade.map((g) => (
                    <Link key={g.grade} to={link('/teachingAdmin/grade', { grade: g.grade })} data-testid="band-grade-link">
                      {g.label} · {t('leaders.home.average')} {g.average ?? '—'}
                    </Link>
                  ))}
                </Space>
              </>
            ) : <Empty description={t('leaders.noData')} />}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('leaders.home.problems')} size="small" extra={<Link to={link('/teachingAdmin/grade', { sortBy: 'average', order: 'asc' })}>{t('leaders.home.detail')}</Link>}>
            <List
              data-testid="problems"
              locale={{ emptyText: t('leaders.noData') }}
              dataSource={d?.problems ?? []}
              renderItem={(p) => <List.Item><span>{p.label}</span><Typography.Text type="secondary">{t('leaders.home.problemEssays', { count: p.essays })}</Typography.Text></List.Item>}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('leaders.home.waiting')} size="small" extra={<Link to={link('/teachingAdmin/teacherNum', { sortBy: 'medianHours' })}>{t('leaders.home.detail')}</Link>}>
            <List
              data-testid="waiting"
              locale={{ emptyText: t('leaders.noData') }}
              dataSource={d?.waiting ?? []}
              renderItem={(w) => (
                <List.Item>
                  <List.Item.Meta
                    title={<Link to={link('/teachingAdmin/teacherNum', { sortBy: 'approved' })}>{w.name}</Link>}
                    description={t('leaders.home.waitingEssays', { count: w.essays, at: new Date(w.oldestAt).toLocaleString(), hours: w.waitingHours })}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('leaders.home.samples')} size="small" data-testid="samples" extra={<Link to="/excellentArticle">{t('leaders.home.detail')}</Link>}>
            {samples.data?.list.length ? (
              <List
                size="small"
                dataSource={samples.data.list}
                renderItem={(x) => (
                  <List.Item>
                    <List.Item.Meta
                      title={<Link to={`/excellentArticle/detail?id=${x.id}`}>{x.title}</Link>}
                      description={`${x.className} · ${x.studentName} · ${x.publishedAt ? new Date(x.publishedAt).toLocaleDateString() : ''}`}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leaders.home.samplesEmpty')} />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
