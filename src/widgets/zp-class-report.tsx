import { useMemo } from 'react';
import type { ApiClient } from '../core/api/client';
import type { ClassReport, ReportMode } from '../core/api/contracts/class-report';
import { classReportApi } from '../core/api/endpoints/class-report';
import { ClassReportView } from '../views/class-report';
import { widgetElement } from './define-widget';
import { apiBaseUrl } from './widget-client';
import { emit } from './widget-events';
import { refusable, useRefuse } from './widget-refusal';
import { WidgetShell, type WidgetBaseProps } from './widget-shell';

interface Props extends WidgetBaseProps {
  taskId?: number;
  classId?: number;
  mode?: string;
}

/** Essay page links come as paths on zhipi's origin; on a partner's page they must point at zhipi. */
function withAbsolutePages(report: ClassReport, apiBase: string | undefined): ClassReport {
  if (!report.studentPages) return report;
  const base = apiBaseUrl(apiBase);
  const absolute = (url: string) => (url.startsWith('/correction-api/') ? base + url.slice('/correction-api'.length) : url);
  return { ...report, studentPages: report.studentPages.map((p) => ({ ...p, pages: p.pages.map((img) => ({ ...img, url: absolute(img.url) })) })) };
}

/** The report of the ids the element was mounted with (the shell mounts it anew for other ids). */
function Report({ client, host, props }: { client: ApiClient; host: Element; props: Props }) {
  const refuse = useRefuse();
  const api = useMemo(() => {
    const raw = classReportApi(client);
    return { ...raw, data: refusable(refuse, async (body: Parameters<typeof raw.data>[0]) => withAbsolutePages(await raw.data(body), props.apiBase)) };
  }, [client, props.apiBase, refuse]);
  const mode: ReportMode | undefined = props.mode === 'simple' || props.mode === 'full' ? props.mode : undefined;
  if (!props.taskId || !props.classId) return null;
  return (
    <ClassReportView
      api={api}
      taskId={props.taskId}
      classId={props.classId}
      mode={mode}
      onModeChange={(m) => emit(host, 'zp-navigate', { to: 'report', taskId: props.taskId, classId: props.classId, mode: m })}
      onOpenEssay={(essayId) => emit(host, 'zp-navigate', { to: 'essay', essayId })}
    />
  );
}

function ClassReportElement(props: Props) {
  return (
    <WidgetShell element="zp-class-report" props={props} viewKey={`${props.taskId ?? ''}|${props.classId ?? ''}`}>
      {(client, host) => <Report client={client} host={host} props={props} />}
    </WidgetShell>
  );
}

/**
 * `<zp-class-report>`: the class report of a task (simple or full) for partner portals.
 * Attributes: api-base, token | sso-ticket + partner-id, lang, class-id, task-id, mode="simple|full";
 * property theme (JSON). Events: zp-ready, zp-error, zp-auth-expired, zp-navigate.
 */
export class ZpClassReport extends widgetElement(ClassReportElement, {
  apiBase: 'string',
  token: 'secret',
  ssoTicket: 'secret',
  partnerId: 'string',
  lang: 'string',
  classId: 'number',
  taskId: 'number',
  mode: 'string',
  theme: 'json',
}) {}
