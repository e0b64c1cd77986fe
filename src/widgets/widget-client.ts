import { ApiClient } from '../core/api/client';
import type { Lang } from '../core/i18n';
import { emit } from './widget-events';

export interface WidgetClient {
  client: ApiClient;
  /** How many requests were sent with this client so far. */
  sent(): number;
  /** Aborts the reads still in flight and silences the client's events (element removed, token changed). */
  release(): void;
}

export interface WidgetClientOptions {
  host: Element;
  apiBase?: string;
  token: string | null;
  lang: Lang;
  /** The token was refused (401) or the school's subscription ended: called once, with zp-auth-expired. */
  onAuthLost?(): void;
  /**
   * Every request has answered and the server accepted the token at least once since the last call:
   * what the element shows now is what it fetched with this token.
   */
  onSettled?(): void;
}

/** `https://zhipi.example.edu/` → `https://zhipi.example.edu/correction-api`; empty → the page's own origin. */
export function apiBaseUrl(apiBase: string | undefined): string {
  return `${(apiBase ?? '').trim().replace(/\/+$/, '')}/correction-api`;
}

/** The same failure reported by several reads at once (one refused id behind two requests) is one zp-error. */
const SAME_FAILURE_MS = 1500;

/**
 * One element instance's API client: its own token (never the page's storage), reads that abort when
 * the element lets go of it (writes finish), and the product-rules.md#errors error rules turned into events on the element
 * instead of redirects — a widget must never navigate its host page. `zp-auth-expired` fires once per
 * client (that is, once per token), however many requests the 401 hit.
 */
export function createWidgetClient(opts: WidgetClientOptions): WidgetClient {
  const aborter = new AbortController();
  let authReported = false;
  const live = () => !aborter.signal.aborted;
  const reportAuth = (reason: 'unauthorized' | 'expired') => {
    if (!live() || authReported) return;
    authReported = true;
    opts.onAuthLost?.();
    emit(opts.host, 'zp-auth-expired', { reason });
  };
  let lastError: { key: string; at: number } | null = null;
  let unauthorizedShown = false;
  let inFlight = 0;
  let sent = 0;
  let accepted = false;
  const track = async (request: Promise<Response>): Promise<Response> => {
    inFlight++;
    sent++;
    try {
      const response = await request;
      if (response.status !== 401) accepted = true;
      return response;
    } finally {
      inFlight--;
      if (inFlight === 0 && accepted && live()) {
        accepted = false;
        opts.onSettled?.();
      }
    }
  };
  const client = new ApiClient({
    baseUrl: apiBaseUrl(opts.apiBase),
    getToken: () => opts.token,
    lang: () => opts.lang,
    // Reads in flight are aborted on release; writes are left to finish, so an edit the view saves
    // as it unmounts (the panel's pending autosave) still reaches the server.
    fetch: (input, init) => {
      const read = !init?.method || /^(GET|HEAD)$/i.test(init.method);
      if (!read) return track(fetch(input, init));
      return track(fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, aborter.signal]) : aborter.signal }));
    },
    handlers: {
      notifyError: () => undefined,
      errorShown: (error) => {
        if (!live()) return;
        // a refused token is one failure however many reads it hit (like zp-auth-expired)
        if (error.status === 401 && unauthorizedShown) return;
        if (error.status === 401) unauthorizedShown = true;
        const key = JSON.stringify([error.error, error.status, error.message]);
        const now = Date.now();
        if (lastError?.key === key && now - lastError.at < SAME_FAILURE_MS) return;
        lastError = { key, at: now };
        emit(opts.host, 'zp-error', { code: error.error, message: error.message, status: error.status });
      },
      onUnauthorized: () => reportAuth('unauthorized'),
      onSystemExpired: () => reportAuth('expired'),
    },
  });
  return { client, sent: () => sent, release: () => aborter.abort() };
}
