import { Empty } from 'antd';
import { ClassReportView } from '../../../views/class-report';
import { useT } from '../../../views/i18n/i18n-context';
import { useReportParams } from './use-report-params';

/** /reportStatistics?taskId=&classId=: the phone summary (the simple report, one column). */
export default function ReportStatisticsPage() {
  const t = useT();
  const { api, taskId, classId } = useReportParams();
  if (!taskId || !classId) return <Empty style={{ marginTop: 80 }} description={t('report.noTask')} />;
  return (
    <div style={{ padding: 8, maxWidth: 640, margin: '0 auto' }}>
      <ClassReportView api={api} taskId={taskId} classId={classId} mode="simple" bare />
    </div>
  );
}
