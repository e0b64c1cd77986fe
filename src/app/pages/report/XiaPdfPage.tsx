import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Progress, Result } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useT } from '../../../views/i18n/i18n-context';
import { safeFileName } from '../../../views/writing-list/ExportButton';
import { useReportParams } from './use-report-params';

/** /XiaPdf?taskId=&classId=&mode=: builds the class report PDF on the server and downloads it. */
export default function XiaPdfPage() {
  const t = useT();
  const { api, taskId, classId, mode } = useReportParams();
  const [state, setState] = useState<{ percent: number; url?: string; failed?: boolean }>({ percent: 0 });
  const started = useRef(false);
  useEffect(() => {
    if (!taskId || !classId || started.current) return;
    started.current = true;
    // The server answers in a few seconds; the bar moves towards 90 % meanwhile and completes on arrival.
    const tick = window.setInterval(() => setState((s) => (s.url || s.failed ? s : { percent: Math.min(90, s.percent + 7) })), 400);
    api
      .pdf(taskId, classId, mode ?? 'full')
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        setState({ percent: 100, url });
        const a = document.createElement('a');
        a.href = url;
        a.download = `${safeFileName(t('report.title'))}.pdf`;
        a.click();
      })
      .catch(() => setState({ percent: 0, failed: true }))
      .finally(() => window.clearInterval(tick));
    return () => window.clearInterval(tick);
  }, [api, taskId, classId, mode, t]);
  if (!taskId || !classId) return <Empty style={{ marginTop: 80 }} description={t('report.noTask')} />;
  if (state.failed) return <Result status="error" title={t('report.pdfFailed')} />;
  return (
    <div style={{ maxWidth: 480, margin: '80px auto', textAlign: 'center' }} data-testid="xia-pdf">
      <FilePdfOutlined style={{ fontSize: 48, color: '#c21939' }} />
      <p>{state.url ? t('report.downloadPdf') : t('report.pdfBuilding')}</p>
      <Progress percent={state.percent} status={state.url ? 'success' : 'active'} />
      {state.url && (
        <Button type="primary" href={state.url} download={`${safeFileName(t('report.title'))}.pdf`}>
          {t('report.downloadPdf')}
        </Button>
      )}
    </div>
  );
}
