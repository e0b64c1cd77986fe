import { Card, Typography } from 'antd';
import { TEACHER_SORT, type TeacherData } from '../../../core/api/contracts/leaders';
import { useT } from '../../../views/i18n/i18n-context';
import LeaderChart from './LeaderChart';
import { LeaderDataPage, percentPoint } from './LeaderDataPage';
import { dash, pct, sortKey } from './leader-filters';

/** /teachingAdmin/teacherNum: per teacher classes, tasks, approvals, median approval time, AI score changes, comments. */
export default function TeacherDataPage() {
  const t = useT();
  return (
    <LeaderDataPage<TeacherData>
      kind="teacher"
      testId="teacher-data-page"
      load={(api, query) => api.teacher({ ...query, sortBy: sortKey(TEACHER_SORT, query.sortBy) })}
      rowKey="teacherId"
      charts={(d) => (
        <Card title={t('leaders.chart.teacherChanged')} size="small" extra={<Typography.Text type="secondary">{t('leaders.agreementHint')}</Typography.Text>}>
          <LeaderChart
            categories={d?.table.list.map((r) => r.name) ?? []}
            series={[
              { name: t('leaders.col.approved'), type: 'bar', data: d?.table.list.map((r) => r.approved) ?? [] },
              { name: t('leaders.col.changedRate'), type: 'line', data: d?.table.list.map((r) => percentPoint(r.changedRate)) ?? [], right: true },
            ]}
            yNames={[t('leaders.chart.count'), t('leaders.chart.percent')]}
            testId="chart-teachers"
          />
        </Card>
      )}
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
  );
}
