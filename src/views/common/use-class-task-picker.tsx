import { useEffect, useState } from 'react';
import { Select, Space } from 'antd';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { defaultTask } from './default-task';

/**
 * The class and essay task a screen works on (the teacher's classes, that class's tasks; the first class
 * and the task waiting for review by default, see defaultTask), with the two selects to switch, and the choice reported back for the URL.
 */
export function useClassTaskPicker(opts: {
  api: { classes: ClassesApi; tasks: TasksApi };
  classId?: number;
  taskId?: number;
  onSelect?(taskId: number, classId: number): void;
}) {
  const t = useT();
  const { api } = opts;
  const classes = useAsync(() => api.classes.list({ pageSize: 100 }).then((p) => p.list), [api.classes]);
  const [classId, setClassId] = useState(opts.classId);
  const [taskId, setTaskId] = useState(opts.taskId);
  const klass = classes.data?.find((c) => c.id === classId) ?? classes.data?.[0];
  // The answer carries its class: while another class's tasks (or the empty list before the classes came)
  // are still held, the screen is loading, not "this class has no task".
  const tasks = useAsync(
    () => (klass ? api.tasks.list({ classId: klass.id, pageSize: 100 }).then((p) => ({ classId: klass.id, list: p.list })) : Promise.resolve(null)),
    [api.tasks, klass?.id],
  );
  const taskList = tasks.data && tasks.data.classId === klass?.id ? tasks.data.list : null;
  const task = taskList?.find((x) => x.id === taskId) ?? defaultTask(taskList ?? []);

  useEffect(() => {
    if (task && klass && (task.id !== opts.taskId || klass.id !== opts.classId)) opts.onSelect?.(task.id, klass.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task?.id, klass?.id]);

  const picker = klass && (
    <Space wrap style={{ marginBottom: 12 }}>
      <span>{t('upload.class')}</span>
      <Select
        style={{ minWidth: 160 }}
        aria-label={t('upload.class')}
        value={klass.id}
        onChange={(id) => {
          setClassId(id);
          setTaskId(undefined);
        }}
        options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <span>{t('upload.task')}</span>
      <Select style={{ minWidth: 260 }} aria-label={t('upload.task')} value={task?.id} onChange={setTaskId} options={(taskList ?? []).map((x) => ({ value: x.id, label: x.title }))} data-testid="upload-task" />
    </Space>
  );
  return { klass, task, loading: (classes.loading && !classes.data) || (klass !== undefined && taskList === null && !tasks.error), picker };
}
