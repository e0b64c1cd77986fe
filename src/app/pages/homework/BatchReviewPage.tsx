import { useMemo } from 'react';
import { Button, Card, Empty, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { essaysApi } from '../../../core/api/endpoints/essays';
import { reviewApi } from '../../../core/api/endpoints/review';
import { BatchReview } from '../../../views/batch-review/BatchReview';
import { useClassTaskPicker } from '../../../views/common/use-class-task-picker';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';

/** /homework/situation/Review?taskId=&classId=[&essayIds=]: approve many AI-reviewed essays after a quick look. */
export default function BatchReviewPage() {
  const t = useT();
  const navigate = useNavigate();
  const { client, classes, tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => ({ classes, tasks, essays: essaysApi(client), review: reviewApi(client) }), [client, classes, tasks]);
  const essayIds = useMemo(
    () =>
      (params.get('essayIds') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    [params],
  );
  const { klass, task, loading, picker } = useClassTaskPicker({
    api,
    taskId: Number(params.get('taskId')) || undefined,
    classId: Number(params.get('classId')) || undefined,
    onSelect: (taskId, classId) => {
      // another task or class: the selection from the list no longer applies
      const same = String(taskId) === params.get('taskId') && String(classId) === params.get('classId');
      setParams({ taskId: String(taskId), classId: String(classId), ...(same && essayIds.length ? { essayIds: essayIds.join(',') } : {}) }, { replace: true });
    },
  });

  return (
    <Card
      loading={loading}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(`/homework/situation/writinglist${task && klass ? `?taskId=${task.id}&classId=${klass.id}` : ''}`)} aria-label={t('batchReview.back')} />
          {t('page.review')}
        </Space>
      }
    >
      {picker}
      {task && klass ? (
        <BatchReview api={api} taskId={task.id} classId={klass.id} essayIds={essayIds} onOpenEssay={(id) => navigate(`/homework/correctComment?essayId=${id}`)} />
      ) : (
        !loading && <Empty description={t('upload.noTask')} />
      )}
    </Card>
  );
}
