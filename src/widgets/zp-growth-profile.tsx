import { useMemo, useState } from 'react';
import type { ApiClient } from '../core/api/client';
import { classesApi } from '../core/api/endpoints/classes';
import { growthApi } from '../core/api/endpoints/growth';
import { GrowthProfile, GrowthTable } from '../views/growth-profile';
import { widgetElement } from './define-widget';
import { emit } from './widget-events';
import { refusable, useRefuse } from './widget-refusal';
import { WidgetShell, type WidgetBaseProps } from './widget-shell';

interface Props extends WidgetBaseProps {
  studentId?: number;
  classId?: number;
  semester?: string;
}

/**
 * With student-id: that student's profile. With only class-id: the class's growth table; a student
 * opened there fires zp-navigate { to: 'growthProfile', studentId, semesterId } and, unless the host
 * cancels it, opens inside the element (with a way back to the table).
 */
function Growth({ client, host, props }: { client: ApiClient; host: Element; props: Props }) {
  const refuse = useRefuse();
  const api = useMemo(() => {
    const growth = growthApi(client);
    return { growth: { ...growth, page: refusable(refuse, growth.page), profile: refusable(refuse, growth.profile) }, classes: classesApi(client) };
  }, [client, refuse]);
  // the shell mounts this anew when student-id, class-id or semester change: a student opened here is forgotten
  const [opened, setOpened] = useState<{ studentId: number; semesterId: string } | null>(null);
  const studentId = props.studentId ?? opened?.studentId;
  if (studentId)
    return (
      <GrowthProfile
        api={api.growth}
        studentId={studentId}
        semesterId={props.studentId ? props.semester : opened?.semesterId}
        onBack={opened && !props.studentId ? () => setOpened(null) : undefined}
      />
    );
  return (
    <GrowthTable
      api={api}
      classId={props.classId}
      semesterId={props.semester}
      onOpen={(r) => {
        if (emit(host, 'zp-navigate', { to: 'growthProfile', studentId: r.studentId, semesterId: r.semesterId }, { cancelable: true })) setOpened({ studentId: r.studentId, semesterId: r.semesterId });
      }}
    />
  );
}

function GrowthProfileElement(props: Props) {
  return (
    <WidgetShell element="zp-growth-profile" props={props} viewKey={`${props.studentId ?? ''}|${props.classId ?? ''}|${props.semester ?? ''}`}>
      {(client, host) => <Growth client={client} host={host} props={props} />}
    </WidgetShell>
  );
}

/**
 * `<zp-growth-profile>`: a student's writing growth profile (score trend, 错字本, good sentences,
 * comments), or a class's growth table, for partner portals.
 * Attributes: api-base, token | sso-ticket + partner-id, lang, student-id, class-id, semester
 * (`id_year_term`); property theme (JSON). Events: zp-ready, zp-error, zp-auth-expired, zp-navigate.
 */
export class ZpGrowthProfile extends widgetElement(GrowthProfileElement, {
  apiBase: 'string',
  token: 'secret',
  ssoTicket: 'secret',
  partnerId: 'string',
  lang: 'string',
  studentId: 'number',
  classId: 'number',
  semester: 'string',
  theme: 'json',
}) {}
