import { useEffect, useRef, useState } from 'react';
import { ApiClient, ApiError } from '../core/api/client';
import { SSO_ERRORS, type SsoErrorCode } from '../core/api/contracts/sso-errors';
import { ssoApi } from '../core/api/endpoints/sso';
import { loadCatalogue, translate } from '../core/i18n/catalogue-store';
import type { Lang } from '../core/i18n/language';
import { widgetCatalogues } from './widget-catalogues';
import { apiBaseUrl } from './widget-client';
import { emit } from './widget-events';

export interface TokenSource {
  apiBase?: string;
  token?: string;
  ssoTicket?: string;
  partnerId?: string;
}

export type TokenState = { status: 'ready'; token: string } | { status: 'pending' } | { status: 'missing' } | { status: 'failed'; message: string };

type Outcome = { ok: true; token: string } | { ok: false; code: string; status: number; message: string };

/**
 * Exchanges per LAUNCH, for the page's life: a launch is single-use, so whichever element object asks
 * for it (the same one re-added, or a new one a framework created on remount with the same
 * `sso-ticket`) gets the one exchange's outcome; the request is sent once, never aborted (an aborted
 * exchange may still have spent the launch) and never re-sent because `lang` changed meanwhile.
 * Bounded: the oldest launches are forgotten first.
 */
const exchanges = new Map<string, Promise<Outcome>>();
const settled = new Map<string, Outcome>();
const MAX_LAUNCHES = 64;

const launchKey = (s: TokenSource) => JSON.stringify([apiBaseUrl(s.apiBase), s.partnerId, s.ssoTicket]);

function exchange(source: Required<Pick<TokenSource, 'ssoTicket' | 'partnerId'>> & TokenSource, lang: Lang): Promise<Outcome> {
  const key = launchKey(source);
  const known = exchanges.get(key);
  if (known) return known;
  // Its own client: a refused launch is a 401 that must not count as "the token expired".
  const client = new ApiClient({
    baseUrl: apiBaseUrl(source.apiBase),
    getToken: () => null,
    lang: () => lang,
    handlers: { notifyError: () => undefined, onUnauthorized: () => undefined, onSystemExpired: () => undefined },
  });
  const pending = ssoApi(client)
    .exchange({ partnerId: source.partnerId, launch: source.ssoTicket })
    .then(
      (res): Outcome => ({ ok: true, token: res.token }),
      (err: unknown): Outcome => ({
        ok: false,
        code: err instanceof ApiError ? err.error : 'NETWORK',
        status: err instanceof ApiError ? err.status : 0,
        message: err instanceof ApiError ? err.message : '',
      }),
    )
    .then((outcome) => {
      settled.set(key, outcome);
      return outcome;
    });
  exchanges.set(key, pending);
  for (const old of exchanges.keys()) {
    if (exchanges.size <= MAX_LAUNCHES) break;
    exchanges.delete(old);
    settled.delete(old);
  }
  return pending;
}

/** The refusal in the element's language now (the SSO keys have catalogue texts). */
function failureMessage(lang: Lang, outcome: Extract<Outcome, { ok: false }>): string {
  const key = SSO_ERRORS[outcome.code as SsoErrorCode];
  if (key) return translate(lang, key);
  return outcome.message || translate(lang, 'error.network');
}

/**
 * The token an element uses: its `token` attribute, else the zhipi token its `sso-ticket` +
 * `partner-id` was exchanged for (`POST auth/sso/exchange`, once per launch). A refused launch fires
 * `zp-error` with the SSO error key and `zp-auth-expired` (reason `sso`) once per mounted element: the
 * host signs a new launch.
 */
export function useWidgetToken(host: Element | undefined, source: TokenSource, lang: Lang): TokenState {
  const { apiBase, token, ssoTicket, partnerId } = source;
  const key = launchKey(source);
  const [outcome, setOutcome] = useState<{ key: string; outcome: Outcome } | null>(null);
  const known = settled.get(key) ?? (outcome?.key === key ? outcome.outcome : undefined);
  // The language only shapes messages: read through a ref, so a `lang` change never re-runs the exchange.
  const langNow = useRef(lang);
  useEffect(() => {
    langNow.current = lang;
  }, [lang]);

  useEffect(() => {
    if (token || !ssoTicket || !partnerId || !host) return;
    let live = true;
    void exchange({ apiBase, ssoTicket, partnerId }, langNow.current).then(async (result) => {
      // the refusal's message is in the element's language, whose texts may still be on their way
      if (!result.ok) await loadCatalogue(langNow.current, widgetCatalogues).catch(() => undefined);
      if (!live) return;
      setOutcome({ key, outcome: result });
      if (!result.ok) {
        emit(host, 'zp-error', { code: result.code, message: failureMessage(langNow.current, result), status: result.status });
        emit(host, 'zp-auth-expired', { reason: 'sso' });
      }
    });
    return () => {
      live = false;
    };
  }, [host, apiBase, token, ssoTicket, partnerId, key]);

  if (token) return { status: 'ready', token };
  if (!ssoTicket || !partnerId) return { status: 'missing' };
  if (!known) return { status: 'pending' };
  return known.ok ? { status: 'ready', token: known.token } : { status: 'failed', message: failureMessage(lang, known) };
}
