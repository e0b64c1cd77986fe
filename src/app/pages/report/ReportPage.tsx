import { Button, Empty } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ClassReportView } from '../../../views/class-report';
import { ParentLinksPanel } from '../../../views/class-report/ParentLinksPanel';
import { useT } from '../../../views/i18n/i18n-context';
import { useReportParams } from './use-report-params';

/** /report?taskId=&classId=&mode=: the class report (opened from the writing list and the task board). */
export default function ReportPage() {
  const t = useT();
  const navigate = useNavigate();
  const { api, taskId, classId, mode, params, setParams } = useReportParams();
  if (!taskId || !classId) return <Empty style={{ marginTop: 80 }} description={t('report.noTask')} />;
  return (
    <div className="zp-report-page" style={{ padding: '16px clamp(8px, 3vw, 32px)', background: '#f5f5f5', minHeight: '100vh' }}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(`/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`)}>
        {t('page.writingList')}
      </Button>
      <ClassReportView
        api={api}
        taskId={taskId}
        classId={classId}
        mode={mode}
        onModeChange={(m) => {
          const next = new URLSearchParams(params);
          next.set('mode', m);
          setParams(next, { replace: true });
          void api.config({ mode: m }).catch(() => undefined);
        }}
        onOpenEssay={(essayId) => navigate(`/homework/correctComment?essayId=${essayId}`)}
      />
      <ParentLinksPanel api={api} classId={classId} />
    </div>
  );
}
