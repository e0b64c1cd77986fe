import { useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { TaskDetails } from '../../../views/task-info/TaskDetails';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { AiReviewModal } from '../../header/AiReviewModal';
import { useTaskInfo } from './use-task-info';

/**
 * /correctRemark?taskId=: the review requirements of a task (writing requirements, guidance, scoring
 * standard with its score type and dimensions, the AI review delay). Not cached: it always shows the
 * task as it is now.
 */
export default function CorrectRemarkPage() {
  const t = useT();
  const { tasks } = useApp();
  const [params, setParams] = useSearchParams();
  const taskId = Number(params.get('taskId')) || undefined;
  const [aiOpen, setAiOpen] = useState(false);
  const info = useTaskInfo(taskId);
  const choices = useAsync(() => tasks.list({ pageSize: 100 }).then((p) => p.list), [tasks]);

  return (
    <Card
      title={t('page.correctRemark')}
      data-testid="correct-remark"
      extra={
        <Select
          style={{ minWidth: 260 }}
          placeholder={t('taskInfo.pickTask')}
          value={taskId}
          loading={choices.loading}
          onChange={(id: number) => setParams({ taskId: String(id) })}
          options={(choices.data ?? []).map((x) => ({ value: x.id, label: x.title }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      }
    >
      {!taskId ? (
        <Empty description={t('taskInfo.pickTask')} />
      ) : info.loading && !info.data ? (
        <Card loading variant="borderless" />
      ) : !info.data ? (
        <Empty description={t('taskInfo.notFound')} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('task.requirementsWarn')} />
          <TaskDetails
            task={info.data.task}
            genreLabel={info.data.genreLabel}
            scoring={info.data.scoring}
            aiConfig={info.data.aiConfig}
            full
            extra={
              <Button icon={<SettingOutlined />} onClick={() => setAiOpen(true)}>
                {t('header.setAiReview')}
              </Button>
            }
          />
        </Space>
      )}
      {aiOpen && (
        <AiReviewModal
          open
          onClose={() => {
            setAiOpen(false);
            void info.reload();
          }}
        />
      )}
    </Card>
  );
}
