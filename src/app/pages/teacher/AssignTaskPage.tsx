import { useNavigate, useSearchParams } from 'react-router-dom';
import { AssignTaskForm } from '../../../views/assign-task';
import { useApp } from '../../app-context';

/** /teacherIndex/assignTask and /homework/assignTask: assign (or, with ?id=, modify) an essay task. */
export default function AssignTaskPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { tasks, classes, bank, scoring, platform } = useApp();
  const back = () => navigate(-1);
  return (
    <AssignTaskForm
      api={{ tasks, classes, bank, scoring, platform }}
      taskId={Number(params.get('id')) || undefined}
      classId={Number(params.get('classId')) || undefined}
      sourceId={Number(params.get('sourceId')) || undefined}
      onDone={(task) => navigate(`/teacherIndex?classId=${task.classes[0]?.id ?? ''}`, { replace: true })}
      onCancel={back}
    />
  );
}
