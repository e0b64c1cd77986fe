import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { ApiClient } from '../core/api/client';
import { PRIMARY_COLOR } from '../core/constants';
import type { Lang } from '../core/i18n';
import { I18nProvider } from '../views/i18n/i18n-context';

/** Fires a DOM event from the custom element: bubbles and crosses the shadow boundary (composed). */
export function emit(container: HTMLElement | undefined, name: string, detail: unknown) {
  const host = (container as unknown as ShadowRoot | undefined)?.host ?? container;
  host?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

export interface WidgetBaseProps {
  container?: HTMLElement;
  apiBase?: string;
  token?: string;
  lang?: string;
}

/**
 * Everything one element instance owns: its API client (its own token, no shared storage), antd
 * styles and popups inside its shadow root, the language, and the zp-error / zp-auth-expired events.
 */
export function WidgetShell({ props, children }: { props: WidgetBaseProps; children(client: ApiClient): ReactNode }) {
  const lang: Lang = props.lang === 'en' ? 'en' : 'zh';
  const root = props.container as unknown as ShadowRoot | undefined;
  const [mount, setMount] = useState<HTMLDivElement | null>(null);
  const client = useMemo(
    () =>
      new ApiClient({
        baseUrl: `${(props.apiBase ?? '').replace(/\/$/, '')}/correction-api`,
        getToken: () => props.token ?? null,
        lang: () => lang,
        handlers: {
          notifyError: (message) => emit(props.container, 'zp-error', { code: 'API_ERROR', message }),
          onUnauthorized: () => emit(props.container, 'zp-auth-expired', {}),
          onSystemExpired: () => emit(props.container, 'zp-auth-expired', { expired: true }),
        },
      }),
    [props.apiBase, props.token, lang, props.container],
  );
  useEffect(() => emit(props.container, 'zp-ready', {}), [props.container]);

  return (
    <div ref={setMount} className="zp-widget-root" style={{ fontSize: 14 }}>
      {mount && root && (
        <StyleProvider container={root} hashPriority="high">
          <ConfigProvider
            locale={lang === 'en' ? enUS : zhCN}
            theme={{ token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR } }}
            getPopupContainer={() => mount}
          >
            <AntApp component={false}>
              <I18nProvider lang={lang}>{children(client)}</I18nProvider>
            </AntApp>
          </ConfigProvider>
        </StyleProvider>
      )}
    </div>
  );
}
