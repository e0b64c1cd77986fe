import { en } from './en';
import { zh, type MessageKey } from './zh';
import { fillPlaceholders } from './fill-placeholders';
import type { Lang } from './language';

// The synchronous path with both whole catalogues, for the server (which answers in either language)
// and tests. Browser code must not import values from here: it would bundle every text of both
// languages into the page. It uses catalogue-store.ts, which holds only what the page fetched
// (catalogue-imports.test.ts checks this).
export type { MessageKey };
export type { Lang };
export { languageForAcceptLanguage, languageForHost, pageTitle } from './language';
export const catalogues: Record<Lang, Record<MessageKey, string>> = { zh, en };

/** The text of `key` in `lang` with its placeholders filled (fill-placeholders.ts). */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return fillPlaceholders(catalogues[lang][key] ?? zh[key] ?? key, params);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(zh, value);
}
