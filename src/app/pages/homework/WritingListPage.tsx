import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { batchApi } from '../../../core/api/endpoints/batch';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { reviewApi } from '../../../core/api/endpoints/review';
import { samplesApi } from '../../../core/api/endpoints/samples';
import { ProposeSampleButton } from '../../../views/samples/ProposeSampleButton';
import { WritingList } from '../../../views/writing-list/WritingList';
import { useApp } from '../../app-context';

/**
 * /homework/situation and /homework/situation/writinglist: a task's class essay list with the
 * teacher's tools; essays open in the correction panel, batch review on /homework/situation/Review.
 */
export default function WritingListPage() {
  const navigate = useNavigate();
  const { client, classes, tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client), review: reviewApi(client), batch: batchApi(client) }), [client, classes, tasks]);
  const samples = useMemo(() => samplesApi(client), [client]);
  // The list page is cached (kept mounted while its tab is open): when the teacher comes back from
  // the correction panel or batch review, reload so approvals and new scores show.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  const [refreshKey, setRefreshKey] = useState(0);
  const active = pathname === here.current;
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setRefreshKey((k) => k + 1);
    wasActive.current = active;
  }, [active]);
  return (
    <WritingList
      api={api}
      refreshKey={refreshKey}
      taskId={Number(params.get('taskId')) || undefined}
      classId={Number(params.get('classId')) || undefined}
      onSelect={(taskId, classId) => setParams({ taskId: String(taskId), classId: String(classId) }, { replace: true })}
      onOpenStudent={(row, taskId, classId) => navigate(`/homework/writingUploadIndex?taskId=${taskId}&classId=${classId}&studentId=${row.studentId}`)}
      onOpenEssay={(essayId) => navigate(`/homework/correctComment?essayId=${essayId}`)}
      onOpenReport={(taskId, classId) => navigate(`/report?taskId=${taskId}&classId=${classId}`)}
      rowExtra={(e) => e.status === 'approved' && <ProposeSampleButton api={samples} essayId={e.id} approved type="link" size="small" onOpenSample={(id) => navigate(`/excellentArticle/edit?id=${id}`)} />}
      onBatchReview={(taskId, classId, essayIds) => navigate(`/homework/situation/Review?taskId=${taskId}&classId=${classId}&essayIds=${essayIds.join(',')}`)}
    />
  );
}
