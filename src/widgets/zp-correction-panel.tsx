import { useMemo, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { ApiClient } from '../core/api/client';
import type { ReviewWorkspace } from '../core/api/contracts/review';
import { commentLibraryApi } from '../core/api/endpoints/comment-library';
import { correctionApi } from '../core/api/endpoints/correction';
import { essaysApi } from '../core/api/endpoints/essays';
import { reviewApi } from '../core/api/endpoints/review';
import { CorrectionPanel, type PanelApi } from '../views/correction-panel';
import { useAsync } from '../views/hooks/use-async';
import { useT } from '../views/i18n/i18n-context';
import { widgetElement } from './define-widget';
import { apiBaseUrl } from './widget-client';
import { emit } from './widget-events';
import { refusable, useRefuse } from './widget-refusal';
import { WidgetShell, type WidgetBaseProps } from './widget-shell';

interface Props extends WidgetBaseProps {
  essayId?: number;
  taskId?: number;
  classId?: number;
  readonly?: boolean;
  mode?: string;
}

type Opened = Pick<ReviewWorkspace['essay'], 'id' | 'taskId' | 'classId' | 'studentId' | 'studentName'>;

/**
 * The server links essay pages as paths on its own origin (/correction-api/file-service/…); on a
 * partner's page those must point at zhipi, not at the portal.
 */
function pagesOnZhipi(ws: ReviewWorkspace, apiBase: string | undefined): ReviewWorkspace {
  if (!apiBase?.trim()) return ws;
  const base = apiBaseUrl(apiBase);
  const absolute = (url: string) => (url.startsWith('/correction-api/') ? base + url.slice('/correction-api'.length) : url);
  return { ...ws, essay: { ...ws.essay, pages: ws.essay.pages.map((p) => ({ ...p, url: absolute(p.url) })) } };
}

/**
 * The essay each panel last announced, and to whom: the view mounted again for the same user (a
 * renewal by a new launch) does not announce the same essay again; another user's view does.
 */
const announced = new WeakMap<Element, { user: number | null; essay: Opened }>();

/**
 * The panel's API with two wraps: page links point at zhipi (see above), and each workspace it loads
 * tells the host which essay is open — zp-essay-open once per essay shown: not again when the same
 * essay is fetched again (a new token, language or client re-fetches it), never for an answer about an
 * essay the panel has already left — and remembers task and class for zp-approved. A refused essay
 * replaces the panel by the server's message.
 */
function useObservedApi(client: ApiClient, host: Element, user: number | null, apiBase: string | undefined, shown: { current: number | null | undefined }) {
  const opened = useMemo(
    () => ({
      get current(): Opened | null {
        const last = announced.get(host);
        return last && user !== null && last.user === user ? last.essay : null;
      },
      set current(essay: Opened | null) {
        if (essay) announced.set(host, { user, essay });
        else announced.delete(host);
      },
    }),
    [host, user],
  );
  const refuse = useRefuse();
  const api = useMemo<PanelApi>(() => {
    const review = reviewApi(client);
    const load = refusable(refuse, review.workspace);
    return {
      review: {
        ...review,
        workspace: async (essayId: number) => {
          const ws = pagesOnZhipi(await load(essayId), apiBase);
          if (ws.essay.id === shown.current && opened.current?.id !== ws.essay.id) {
            opened.current = ws.essay;
            emit(host, 'zp-essay-open', { essayId: ws.essay.id, taskId: ws.essay.taskId, classId: ws.essay.classId, studentId: ws.essay.studentId, studentName: ws.essay.studentName });
          }
          return ws;
        },
        saveTranscript: async (body) => pagesOnZhipi(await review.saveTranscript(body), apiBase),
      },
      correction: correctionApi(client),
      library: commentLibraryApi(client),
    };
  }, [client, host, apiBase, refuse, shown, opened]);
  return { api, opened };
}

/**
 * The essay the attributes ask for, with the request it answers (`key`): essay-id at once (no lookup,
 * so a host mirroring zp-essay-open into essay-id never sees an older answer), else for task-id +
 * class-id the class list's first essay waiting for review (AI done), else its first essay — an answer
 * for an earlier pair is never taken for the current one.
 */
function useRequestedEssay(client: ApiClient, props: Props): { key: string; essayId: number | null; loading: boolean } {
  const { essayId, taskId, classId } = props;
  const refuse = useRefuse();
  const byTask = !essayId && taskId && classId ? `task:${taskId}:${classId}` : null;
  const first = useAsync(async () => {
    if (!byTask || !taskId || !classId) return null;
    const list = await refusable(refuse, essaysApi(client).list)(taskId, classId);
    const essays = list.students.flatMap((s) => s.essays);
    return { key: byTask, essayId: (essays.find((e) => e.status === 'ai_done') ?? essays[0])?.id ?? null };
  }, [client, byTask, taskId, classId, refuse]);
  if (essayId) return { key: `essay:${essayId}`, essayId, loading: false };
  if (!byTask) return { key: 'none', essayId: null, loading: false };
  const answered = first.data?.key === byTask ? first.data : null;
  return { key: byTask, essayId: answered?.essayId ?? null, loading: !answered };
}

function Panel({ client, host, user, props }: { client: ApiClient; host: Element; user: number | null; props: Props }) {
  const t = useT();
  // the essay asked for now (undefined before the first render)
  const shown = useRef<number | null | undefined>(undefined);
  const { api, opened } = useObservedApi(client, host, user, props.apiBase, shown);
  const requested = useRequestedEssay(client, props);
  // Each new request by the host counts, also one back to an id it asked for before (3, next → 4,
  // 6, 3 shows 3): previous / next moves away only from the request it was pressed under.
  const [request, setRequest] = useState({ key: requested.key, writes: 0 });
  if (request.key !== requested.key) setRequest({ key: requested.key, writes: request.writes + 1 });
  const [moved, setMoved] = useState<{ writes: number; essayId: number } | null>(null);
  const essayId = moved?.writes === request.writes ? moved.essayId : requested.essayId;
  // Another essay asked for: the next answer for it is announced, also when it is one shown before (1, 2, 1).
  if (shown.current !== essayId) {
    if (shown.current !== undefined) opened.current = null;
    shown.current = essayId;
  }

  if (requested.loading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!essayId) return <div className="zp-widget-status">{t(props.taskId && props.classId ? 'widget.noEssayInTask' : 'widget.noEssay')}</div>;
  const where = () => ({ taskId: opened.current?.taskId ?? 0, classId: opened.current?.classId ?? 0 });
  return (
    <CorrectionPanel
      api={api}
      essayId={essayId}
      readonly={props.readonly}
      mode={props.mode === 'ai' ? 'ai' : 'review'}
      onNavigate={(id) => {
        setMoved({ writes: request.writes, essayId: id });
        shown.current = id;
        opened.current = null;
        emit(host, 'zp-navigate', { to: 'essay', essayId: id });
      }}
      onApproved={(review) => emit(host, 'zp-approved', { essayId: review.essayId, ...where(), teacherScore: review.teacherScore })}
      onClose={(reason) => emit(host, 'zp-navigate', { to: 'back', reason })}
      onReupload={(essay) => emit(host, 'zp-navigate', { to: 'upload', ...essay })}
    />
  );
}

function CorrectionPanelElement(props: Props) {
  return (
    <WidgetShell element="zp-correction-panel" props={props}>
      {(client, host, user) => <Panel client={client} host={host} user={user} props={props} />}
    </WidgetShell>
  );
}

/**
 * `<zp-correction-panel>`: the teacher's correction screen of one essay for partner portals.
 * Attributes: api-base, token | sso-ticket + partner-id, lang, essay-id (or task-id + class-id),
 * readonly, mode; property theme (JSON). Events: zp-ready, zp-error, zp-auth-expired, zp-essay-open,
 * zp-approved, zp-navigate.
 */
export class ZpCorrectionPanel extends widgetElement(CorrectionPanelElement, {
  apiBase: 'string',
  token: 'secret',
  ssoTicket: 'secret',
  partnerId: 'string',
  lang: 'string',
  essayId: 'number',
  taskId: 'number',
  classId: 'number',
  readonly: 'boolean',
  mode: 'string',
  theme: 'json',
}) {}
