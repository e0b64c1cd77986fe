import type { CatalogueSource } from '../core/i18n/catalogue-store';

/**
 * The elements' texts: one language at a time, only the keys the elements use (their own chunk,
 * fetched when the first element connects, the other language on a `lang` change). A key the subset
 * missed fetches the whole language (a safety net: widgets-demo and widgets-hosts specs fail on the warning).
 */
export const widgetCatalogues: CatalogueSource = {
  load: (lang) => (lang === 'en' ? import('./catalogue/zp-catalogue-en').then((m) => m.catalogue) : import('./catalogue/zp-catalogue-zh').then((m) => m.catalogue)),
  complete: (lang) => (lang === 'en' ? import('../core/i18n/en').then((m) => m.en) : import('../core/i18n/zh').then((m) => m.zh)),
};
