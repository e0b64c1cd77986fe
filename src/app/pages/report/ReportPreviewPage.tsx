import { Button, Empty } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { ClassReportView } from '../../../views/class-report';
import { useT } from '../../../views/i18n/i18n-context';
import { useReportParams } from './use-report-params';

/** /report/Preview?taskId=&classId=&mode=: the report without the tools, ready to print. */
export default function ReportPreviewPage() {
  const t = useT();
  const { api, taskId, classId, mode } = useReportParams();
  if (!taskId || !classId) return <Empty style={{ marginTop: 80 }} description={t('report.noTask')} />;
  return (
    <div style={{ padding: 16, maxWidth: 1000, margin: '0 auto' }}>
      <Button className="zp-no-print" icon={<PrinterOutlined />} onClick={() => window.print()} style={{ float: 'right' }}>
        {t('page.reportPreview')}
      </Button>
      <ClassReportView api={api} taskId={taskId} classId={classId} mode={mode} bare />
    </div>
  );
}
