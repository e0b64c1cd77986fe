import { languageForHost, type Lang } from '../../core/i18n/language';

export interface RuntimeConfig {
  lang: Lang;
  env: string;
}

declare global {
  interface Window {
    __ZHIPI__?: Partial<RuntimeConfig>;
  }
}

/** The server injects the host's language and the environment into the page; a bare file falls back. */
export function readRuntimeConfig(): RuntimeConfig {
  const injected = window.__ZHIPI__ ?? {};
  return {
    lang: injected.lang === 'en' || injected.lang === 'zh' ? injected.lang : languageForHost(window.location.host),
    env: injected.env ?? 'development',
  };
}
