import { useMemo } from 'react';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { GRADE_SORT, type ClassRow } from '../../../core/api/contracts/leaders';
import { leadersApi } from '../../../core/api/endpoints/leaders';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import LeaderChart from './LeaderChart';
import { dash, LeaderExportButton, LeaderFilters, pct, sortKey, useLeaderQuery } from './leader-filters';
import { LeaderTable } from './LeaderTable';

/** /teachingAdmin/grade: per grade and class tasks, submission and approval rates, averages by dimension, the semester's trend. */
export default function GradeDataPage() {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const { query, set } = useLeaderQuery();
  const res = useAsync(() => api.grade({ ...query, sortBy: sortKey(GRADE_SORT, query.sortBy) }), [api, query]);
  const d = res.data;
  const gradeCats = useMemo(() => d?.grades.map((g) => g.label) ?? [], [d]);
  const gradeSeries = useMemo(
    () => [
      { name: t('leaders.col.submissionRate'), type: 'bar' as const, data: d?.grades.map((g) => (g.submissionRate === null ? null : Math.round(g.submissionRate * 1000) / 10)) ?? [] },
      { name: t('leaders.col.approvalRate'), type: 'bar' as const, data: d?.grades.map((g) => (g.approvalRate === null ? null : Math.round(g.approvalRate * 1000) / 10)) ?? [] },
      { name: t('leaders.col.average'), type: 'line' as const, data: d?.grades.map((g) => g.average) ?? [] },
    ],
    [d, t],
  );
  const trendCats = useMemo(() => d?.trend.map((x) => x.month) ?? [], [d]);
  const trendSeries = useMemo(
    () => [
      { name: t('leaders.chart.count'), type: 'bar' as const, data: d?.trend.map((x) => x.submitted) ?? [] },
      { name: t('leaders.col.average'), type: 'line' as const, data: d?.trend.map((x) => x.average) ?? [], right: true },
    ],
    [d, t],
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="grade-data-page">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <LeaderFilters scope={d?.scope} onChange={set} />
          <LeaderExportButton kind="grade" query={query} fileName={t('leaders.sheet.grade')} />
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('leaders.chart.gradeRates')} size="small">
            <LeaderChart categories={gradeCats} series={gradeSeries} yNames={[t('leaders.chart.percent')]} testId="chart-grades" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('leaders.chart.trend')} size="small">
            <LeaderChart categories={trendCats} series={trendSeries} yNames={[t('leaders.chart.count'), t('leaders.col.average')]} testId="chart-trend" />
          </Card>
        </Col>
      </Row>
      <Card>
        <LeaderTable<ClassRow>
          rowKey="classId"
          page={d?.table}
          loading={res.loading}
          sortBy={query.sortBy}
          order={query.order}
          onChange={set}
          columns={[
            { title: t('leaders.col.grade'), dataIndex: 'grade', sorter: true, render: (_, r) => r.gradeLabel },
            { title: t('leaders.col.className'), dataIndex: 'className', sorter: true },
            { title: t('leaders.col.campus'), dataIndex: 'campus' },
            { title: t('leaders.col.students'), dataIndex: 'students', sorter: true },
            { title: t('leaders.col.tasks'), dataIndex: 'tasks', sorter: true },
            { title: t('leaders.col.submitted'), dataIndex: 'submitted' },
            { title: t('leaders.col.submissionRate'), dataIndex: 'submissionRate', sorter: true, render: (v: number | null) => pct(v) },
            { title: t('leaders.col.approved'), dataIndex: 'approved' },
            { title: t('leaders.col.approvalRate'), dataIndex: 'approvalRate', sorter: true, render: (v: number | null) => pct(v) },
            { title: t('leaders.col.average'), dataIndex: 'average', sorter: true, render: (v: number | null) => dash(v) },
            {
              title: t('leaders.col.dimensions'),
              key: 'dimensions',
              render: (_, r) => (r.dimensions.length ? <Space size={4} wrap>{r.dimensions.map((x) => <Tag key={x.id}>{x.name} {dash(x.average)}</Tag>)}</Space> : <Typography.Text type="secondary">—</Typography.Text>),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
