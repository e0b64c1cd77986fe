import { useEffect, useMemo, type CSSProperties } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Spin } from 'antd';
import { commentLibraryApi } from '../../../core/api/endpoints/comment-library';
import { correctionApi } from '../../../core/api/endpoints/correction';
import { reviewApi } from '../../../core/api/endpoints/review';
import { samplesApi } from '../../../core/api/endpoints/samples';
import { ProposeSampleButton } from '../../../views/samples/ProposeSampleButton';
import { EmptyState } from '../../../views/common/EmptyState';
import { CorrectionPanel } from '../../../views/correction-panel/CorrectionPanel';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { useFirstPendingEssay } from './use-first-pending-essay';

/**
 * The correction panel as an app page (?essayId=): previous / next classmate change the query, a long
 * AI run sends the teacher back to where they came from (product-rules.md#states), re-upload opens the upload screen.
 * `top` is the viewport height above the panel's body in this layout (header, tabs, breadcrumb).
 */
export function CorrectionPanelPage({ mode, top }: { mode: 'review' | 'ai'; top: number }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { client } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ review: reviewApi(client), correction: correctionApi(client), library: commentLibraryApi(client) }), [client]);
  const samples = useMemo(() => samplesApi(client), [client]);
  const essayId = Number(params.get('essayId')) || 0;
  // ?taskId=&classId= without an essay (the task board's 批改): the first essay waiting for review.
  const firstPending = useFirstPendingEssay(client, essayId ? 0 : Number(params.get('taskId')) || 0, essayId ? 0 : Number(params.get('classId')) || 0);
  useEffect(() => {
    if (!essayId && firstPending) setParams((p) => ({ ...Object.fromEntries(p), essayId: String(firstPending) }), { replace: true });
  }, [essayId, firstPending, setParams]);

  if (!essayId && firstPending !== null) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!essayId) {
    return <EmptyState text={t('panel.missingEssay')} action={<Button type="primary" onClick={() => navigate('/homework/situation')}>{t('panel.backToList')}</Button>} />;
  }
  return (
    <div style={{ '--zp-cp-top': `${top}px` } as CSSProperties}>
      <CorrectionPanel
        api={api}
        essayId={essayId}
        mode={mode}
        onNavigate={(id) => setParams((p) => ({ ...Object.fromEntries(p), essayId: String(id) }))}
        onClose={() => (location.key !== 'default' ? navigate(-1) : navigate('/homework/situation'))}
        onReupload={(e) => navigate(`/homework/writingUploadIndex?taskId=${e.taskId}&classId=${e.classId}`)}
        headerExtra={(e) => mode === 'review' && <ProposeSampleButton api={samples} essayId={e.essayId} approved={e.approved} onOpenSample={(id) => navigate(`/excellentArticle/edit?id=${id}`)} />}
      />
    </div>
  );
}
