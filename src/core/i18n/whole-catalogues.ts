import type { CatalogueSource } from './catalogue-store';

/**
 * The app's and the H5 pages' texts: one whole language, its own chunk, fetched before the first
 * render (the other language only if the page switches to it).
 */
export const wholeCatalogues: CatalogueSource = {
  load: (lang) => (lang === 'en' ? import('./en').then((m) => m.en) : import('./zh').then((m) => m.zh)),
};
