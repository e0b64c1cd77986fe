import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { ApiClient } from '../core/api/client';
import { PRIMARY_COLOR } from '../core/constants';
import { translate } from '../core/i18n/catalogue-store';
import type { Lang } from '../core/i18n/language';
import { I18nProvider, useCatalogue } from '../views/i18n/i18n-context';
import { ACCESSIBLE_COMPONENT_TOKENS, ACCESSIBLE_TEXT_TOKENS } from '../views/theme/accessible-tokens';
import { createWidgetClient } from './widget-client';
import { emit, hostOf } from './widget-events';
import { widgetCatalogues } from './widget-catalogues';
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
 * Everything one element instance owns: its token (given or exchanged), its API client (aborted when
 * the element lets go of it), its own antd style cache writing into its shadow root, popups, modals and
 * messages inside the shadow root, and the language. Children render once a token is known.
 */
export function WidgetShell({ element, props, children }: { element: string; props: WidgetBaseProps; children(client: ApiClient, host: Element): ReactNode }) {
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
  // While a new launch is being exchanged (a renewal after zp-auth-expired), the view stays mounted on
  // the last token instead of unmounting: its state survives and it does not announce itself again.
  const lastReady = useRef<string | null>(null);
  if (auth.status === 'ready') lastReady.current = auth.token;
  else if (auth.status !== 'pending') lastReady.current = null;
  const token = auth.status === 'ready' ? auth.token : lastReady.current;

  const widget = useMemo(() => (host && token ? createWidgetClient({ host, apiBase: props.apiBase, token, lang }) : null), [host, props.apiBase, token, lang]);
  useEffect(() => () => widget?.release(), [widget]);
  useEffect(() => {
    if (host && token) emit(host, 'zp-ready', { element });
  }, [host, token, element]);

  const theme = useMemo(() => ({ token: themeTokens(props.theme), components: ACCESSIBLE_COMPONENT_TOKENS }), [props.theme]);
  const status = (text: ReactNode) => <div className="zp-widget-status">{text}</div>;

  return (
    <div ref={setMount} className="zp-widget-root" lang={shown === 'en' ? 'en' : 'zh-CN'}>
      <style>{styles}</style>
      {mount && root && host && shown && (
        <StyleProvider container={root} cache={cache} hashPriority="high">
          <ConfigProvider locale={shown === 'en' ? enUS : zhCN} theme={theme} getPopupContainer={() => mount}>
            <AntApp component={false}>
              <I18nProvider lang={shown} catalogues={widgetCatalogues}>
                {widget
                  ? children(widget.client, host)
                  : auth.status === 'pending'
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
