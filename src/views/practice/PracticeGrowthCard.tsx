import { Card, Empty, Table, Tag, Typography } from 'antd';
import type { PracticeGrowth } from '../../core/api/contracts/practice';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { focusLabel } from './labels';
import { schoolTime } from '../../core/time/school-time';

type Item = PracticeGrowth['series'][number];

/** A student's practice series beside the growth profile: AI-marked, kept apart from graded essays. */
export function PracticeGrowthCard({ studentId, load }: { studentId: number; load: (studentId: number) => Promise<PracticeGrowth> }) {
  const t = useT();
  const g = useAsync(() => load(studentId), [load, studentId]);
  const data = g.data;
  return (
    <Card size="small" title={t('practice.growth.title')} style={{ marginTop: 12 }} loading={g.loading && !data} data-testid="practice-growth">
      {!data || data.series.length === 0 ? (
        <Empty description={t('practice.growth.none')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('practice.growth.summary', { practices: data.practices, attempts: data.attempts, avg: data.averagePercent ?? '—' })}</Typography.Paragraph>
          <Table<Item>
            rowKey="practiceId"
            size="small"
            pagination={false}
            dataSource={data.series}
            columns={[
              { title: t('practice.submittedAt'), dataIndex: 'date', width: 110, render: (v: string) => schoolTime(v, 'YYYY-MM-DD') },
              { title: t('practice.titleLabel'), dataIndex: 'title' },
              { title: t('practice.focus'), dataIndex: 'focus', width: 150, render: (f: string, r) => (f ? <>{focusLabel(t, f)} {r.focusMet !== null && <Tag color={r.focusMet ? 'green' : 'orange'}>{t(r.focusMet ? 'practice.growth.focusMet' : 'practice.growth.focusMissed')}</Tag>}</> : '—') },
              { title: t('practice.best'), dataIndex: 'bestPercent', width: 80, render: (v: number | null) => v ?? '—' },
              { title: t('practice.averageWords'), dataIndex: 'wordCount', width: 90, render: (v: number | null) => v ?? '—' },
              { title: t('practice.attempts'), dataIndex: 'attempts', width: 80 },
            ]}
          />
        </>
      )}
    </Card>
  );
}
