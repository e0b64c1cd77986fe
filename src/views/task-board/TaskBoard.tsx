import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { App, Button, Col, Pagination, Row, Select, Space, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ClassItem } from '../../core/api/contracts/classes';
import type { Task } from '../../core/api/contracts/tasks';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { TaskCard } from './TaskCard';
// The statistics dialog (and antd's Table it alone needs here) is fetched on its first opening.
const TaskStatisticsModal = lazy(() => import('./TaskStatisticsModal').then((m) => ({ default: m.TaskStatisticsModal })));
// Styles render with the view (not into the document head), so they reach a widget's shadow root.
import styles from './task-board.css?inline';
import { h5UploadPath, h5Url } from '../../core/domain/h5-links';

export interface TaskBoardProps {
  api: { tasks: TasksApi; classes: ClassesApi };
  /** Class to show; the first class the user teaches when absent. */
  classId?: number;
  /** Hides modify and delete (partner portals that only look). */
  readonly?: boolean;
  /** Origin the upload QR codes point at; the current page's by default. */
  origin?: string;
  onClassChange?(classId: number): void;
  onAssign?(classId: number): void;
  onEdit?(task: Task): void;
  onOpen?(task: Task, classId: number): void;
  /** Review the class's essays waiting for the teacher. */
  onReview?(task: Task, classId: number): void;
  /** Where to create a class when the user has none. */
  onCreateClass?(): void;
  /** Extra buttons for the toolbar (the app adds its scoring-standard button). */
  toolbarExtra?: ReactNode;
  /** Changing it reloads the classes and tasks in place (a widget's refresh() after an approval elsewhere). */
  reloadKey?: number;
  /**
   * A `classId` the user does not teach (unknown, another school's): when given, the board says so and
   * calls this instead of showing the first class (an embedding host must learn its id was wrong).
   */
  onUnknownClass?(classId: number): void;
}

const PAGE_SIZE = 12;

/**
 * The teacher's home task board (product-rules.md#screens /teacherIndex): a class's essay tasks with release time,
 * deadline, upload QR code, detail, modify, delete, statistics, and the submission, AI review and
 * approval counts. Plain props and API clients, so partner portals get it as <zp-task-board>.
 */
export function TaskBoard(props: TaskBoardProps) {
  const t = useT();
  const { modal, message } = App.useApp();
  const { api } = props;
  const classes = useAsync(() => api.classes.list({ pageSize: 100 }).then((p) => p.list), [api.classes, props.reloadKey]);
  const [selected, setSelected] = useState<number | undefined>(props.classId);
  const [page, setPage] = useState(1);
  const [stats, setStats] = useState<Task | null>(null);

  useEffect(() => setSelected(props.classId), [props.classId]);
  const classList: ClassItem[] = classes.data ?? [];
  const unknownClass = props.onUnknownClass && classes.data && selected !== undefined && !classList.some((c) => c.id === selected) ? selected : undefined;
  const current = unknownClass !== undefined ? undefined : (classList.find((c) => c.id === selected) ?? classList[0]);
  const classId = current?.id;
  const { onUnknownClass } = props;
  useEffect(() => {
    if (unknownClass !== undefined) onUnknownClass?.(unknownClass);
    // once per unknown id, not per render of a host's new callback
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unknownClass]);

  const tasks = useAsync(
    () => (classId ? api.tasks.list({ classId, pageNum: page, pageSize: PAGE_SIZE }) : Promise.resolve(null)),
    [api.tasks, classId, page, props.reloadKey],
  );

  const choose = (id: number) => {
    setSelected(id);
    setPage(1);
    props.onClassChange?.(id);
  };
  const remove = (task: Task) =>
    modal.confirm({
      title: t('teaching.delete'),
      content: t('teaching.confirmDelete', { name: task.title }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await api.tasks.remove(task.id);
        void message.success(t('teaching.deleted'));
        await tasks.reload();
      },
    });
  const uploadUrl = (task: Task) =>
    h5Url(props.origin ?? window.location.origin, h5UploadPath({ taskId: task.id, classCode: current?.classCode ?? '' }));

  if (classes.loading && !classes.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (unknownClass !== undefined) return <EmptyState text={t('task.classNotFound', { id: unknownClass })} />;
  if (!current) {
    return (
      <EmptyState
        text={t('task.noClass')}
        action={props.onCreateClass && <Button type="primary" onClick={props.onCreateClass}>{t('class.add')}</Button>}
      />
    );
  }

  const list = tasks.data?.list ?? [];
  return (
    <div className="zp-task-board" part="board" data-testid="task-board">
      <style>{styles}</style>
      <div className="zp-task-board-bar">
        <Space wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('task.board')}
          </Typography.Title>
          <Select
            aria-label={t('task.switchClass')}
            data-testid="class-switch"
            style={{ minWidth: 180 }}
            value={current.id}
            onChange={choose}
            options={classList.map((c) => ({ value: c.id, label: `${c.name}（${c.studentCount}）` }))}
          />
        </Space>
        <Space wrap>
          {props.toolbarExtra}
          {!props.readonly && props.onAssign && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => props.onAssign?.(current.id)} data-testid="assign-task">
              {t('task.assign')}
            </Button>
          )}
        </Space>
      </div>
      <Spin spinning={tasks.loading}>
        {list.length === 0 && !tasks.loading ? (
          <EmptyState
            text={t(props.readonly || !props.onAssign ? 'task.emptyReadonly' : 'task.empty')}
            action={!props.readonly && props.onAssign && <Button type="primary" onClick={() => props.onAssign?.(current.id)}>{t('task.assign')}</Button>}
          />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((task) => (
              <Col key={task.id} xs={24} lg={12} xxl={8}>
                <TaskCard
                  task={task}
                  uploadUrl={uploadUrl(task)}
                  readonly={props.readonly}
                  onOpen={props.onOpen ? (x) => props.onOpen?.(x, current.id) : undefined}
                  onReview={props.onReview ? (x) => props.onReview?.(x, current.id) : undefined}
                  onEdit={props.onEdit}
                  onDelete={remove}
                  onStatistics={setStats}
                />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {(tasks.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={page} pageSize={PAGE_SIZE} total={tasks.data?.total} onChange={setPage} showSizeChanger={false} />
      )}
      {stats && (
        <Suspense fallback={null}>
          <TaskStatisticsModal task={stats} tasks={api.tasks} onClose={() => setStats(null)} />
        </Suspense>
      )}
    </div>
  );
}
