import r2wc from '@r2wc/react-to-web-component';
import { useMemo } from 'react';
import { classesApi } from '../core/api/endpoints/classes';
import { tasksApi } from '../core/api/endpoints/tasks';
import { TaskBoard } from '../views/task-board';
import { emit, WidgetShell, type WidgetBaseProps } from './widget-shell';

interface Props extends WidgetBaseProps {
  classId?: number;
  readonly?: boolean;
}

function TaskBoardElement(props: Props) {
  return (
    <WidgetShell props={props}>
      {(client) => <Board client={client} props={props} />}
    </WidgetShell>
  );
}

function Board({ client, props }: { client: import('../core/api/client').ApiClient; props: Props }) {
  const api = useMemo(() => ({ tasks: tasksApi(client), classes: classesApi(client) }), [client]);
  return (
    <TaskBoard
      api={api}
      classId={props.classId}
      readonly={props.readonly}
      origin={props.apiBase || undefined}
      onClassChange={(classId) => emit(props.container, 'zp-navigate', { to: 'class', classId })}
      onOpen={(task, classId) => emit(props.container, 'zp-task-open', { taskId: task.id, classId, title: task.title })}
      onAssign={props.readonly ? undefined : (classId) => emit(props.container, 'zp-navigate', { to: 'assignTask', classId })}
      onEdit={(task) => emit(props.container, 'zp-navigate', { to: 'assignTask', taskId: task.id })}
    />
  );
}

/**
 * `<zp-task-board api-base token lang class-id readonly>`: the teacher home task board for partner
 * portals. Events: zp-ready, zp-error, zp-auth-expired, zp-task-open, zp-navigate.
 */
export const ZpTaskBoard = r2wc(TaskBoardElement, {
  shadow: 'open',
  props: { apiBase: 'string', token: 'string', lang: 'string', classId: 'number', readonly: 'boolean' },
});
