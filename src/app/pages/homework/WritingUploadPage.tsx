import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { batchApi } from '../../../core/api/endpoints/batch';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { UploadWorkspace } from '../../../views/upload';
import { useApp } from '../../app-context';

/** /homework/writingUploadIndex and /homework/writingUploadInfo: upload a task's essays (`studentId`: open that student's pages at once). */
export default function WritingUploadPage() {
  const { client, classes, tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client), batch: batchApi(client) }), [client, classes, tasks]);
  return (
    <UploadWorkspace
      client={client}
      api={api}
      taskId={Number(params.get('taskId')) || undefined}
      classId={Number(params.get('classId')) || undefined}
      studentId={Number(params.get('studentId')) || undefined}
      onSelect={(taskId, classId) => setParams({ taskId: String(taskId), classId: String(classId) }, { replace: true })}
    />
  );
}
