import { useEffect, useState } from 'react';
import { ApiClient, ApiError } from '../core/api/client';
import { SSO_ERRORS, type SsoErrorCode } from '../core/api/contracts/sso';
import { ssoApi } from '../core/api/endpoints/sso';
import { translate, type Lang } from '../core/i18n';
import { apiBaseUrl } from './widget-client';
import { emit } from './widget-events';

export interface TokenSource {
  apiBase?: string;
  token?: string;
  ssoTicket?: string;
  partnerId?: string;
}

export type TokenState = { status: 'ready'; token: string } | { status: 'pending' } | { status: 'missing' } | { status: 'failed'; message: string };

/**
 * Tokens an element got by exchanging its `sso-ticket`, per element. A launch is single-use, so an
 * element that is removed and added again (or re-rendered) must reuse its token, not exchange twice.
 */
const exchanged = new WeakMap<Element, { key: string; token: string }>();

const exchangeKey = (s: TokenSource) => JSON.stringify([apiBaseUrl(s.apiBase), s.partnerId, s.ssoTicket]);

/** Forgets an exchanged token (the API refused it: a new `sso-ticket` is needed). */
export function forgetExchangedToken(host: Element) {
  exchanged.delete(host);
}

function ssoMessage(lang: Lang, err: unknown): { code: string; message: string } {
  const code = err instanceof ApiError ? err.error : 'NETWORK';
  const key = SSO_ERRORS[code as SsoErrorCode];
  return { code, message: key ? translate(lang, key) : err instanceof ApiError ? err.message : translate(lang, 'error.network') };
}

/**
 * The token an element uses: its `token` attribute, else the zhipi token it got for its
 * `sso-ticket` + `partner-id` from `POST auth/sso/exchange`. A refused launch fires `zp-error` with
 * the SSO error key and `zp-auth-expired` (reason `sso`): the host signs a new launch.
 */
export function useWidgetToken(host: Element | undefined, source: TokenSource, lang: Lang): TokenState {
  const { apiBase, token, ssoTicket, partnerId } = source;
  const key = exchangeKey(source);
  const cached = host ? exchanged.get(host) : undefined;
  const fromCache = cached?.key === key ? cached.token : undefined;
  const [state, setState] = useState<TokenState>({ status: 'pending' });

  useEffect(() => {
    if (token || !ssoTicket || !partnerId || !host || fromCache) return;
    const aborter = new AbortController();
    setState({ status: 'pending' });
    // Its own client: a refused launch is a 401 that must not count as "the token expired".
    const client = new ApiClient({
      baseUrl: apiBaseUrl(apiBase),
      getToken: () => null,
      lang: () => lang,
      fetch: (input, init) => fetch(input, { ...init, signal: aborter.signal }),
      handlers: { notifyError: () => undefined, onUnauthorized: () => undefined, onSystemExpired: () => undefined },
    });
    ssoApi(client)
      .exchange({ partnerId, launch: ssoTicket })
      .then((res) => {
        if (aborter.signal.aborted) return;
        exchanged.set(host, { key, token: res.token });
        setState({ status: 'ready', token: res.token });
      })
      .catch((err: unknown) => {
        if (aborter.signal.aborted) return;
        const failure = ssoMessage(lang, err);
        setState({ status: 'failed', message: failure.message });
        emit(host, 'zp-error', { ...failure, status: err instanceof ApiError ? err.status : 0 });
        emit(host, 'zp-auth-expired', { reason: 'sso' });
      });
    return () => aborter.abort();
  }, [host, apiBase, token, ssoTicket, partnerId, key, fromCache, lang]);

  if (token) return { status: 'ready', token };
  if (fromCache) return { status: 'ready', token: fromCache };
  if (!ssoTicket || !partnerId) return { status: 'missing' };
  return state.status === 'ready' ? { status: 'pending' } : state;
}
