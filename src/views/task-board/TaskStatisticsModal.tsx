import { Modal, Progress, Table } from 'antd';
import type { StatusCounts, Task } from '../../core/api/contracts/tasks';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';

/** Per-class counts of a task: students, submitted, abnormal, AI review, approval. */
export function TaskStatisticsModal({ task, tasks, onClose }: { task: Task; tasks: TasksApi; onClose(): void }) {
  const t = useT();
  const { data, loading } = useAsync(() => tasks.statistics(task.id), [task.id, tasks]);
  const pct = (n: number, c: StatusCounts) => (c.students ? Math.round((n / c.students) * 100) : 0);
  const rows = data ? [...data.classes.map((c) => ({ key: c.classId, name: c.className, ...c })), { key: 0, name: t('teaching.all'), ...data.totals }] : [];
  return (
    <Modal open title={t('task.statsTitle', { title: task.title })} onCancel={onClose} footer={null} width={760}>
      <Table
        size="small"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('teaching.className'), dataIndex: 'name' },
          { title: t('task.students'), dataIndex: 'students' },
          { title: t('task.submitted'), render: (_, c) => <Progress size="small" percent={pct(c.submitted, c)} format={() => c.submitted} /> },
          { title: t('task.aiReviewed'), dataIndex: 'aiCorrected' },
          { title: t('label.pendingReview'), dataIndex: 'aiDone' },
          { title: t('task.approved'), dataIndex: 'approved' },
          { title: t('label.awaitingRevision'), dataIndex: 'revisionRequested' },
          { title: t('task.abnormal'), dataIndex: 'abnormal' },
          { title: t('task.notSubmitted'), dataIndex: 'notSubmitted' },
        ]}
      />
    </Modal>
  );
}
