import { SCHOOL_TYPE_WITH_CHAT_NAME } from '../constants';

// The language rules without any catalogue: the browser faces import these from here, so that a page
// fetches only its own language's text (catalogue-store.ts); the server gets them through index.ts.
export type Lang = 'zh' | 'en';

/**
 * product-rules.md#audience: the interface is English when the site origin is the English host. We treat a host as
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

/** Page title rule of product-rules.md#audience: optional stored prefix, and the chat name for school type 156. */
export function pageTitle(opts: { page?: string; appName: string; prefix?: string | null; schoolType?: number | null; chatName?: string | null }): string {
  const parts = [opts.prefix?.trim(), opts.page, opts.appName].filter((p): p is string => Boolean(p));
  let title = parts.join(' - ');
  if (opts.schoolType === SCHOOL_TYPE_WITH_CHAT_NAME && opts.chatName) title += ` - ${opts.chatName}`;
  return title;
}
