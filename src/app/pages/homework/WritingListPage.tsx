import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { reviewApi } from '../../../core/api/endpoints/review';
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
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client), review: reviewApi(client) }), [client, classes, tasks]);
  return (
    <WritingList
      api={api}
      taskId={Number(params.get('taskId')) || undefined}
      classId={Number(params.get('classId')) || undefined}
      onSelect={(taskId, classId) => setParams({ taskId: String(taskId), classId: String(classId) }, { replace: true })}
      onOpenStudent={(_row, taskId, classId) => navigate(`/homework/writingUploadIndex?taskId=${taskId}&classId=${classId}`)}
      onOpenEssay={(essayId) => navigate(`/homework/correctComment?essayId=${essayId}`)}
      onBatchReview={(taskId, classId, essayIds) => navigate(`/homework/situation/Review?taskId=${taskId}&classId=${classId}&essayIds=${essayIds.join(',')}`)}
    />
  );
}
