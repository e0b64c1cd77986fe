import { ApiClient } from '../core/api/client';
import type { Lang } from '../core/i18n';
import { emit } from './widget-events';

export interface WidgetClient {
  client: ApiClient;
  /** Aborts the reads still in flight and silences the client's events (element removed, token changed). */
  release(): void;
}

/** `https://zhipi.example.edu/` → `https://zhipi.example.edu/correction-api`; empty → the page's own origin. */
export function apiBaseUrl(apiBase: string | undefined): string {
  return `${(apiBase ?? '').trim().replace(/\/+$/, '')}/correction-api`;
}

/**
 * One element instance's API client: its own token (never the page's storage), reads that abort when
 * the element lets go of it (writes finish), and the product-rules.md#errors error rules turned into events on the element
 * instead of redirects — a widget must never navigate its host page. `zp-auth-expired` fires once per
 * client (that is, once per token), however many requests the 401 hit.
 */
export function createWidgetClient(opts: { host: Element; apiBase?: string; token: string | null; lang: Lang }): WidgetClient {
  const aborter = new AbortController();
  let authReported = false;
  const live = () => !aborter.signal.aborted;
  const reportAuth = (reason: 'unauthorized' | 'expired') => {
    if (!live() || authReported) return;
    authReported = true;
    emit(opts.host, 'zp-auth-expired', { reason });
  };
  const client = new ApiClient({
    baseUrl: apiBaseUrl(opts.apiBase),
    getToken: () => opts.token,
    lang: () => opts.lang,
    // Reads in flight are aborted on release; writes are left to finish, so an edit the view saves
    // as it unmounts (the panel's pending autosave) still reaches the server.
    fetch: (input, init) => {
      const read = !init?.method || /^(GET|HEAD)$/i.test(init.method);
      if (!read) return fetch(input, init);
      return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, aborter.signal]) : aborter.signal });
    },
    handlers: {
      notifyError: () => undefined,
      errorShown: (error) => {
        if (live()) emit(opts.host, 'zp-error', { code: error.error, message: error.message, status: error.status });
      },
      onUnauthorized: () => reportAuth('unauthorized'),
      onSystemExpired: () => reportAuth('expired'),
    },
  });
  return { client, release: () => aborter.abort() };
}
