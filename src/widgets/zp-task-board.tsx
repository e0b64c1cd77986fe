import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../core/api/client';
import { classesApi } from '../core/api/endpoints/classes';
import { tasksApi } from '../core/api/endpoints/tasks';
import { TaskBoard } from '../views/task-board';
import { useT } from '../views/i18n/i18n-context';
import { hostHandle, setHostHandle, widgetElement } from './define-widget';
import { emit } from './widget-events';
import { WidgetShell, type WidgetBaseProps } from './widget-shell';

interface Props extends WidgetBaseProps {
  classId?: number;
  readonly?: boolean;
}

function Board({ client, host, props }: { client: ApiClient; host: Element; props: Props }) {
  const t = useT();
  const api = useMemo(() => ({ tasks: tasksApi(client), classes: classesApi(client) }), [client]);
  const [reloadKey, setReloadKey] = useState(0);
  // refresh() reaches the live tree through the host's handle; gone with the tree.
  useEffect(() => {
    setHostHandle(host, { refresh: () => setReloadKey((k) => k + 1) });
    return () => setHostHandle(host, null);
  }, [host]);
  return (
    <TaskBoard
      api={api}
      classId={props.classId}
      readonly={props.readonly}
      reloadKey={reloadKey}
      origin={props.apiBase?.replace(/\/+$/, '') || undefined}
      onClassChange={(classId) => emit(host, 'zp-navigate', { to: 'class', classId })}
      onOpen={(task, classId) => emit(host, 'zp-task-open', { taskId: task.id, classId, title: task.title })}
      onAssign={props.readonly ? undefined : (classId) => emit(host, 'zp-navigate', { to: 'assignTask', classId })}
      onEdit={(task) => emit(host, 'zp-navigate', { to: 'assignTask', taskId: task.id })}
      onUnknownClass={(classId) => emit(host, 'zp-error', { code: 'CLASS_NOT_FOUND', message: t('task.classNotFound', { id: classId }) })}
    />
  );
}

function TaskBoardElement(props: Props) {
  return (
    <WidgetShell element="zp-task-board" props={props}>
      {(client, host) => <Board client={client} host={host} props={props} />}
    </WidgetShell>
  );
}

/**
 * `<zp-task-board>`: the teacher's class essay tasks (the app's teacher home) for partner portals.
 * Attributes: api-base, token | sso-ticket + partner-id, lang, class-id, readonly; property theme (JSON).
 * Events: zp-ready, zp-error, zp-auth-expired, zp-task-open, zp-navigate. Method: refresh().
 */
export class ZpTaskBoard extends widgetElement(TaskBoardElement, {
  apiBase: 'string',
  token: 'secret',
  ssoTicket: 'secret',
  partnerId: 'string',
  lang: 'string',
  classId: 'number',
  readonly: 'boolean',
  theme: 'json',
}) {
  /** Reloads the classes and tasks in place, e.g. after the host saw zp-approved from a correction panel. */
  refresh(): void {
    hostHandle(this)?.refresh?.();
  }
}
