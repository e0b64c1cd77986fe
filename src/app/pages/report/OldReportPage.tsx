import { useEffect, useState } from 'react';
import { Empty, Select, Space, Typography } from 'antd';
import { ClassReportView } from '../../../views/class-report';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { useReportParams } from './use-report-params';

/** /oldReport?classId=&taskId=: reports of the class's earlier tasks, picked from a list. */
export default function OldReportPage() {
  const t = useT();
  const { tasks } = useApp();
  const { api, taskId, classId, params, setParams } = useReportParams();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    if (!classId) return;
    tasks
      .list({ classId, status: 'released', pageSize: 100 })
      .then((p) => setOptions(p.list.map((x) => ({ value: x.id, label: `${x.title} (${x.releaseAt.slice(0, 10)})` }))))
      .catch(() => setOptions([]));
  }, [tasks, classId]);
  if (!classId) return <Empty style={{ marginTop: 80 }} description={t('report.noTask')} />;
  return (
    <div style={{ padding: 16, maxWidth: 1240, margin: '0 auto' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4}>{t('report.oldReports')}</Typography.Title>
        <Select
          style={{ minWidth: 280 }}
          placeholder={t('report.oldReportsHint')}
          value={taskId || undefined}
          options={options}
          onChange={(v: number) => {
            const next = new URLSearchParams(params);
            next.set('taskId', String(v));
            setParams(next, { replace: true });
          }}
          data-testid="old-report-task"
        />
        {taskId ? <ClassReportView api={api} taskId={taskId} classId={classId} /> : null}
      </Space>
    </div>
  );
}
