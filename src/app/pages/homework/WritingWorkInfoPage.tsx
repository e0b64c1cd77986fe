import { useMemo } from 'react';
import { Button, Card, Empty, Segmented, Space } from 'antd';
import { FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { batchApi } from '../../../core/api/endpoints/batch';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { reviewApi } from '../../../core/api/endpoints/review';
import { TaskDetails } from '../../../views/task-info/TaskDetails';
import { useT } from '../../../views/i18n/i18n-context';
import { WritingList } from '../../../views/writing-list/WritingList';
import { useApp } from '../../app-context';
import { useTaskInfo } from './use-task-info';

/**
 * /homework/writingWorkInfo?taskId=&classId=: one task's work info — its details, then the class
 * essay list with the teacher's tools and statistics. The side menu collapses here (route table),
 * to give the list its width.
 */
export default function WritingWorkInfoPage() {
  const t = useT();
  const navigate = useNavigate();
  const { client, classes, tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client), review: reviewApi(client), batch: batchApi(client) }), [client, classes, tasks]);
  const taskId = Number(params.get('taskId')) || undefined;
  const info = useTaskInfo(taskId);
  const task = info.data?.task;
  const classId = Number(params.get('classId')) || task?.classes[0]?.id;

  if (!taskId) return <Empty description={t('taskInfo.pickTask')} />;
  if (info.loading && !task) return <Card loading />;
  if (!task || !classId) return <Empty description={t('taskInfo.notFound')} />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="work-info">
      <Card>
        <TaskDetails
          task={task}
          genreLabel={info.data?.genreLabel}
          extra={
            <Space wrap>
              <Button icon={<FileSearchOutlined />} onClick={() => navigate(`/correctRemark?taskId=${task.id}`)}>
                {t('page.correctRemark')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => navigate(`/homework/writingUploadIndex?taskId=${task.id}&classId=${classId}`)}>
                {t('page.writingUploadIndex')}
              </Button>
            </Space>
          }
        />
        {task.classes.length > 1 && (
          <Segmented
            style={{ marginTop: 12 }}
            value={classId}
            onChange={(id) => setParams({ taskId: String(task.id), classId: String(id) }, { replace: true })}
            options={task.classes.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="work-info-classes"
          />
        )}
      </Card>
      <WritingList
        key={`${task.id}-${classId}`}
        api={api}
        taskId={task.id}
        classId={classId}
        hidePicker
        onOpenStudent={() => navigate(`/homework/writingUploadIndex?taskId=${task.id}&classId=${classId}`)}
        onOpenEssay={(essayId) => navigate(`/homework/correctComment?essayId=${essayId}`)}
        onBatchReview={(tid, cid, essayIds) => navigate(`/homework/situation/Review?taskId=${tid}&classId=${cid}&essayIds=${essayIds.join(',')}`)}
      />
    </Space>
  );
}
