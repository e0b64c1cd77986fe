import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App as AntApp, Button, ConfigProvider, Spin } from 'antd';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { ApiClient, ApiError } from '../core/api/client';
import { authApi } from '../core/api/endpoints/auth';
import { PRIMARY_COLOR } from '../core/constants';
import { translate } from '../core/i18n/catalogue-store';
import type { Lang } from '../core/i18n/language';
import { I18nProvider, useCatalogue } from '../views/i18n/i18n-context';
import { ACCESSIBLE_COMPONENT_TOKENS, ACCESSIBLE_TEXT_TOKENS } from '../views/theme/accessible-tokens';
import { createWidgetClient } from './widget-client';
import { emit, hostOf } from './widget-events';
import { widgetCatalogues } from './widget-catalogues';
import { RefusalContext, tokenUser } from './widget-refusal';
import { useWidgetToken } from './widget-token';
// The shell's own few rules, rendered into the shadow root like every view's.
import styles from './widget-shell.css?inline';

/** Brand overrides a portal may pass as the `theme` JSON property; anything else is ignored. */
export interface WidgetTheme {
  colorPrimary?: string;
  borderRadius?: number;
  fontSize?: number;
}

/** Attributes every element shares (docs/widgets.md). widgetElement adds `container`: the element's shadow root. */
export interface WidgetBaseProps {
  container?: ShadowRoot;
  apiBase?: string;
  token?: string;
  ssoTicket?: string;
  partnerId?: string;
  lang?: string;
  theme?: WidgetTheme;
}

function themeTokens(theme: WidgetTheme | undefined) {
  const t = theme && typeof theme === 'object' ? theme : {};
  return {
    // the app's AA text greys first: a portal's brand colour or size may override only what it names
    ...ACCESSIBLE_TEXT_TOKENS,
    colorPrimary: typeof t.colorPrimary === 'string' ? t.colorPrimary : PRIMARY_COLOR,
    colorLink: typeof t.colorPrimary === 'string' ? t.colorPrimary : PRIMARY_COLOR,
    ...(typeof t.borderRadius === 'number' ? { borderRadius: t.borderRadius } : {}),
    ...(typeof t.fontSize === 'number' ? { fontSize: t.fontSize } : {}),
  };
}

/**
 * Which token the view may show data of, and its generation: the view is mounted anew (everything it
 * showed gone) when the token changes to another user's. A new token of the same user (a renewal,
 * before or after the old one was refused) keeps the view and its state while every read is sent
 * again with the new token — a refusal then replaces it. While a new launch is exchanged the view
 * stays only if the old token was refused (a renewal); otherwise the element shows that it is
 * signing in, never the previous user's data.
 */
function useViewSession(auth: ReturnType<typeof useWidgetToken>, refused: string | null) {
  const session = useRef<{ token: string | null; generation: number }>({ token: null, generation: 0 });
  const current = session.current;
  if (auth.status === 'ready') {
    if (current.token !== auth.token) {
      const user = current.token === null ? null : tokenUser(current.token);
      const renewal = user !== null && user === tokenUser(auth.token);
      session.current = { token: auth.token, generation: renewal ? current.generation : current.generation + 1 };
    }
    return session.current;
  }
  if (auth.status === 'pending' && current.token !== null && current.token === refused) return current;
  if (current.token !== null) session.current = { token: null, generation: current.generation + 1 };
  return session.current;
}

/**
 * Everything one element instance owns: its token (given or exchanged), its API client (aborted when
 * the element lets go of it), its own antd style cache writing into its shadow root, popups, modals and
 * messages inside the shadow root, and the language. Children render once a token is known, keyed by
 * the token's session and `viewKey` (the ids the element shows: a change remounts the view, so nothing
 * of the previous ids stays). `zp-ready` (once per token) and `zp-rendered` fire when every request
 * has answered, the server accepted the token, and the result was painted.
 */
