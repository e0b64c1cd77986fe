import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { catalogueReady, catalogueVersion, loadCatalogue, subscribeCatalogues, translate, type CatalogueSource } from '../../core/i18n/catalogue-store';
import type { Lang, MessageKey } from '../../core/i18n';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

// `version` changes when texts arrive (a switched language, a completed subset): useT's function
// changes with it, so every view that translates renders again.
const LangContext = createContext<{ lang: Lang; version: number }>({ lang: 'zh', version: 0 });

/**
 * The language whose texts can be shown now: `lang` once its catalogue is here, until then the one
 * shown before (a switch re-renders only when the new texts have arrived), null before any arrived.
 * Starts the fetch of `lang`'s catalogue from `source`.
 */
export function useCatalogue(lang: Lang, source: CatalogueSource): Lang | null {
  useSyncExternalStore(subscribeCatalogues, catalogueVersion, catalogueVersion);
  const ready = catalogueReady(lang);
  // Starting the fetch while rendering is safe (one fetch per language, kept by the store) and
  // saves the time to the first commit.
  if (!ready) loadCatalogue(lang, source).catch(() => undefined);
  const shown = useRef<Lang | null>(null);
  if (ready) shown.current = lang;
  return shown.current;
}

/** Renders its children in `lang` once that language's texts have been fetched from `catalogues`. */
export function I18nProvider({ lang, catalogues, children }: { lang: Lang; catalogues: CatalogueSource; children: ReactNode }) {
  const shown = useCatalogue(lang, catalogues);
  const version = useSyncExternalStore(subscribeCatalogues, catalogueVersion, catalogueVersion);
  const value = useMemo(() => (shown ? { lang: shown, version } : null), [shown, version]);
  if (!value) return null;
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): Lang {
  return useContext(LangContext).lang;
}

/** The translator for the current language; views never hard-code UI text. */
export function useT(): Translate {
  const { lang, version } = useContext(LangContext);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version: new texts make a new function, so memoized views re-render
  return useCallback((key, params) => translate(lang, key, params), [lang, version]);
}
