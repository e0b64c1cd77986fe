import { Card } from 'antd';
import { STUDENT_SORT, type StudentData, type StudentRow } from '../../../core/api/contracts/leaders';
import { useT } from '../../../views/i18n/i18n-context';
import LeaderChart from './LeaderChart';
import { LeaderDataPage } from './LeaderDataPage';
import { dash, sortKey } from './leader-filters';

/** /teachingAdmin/studentNum: per grade and class students, active writers, essays per student, words, growth. */
export default function StudentDataPage() {
  const t = useT();
  return (
    <LeaderDataPage<StudentData>
      kind="student"
      testId="student-data-page"
      load={(api, query) => api.student({ ...query, sortBy: sortKey(STUDENT_SORT, query.sortBy) })}
      rowKey="classId"
      charts={(d) => (
        <Card title={t('leaders.chart.studentsByGrade')} size="small">
          <LeaderChart
            categories={d?.grades.map((g) => g.label) ?? []}
            series={[
              { name: t('leaders.col.students'), type: 'bar', data: d?.grades.map((g) => g.students) ?? [] },
              { name: t('leaders.col.activeWriters'), type: 'bar', data: d?.grades.map((g) => g.activeWriters) ?? [] },
              { name: t('leaders.col.growth'), type: 'line', data: d?.grades.map((g) => g.growth) ?? [], right: true },
            ]}
            yNames={[t('leaders.col.students'), t('leaders.col.growth')]}
            testId="chart-students"
          />
        </Card>
      )}
      columns={[
        { title: t('leaders.col.grade'), dataIndex: 'grade', sorter: true, render: (_, r: StudentRow) => r.gradeLabel },
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
  );
}