export function WidgetShell({ element, props, viewKey = '', children }: { element: string; props: WidgetBaseProps; viewKey?: string; children(client: ApiClient, host: Element, user: number | null): ReactNode }) {
  const lang: Lang = props.lang === 'en' ? 'en' : 'zh';
  // The language shown: `lang` once its texts are here (fetched in parallel with the sign-in); a
  // switch keeps the previous language on screen until then. Nothing shows before the first texts.
  const shown = useCatalogue(lang, widgetCatalogues);
  const root = props.container;
  const host = hostOf(root);
  const [mount, setMount] = useState<HTMLDivElement | null>(null);
  // One cache per element: a shared one would write each antd style only into the first shadow root.
  const [cache] = useState(() => createCache());
  const auth = useWidgetToken(host, props, shown ?? lang);
  const [refusedToken, setRefusedToken] = useState<string | null>(null);
  const { token, generation } = useViewSession(auth, refusedToken);
  const readyFor = useRef<string | null>(null);

  const widget = useMemo(() => {
    if (!host || !token) return null;
    let frame = 0;
    const settled = () => {
      cancelAnimationFrame(frame);
      // after React committed what the answers changed, and the browser painted it
      frame = requestAnimationFrame(() =>
        setTimeout(() => {
          if (!host.isConnected) return;
          if (readyFor.current !== token) {
            readyFor.current = token;
            emit(host, 'zp-ready', { element });
          }
          emit(host, 'zp-rendered', { element });
        }),
      );
    };
    const made = createWidgetClient({ host, apiBase: props.apiBase, token, lang, onAuthLost: () => setRefusedToken(token), onSettled: settled });
    return { ...made, release: () => (cancelAnimationFrame(frame), made.release()) };
  }, [host, props.apiBase, token, lang, element]);
  useEffect(() => () => widget?.release(), [widget]);
  // A view with nothing to fetch (a panel without ids) still has its token checked before zp-ready.
  useEffect(() => {
    if (!widget) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (widget.sent() === 0) void authApi(widget.client).info().catch(() => undefined);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [widget]);

  // A refusal belongs to the view it was reported for; new ids, a new user or "retry" start over.
  const [retries, setRetries] = useState(0);
  const view = `${generation}|${retries}|${viewKey}`;
  const [refusal, setRefusal] = useState<{ view: string; message: string } | null>(null);
  const refuse = useCallback((error: ApiError) => setRefusal({ view, message: error.message }), [view]);

  const theme = useMemo(() => ({ token: themeTokens(props.theme), components: ACCESSIBLE_COMPONENT_TOKENS }), [props.theme]);
  const status = (text: ReactNode) => <div className="zp-widget-status" part="status">{text}</div>;

  return (
    <div ref={setMount} className="zp-widget-root" part="root" lang={shown === 'en' ? 'en' : 'zh-CN'}>
      <style>{styles}</style>
      {mount && root && host && shown && (
        <StyleProvider container={root} cache={cache} hashPriority="high">
          <ConfigProvider locale={shown === 'en' ? enUS : zhCN} theme={theme} getPopupContainer={() => mount}>
            <AntApp component={false}>
              <I18nProvider lang={shown} catalogues={widgetCatalogues}>
                {widget && refusal?.view === view ? (
                  <div className="zp-widget-status" part="status refused" role="alert" data-testid="zp-refused">
                    <p>{translate(shown, 'widget.refused', { message: refusal.message })}</p>
                    <Button onClick={() => setRetries((n) => n + 1)}>{translate(shown, 'widget.retry')}</Button>
                  </div>
                ) : widget ? (
                  <RefusalContext.Provider value={refuse}>
                    <Fragment key={view}>{children(widget.client, host, token ? tokenUser(token) : null)}</Fragment>
                  </RefusalContext.Provider>
                ) : auth.status === 'pending'
                    ? status(<Spin tip={translate(shown, 'widget.signingIn')}><span /></Spin>)
                    : auth.status === 'failed'
                      ? status(translate(shown, 'widget.signInFailed', { message: auth.message }))
                      : status(translate(shown, 'widget.noToken'))}
              </I18nProvider>
            </AntApp>
          </ConfigProvider>
        </StyleProvider>
      )}
    </div>
  );
}
