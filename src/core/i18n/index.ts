import { en } from './en';
import { zh, type MessageKey } from './zh';
import { SCHOOL_TYPE_WITH_CHAT_NAME } from '../constants';

export type { MessageKey };
export type Lang = 'zh' | 'en';
export const catalogues: Record<Lang, Record<MessageKey, string>> = { zh, en };

/**
 * Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed.
 * `{name|one|other}` is a counted noun for English: "1 essay", "2 essays" (the number, then the form).
 */
export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogues[lang][key] ?? zh[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (one === undefined) return String(value);
    return `${value} ${Number(value) === 1 ? one : other}`;
  });
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(zh, value);
}

/**
 * Spec §1: the interface is English when the site origin is the English host. We treat a host as
 * English when it is listed in the configured English hosts or its first label is `en`.
 */
export function languageForHost(host: string, englishHosts: readonly string[] = []): Lang {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  if (englishHosts.some((h) => h.toLowerCase().replace(/:\d+$/, '') === hostname)) return 'en';
  return hostname.startsWith('en.') ? 'en' : 'zh';
}

/** Picks the language of an API caller from its Accept-Language header (the client always sends one). */
export function languageForAcceptLanguage(header: string | undefined): Lang {
  return header && /^en\b/i.test(header.trim()) ? 'en' : 'zh';
}

/** Page title rule of spec §1: optional stored prefix, and the chat name for school type 156. */
export function pageTitle(opts: { page?: string; appName: string; prefix?: string | null; schoolType?: number | null; chatName?: string | null }): string {
  const parts = [opts.prefix?.trim(), opts.page, opts.appName].filter((p): p is string => Boolean(p));
  let title = parts.join(' - ');
  if (opts.schoolType === SCHOOL_TYPE_WITH_CHAT_NAME && opts.chatName) title += ` - ${opts.chatName}`;
  return title;
}
