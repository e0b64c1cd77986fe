import { useMemo } from 'react';
import { Card, Space } from 'antd';
import { STUDENT_SORT, type StudentRow } from '../../../core/api/contracts/leaders';
import { leadersApi } from '../../../core/api/endpoints/leaders';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import LeaderChart from './LeaderChart';
import { dash, LeaderExportButton, LeaderFilters, sortKey, useLeaderQuery } from './leader-filters';
import { LeaderTable } from './LeaderTable';

/** /teachingAdmin/studentNum: per grade and class students, active writers, essays per student, words, growth. */
export default function StudentDataPage() {
  const t = useT();
  const { client } = useApp();
  const api = useMemo(() => leadersApi(client), [client]);
  const { query, set } = useLeaderQuery();
  const res = useAsync(() => api.student({ ...query, sortBy: sortKey(STUDENT_SORT, query.sortBy) }), [api, query]);
  const d = res.data;
  const cats = useMemo(() => d?.grades.map((g) => g.label) ?? [], [d]);
  const series = useMemo(
    () => [
      { name: t('leaders.col.students'), type: 'bar' as const, data: d?.grades.map((g) => g.students) ?? [] },
      { name: t('leaders.col.activeWriters'), type: 'bar' as const, data: d?.grades.map((g) => g.activeWriters) ?? [] },
      { name: t('leaders.col.growth'), type: 'line' as const, data: d?.grades.map((g) => g.growth) ?? [], right: true },
    ],
    [d, t],
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="student-data-page">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <LeaderFilters scope={d?.scope} onChange={set} />
          <LeaderExportButton kind="student" query={query} fileName={t('leaders.sheet.student')} />
        </Space>
      </Card>
      <Card title={t('leaders.chart.studentsByGrade')} size="small">
        <LeaderChart categories={cats} series={series} yNames={[t('leaders.col.students'), t('leaders.col.growth')]} testId="chart-students" />
      </Card>
      <Card>
        <LeaderTable<StudentRow>
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
            { title: t('leaders.col.activeWriters'), dataIndex: 'activeWriters', sorter: true },
            { title: t('leaders.col.essays'), dataIndex: 'essays' },
            { title: t('leaders.col.essaysPerStudent'), dataIndex: 'essaysPerStudent', sorter: true, render: (v: number | null) => dash(v) },
            { title: t('leaders.col.words'), dataIndex: 'words', sorter: true },
            { title: t('leaders.col.growth'), dataIndex: 'growth', sorter: true, render: (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v}`) },
          ]}
        />
      </Card>
    </Space>
  );
}
