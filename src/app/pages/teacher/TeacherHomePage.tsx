import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TaskBoard } from '../../../views/task-board';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

// the scoring standard's form loads when the teacher opens it, not with the task board
const ScoringStandardModal = lazy(() => import('../../../views/scoring/ScoringStandardModal').then((m) => ({ default: m.ScoringStandardModal })));

/** Teacher home (/teacherIndex): the class essay task board. */
export default function TeacherHomePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const t = useT();
  const { tasks, classes, scoring } = useApp();
  const [scoringOpen, setScoringOpen] = useState(false);
  const classId = Number(params.get('classId')) || undefined;
  return (
    <>
      {scoringOpen && (
        <Suspense fallback={null}>
          <ScoringStandardModal scoring={scoring} onClose={() => setScoringOpen(false)} onSaved={() => window.location.reload()} />
        </Suspense>
      )}
      <TaskBoard
      api={{ tasks, classes }}
      classId={classId}
      onClassChange={(id) => setParams({ classId: String(id) }, { replace: true })}
      onAssign={(id) => navigate(`/teacherIndex/assignTask?classId=${id}`)}
      onEdit={(task) => navigate(`/teacherIndex/assignTask?id=${task.id}`)}
      onOpen={(task, id) => navigate(`/homework/situation/writinglist?taskId=${task.id}&classId=${id}`)}
      onReview={(task, id) => navigate(`/homework/correctComment?taskId=${task.id}&classId=${id}`)}
      onCreateClass={() => navigate('/class/index')}
      toolbarExtra={
        <Button icon={<SettingOutlined />} onClick={() => setScoringOpen(true)} data-testid="scoring-open">
          {t('scoring.title')}
        </Button>
      }
      />
    </>
  );
}
