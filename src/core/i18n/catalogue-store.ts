import { fillPlaceholders } from './fill-placeholders';
import type { Lang } from './language';
import type { MessageKey } from './zh';

// The browser's texts: only the catalogues this page fetched, one language at a time (the other one
// is fetched when the page switches to it). The server and tests use index.ts (both whole catalogues,
// synchronous) instead.

export type Catalogue = Partial<Record<MessageKey, string>>;

/** Where a face's texts come from: the app and the H5 pages fetch a whole language, the elements a subset. */
export interface CatalogueSource {
  /** The texts a page of this face shows, in one language. */
  load(lang: Lang): Promise<Catalogue>;
  /** Every text of one language, fetched only when a key is missing from what `load` brought. */
  complete?(lang: Lang): Promise<Catalogue>;
}

const texts: Partial<Record<Lang, Catalogue>> = {};
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const reported = new Set<string>();
let version = 0;
let lastSource: CatalogueSource | null = null;

function store(lang: Lang, catalogue: Catalogue) {
  texts[lang] = { ...texts[lang], ...catalogue };
  version++;
  for (const listener of [...listeners]) listener();
}

function once(id: string, fetch: () => Promise<Catalogue>, lang: Lang): Promise<void> {
  let pending = loading.get(id);
  if (!pending) {
    pending = fetch().then((catalogue) => store(lang, catalogue));
    // a failed fetch (offline, a new deployment) may be tried again
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/** True once a catalogue of `lang` is here: its texts can be shown. */
export function catalogueReady(lang: Lang): boolean {
  return texts[lang] !== undefined;
}

/** Fetches the texts of `lang` from `source` (once per language; at once if already here). */
export function loadCatalogue(lang: Lang, source: CatalogueSource): Promise<void> {
  lastSource = source;
  if (catalogueReady(lang)) return Promise.resolve();
  return once(lang, () => source.load(lang), lang);
}

/** For useSyncExternalStore: a change whenever texts arrive. */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogueVersion(): number {
  return version;
}

/** A key the page's catalogue lacks (a subset that missed it): say so once and fetch the whole language. */
function missing(lang: Lang, key: string) {
  if (!catalogueReady(lang) || reported.has(`${lang}:${key}`)) return;
  reported.add(`${lang}:${key}`);
  const complete = lastSource?.complete;
  if (!complete) return;
  console.warn(`zhipi: message "${key}" is not in this page's ${lang} catalogue; fetching the whole ${lang} catalogue`);
  void once(`${lang}:complete`, () => complete(lang), lang).catch(() => undefined);
}

/**
 * The text of `key` in `lang` with its placeholders filled: from the fetched catalogue, else the
 * Chinese text if that is here, else the key itself (visible, so a gap is noticed).
 */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const text = texts[lang]?.[key];
  if (text !== undefined) return fillPlaceholders(text, params);
  missing(lang, key);
  return fillPlaceholders(texts.zh?.[key] ?? texts.en?.[key] ?? key, params);
}

/** Whether a key built at run time (`panel.feature.${name}`) has a text on this page. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.values(texts).some((catalogue) => Object.prototype.hasOwnProperty.call(catalogue, value));
}
