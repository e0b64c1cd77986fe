import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { GRADE_SORT, type ClassRow, type GradeData } from '../../../core/api/contracts/leaders';
import { useT } from '../../../views/i18n/i18n-context';
import LeaderChart from './LeaderChart';
import { LeaderDataPage, percentPoint } from './LeaderDataPage';
import { dash, pct, sortKey } from './leader-filters';

/** /teachingAdmin/grade: per grade and class tasks, submission and approval rates, averages by dimension, the semester's trend. */
export default function GradeDataPage() {
  const t = useT();
  return (
    <LeaderDataPage<GradeData>
      kind="grade"
      testId="grade-data-page"
      load={(api, query) => api.grade({ ...query, sortBy: sortKey(GRADE_SORT, query.sortBy) })}
      rowKey="classId"
      charts={(d) => (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('leaders.chart.gradeRates')} size="small">
              <LeaderChart
                categories={d?.grades.map((g) => g.label) ?? []}
                series={[
                  { name: t('leaders.col.submissionRate'), type: 'bar', data: d?.grades.map((g) => percentPoint(g.submissionRate)) ?? [] },
                  { name: t('leaders.col.approvalRate'), type: 'bar', data: d?.grades.map((g) => percentPoint(g.approvalRate)) ?? [] },
                  { name: t('leaders.col.average'), type: 'line', data: d?.grades.map((g) => g.average) ?? [] },
                ]}
                yNames={[t('leaders.chart.percent')]}
                testId="chart-grades"
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('leaders.chart.trend')} size="small">
              <LeaderChart
                categories={d?.trend.map((x) => x.month) ?? []}
                series={[
                  { name: t('leaders.chart.count'), type: 'bar', data: d?.trend.map((x) => x.submitted) ?? [] },
                  { name: t('leaders.col.average'), type: 'line', data: d?.trend.map((x) => x.average) ?? [], right: true },
                ]}
                yNames={[t('leaders.chart.count'), t('leaders.col.average')]}
                testId="chart-trend"
              />
            </Card>
          </Col>
        </Row>
      )}
      columns={[
        { title: t('leaders.col.grade'), dataIndex: 'grade', sorter: true, render: (_, r: ClassRow) => r.gradeLabel },
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
          render: (_, r: ClassRow) => (r.dimensions.length ? <Space size={4} wrap>{r.dimensions.map((x) => <Tag key={x.id}>{x.name} {dash(x.average)}</Tag>)}</Space> : <Typography.Text type="secondary">—</Typography.Text>),
        },
      ]}
    />
  );
}
