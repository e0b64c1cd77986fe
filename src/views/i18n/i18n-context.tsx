import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { translate, type Lang, type MessageKey } from '../../core/i18n';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const LangContext = createContext<Lang>('zh');

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

/** The translator for the current language; views never hard-code UI text. */
export function useT(): Translate {
  const lang = useLang();
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}
