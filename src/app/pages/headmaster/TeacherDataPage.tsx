import { useMemo } from 'react';
import { Card, Space, Typography } from 'antd';
import { TEACHER_SORT, type TeacherRow } from '../../../core/api/contracts/leaders';
import { leadersApi } from '../../../core/api/endpoints/leaders';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import LeaderChart from './LeaderChart';
import { dash, LeaderExportButton, LeaderFilters, pct, sortKey, useLeaderQuery } from './leader-filters';
import { LeaderTable } from './LeaderTable';

/** /teachingAdmin/teacherNum: per teacher classes, tasks, approvals, median approval time, AI score changes, comments. */
export default function TeacherDataPage() {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const { query, set } = useLeaderQuery();
  const res = useAsync(() => api.teacher({ ...query, sortBy: sortKey(TEACHER_SORT, query.sortBy) }), [api, query]);
  const d = res.data;
  const cats = useMemo(() => d?.table.list.map((r) => r.name) ?? [], [d]);
  const series = useMemo(
    () => [
      { name: t('leaders.col.approved'), type: 'bar' as const, data: d?.table.list.map((r) => r.approved) ?? [] },
      { name: t('leaders.col.changedRate'), type: 'line' as const, data: d?.table.list.map((r) => (r.changedRate === null ? null : Math.round(r.changedRate * 1000) / 10)) ?? [], right: true },
    ],
    [d, t],
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="teacher-data-page">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <LeaderFilters scope={d?.scope} onChange={set} />
          <LeaderExportButton kind="teacher" query={query} fileName={t('leaders.sheet.teacher')} />
        </Space>
      </Card>
      <Card title={t('leaders.chart.teacherChanged')} size="small" extra={<Typography.Text type="secondary">{t('leaders.agreementHint')}</Typography.Text>}>
        <LeaderChart categories={cats} series={series} yNames={[t('leaders.chart.count'), t('leaders.chart.percent')]} testId="chart-teachers" />
      </Card>
      <Card>
        <LeaderTable<TeacherRow>
          rowKey="teacherId"
          page={d?.table}
          loading={res.loading}
          sortBy={query.sortBy}
          order={query.order}
          onChange={set}
          columns={[
            { title: t('leaders.col.teacher'), dataIndex: 'name', sorter: true },
            { title: t('leaders.col.classes'), dataIndex: 'classes', sorter: true },
            { title: t('leaders.col.tasks'), dataIndex: 'tasks', sorter: true },
            { title: t('leaders.col.approved'), dataIndex: 'approved', sorter: true },
            { title: t('leaders.col.medianHours'), dataIndex: 'medianHours', sorter: true, render: (v: number | null) => dash(v) },
            { title: t('leaders.col.changedRate'), dataIndex: 'changedRate', sorter: true, render: (v: number | null) => pct(v) },
            { title: t('leaders.col.averageChange'), dataIndex: 'averageChange', sorter: true, render: (v: number | null) => dash(v) },
            { title: t('leaders.col.averageAbsChange'), dataIndex: 'averageAbsChange', render: (v: number | null) => dash(v) },
            { title: t('leaders.col.comments'), dataIndex: 'comments', sorter: true },
            { title: t('leaders.col.annotations'), dataIndex: 'annotations' },
          ]}
        />
      </Card>
    </Space>
  );
}
