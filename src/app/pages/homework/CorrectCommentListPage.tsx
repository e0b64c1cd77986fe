import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { CorrectionList } from '../../../views/correction-panel/CorrectionList';
import { useApp } from '../../app-context';

/** /homework/correctCommentList?taskId=&classId=: the class's essays of a task; one opens the correction panel. */
export default function CorrectCommentListPage() {
  const navigate = useNavigate();
  const { client, classes, tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client) }), [client, classes, tasks]);
  return (
    <CorrectionList
      api={api}
      taskId={Number(params.get('taskId')) || undefined}
      classId={Number(params.get('classId')) || undefined}
      onSelect={(taskId, classId) => setParams({ taskId: String(taskId), classId: String(classId) }, { replace: true })}
      onOpen={(essayId) => navigate(`/homework/correctComment?essayId=${essayId}`)}
    />
  );
}
