import type { SsoApi } from '../../../core/api/endpoints/sso';

/** Which SSO entry a page is: product-rules.md#screens public routes → the product-rules.md#api call it makes. */
export type SsoFlow = 'launch' | 'hzy' | 'gz' | 'tianyu' | 'lti';

export type SsoCall =
  | { call: 'exchange'; input: Parameters<SsoApi['exchange']>[0] }
  | { call: 'hzyLogin'; input: Parameters<SsoApi['hzyLogin']>[0] }
  | { call: 'gzLogin'; input: Parameters<SsoApi['gzLogin']>[0] }
  | { call: 'tianyuLogin'; input: Parameters<SsoApi['tianyuLogin']>[0] }
  | { call: 'ltiSession'; input: Parameters<SsoApi['ltiSession']>[0] };

const opt = (v: string | null) => v || undefined;

/**
 * The CAS service URL a ticket was issued for: this page's URL without the ticket and stuid the
 * partner appended (standard CAS), unless the partner named the service explicitly.
 */
export function casServiceOf(params: URLSearchParams, here: { origin: string; pathname: string }): string {
  const explicit = params.get('service');
  if (explicit) return explicit;
  const rest = new URLSearchParams(params);
  for (const k of ['ticket', 'stuid', 'redirect']) rest.delete(k);
  const search = rest.toString();
  return `${here.origin}${here.pathname}${search ? `?${search}` : ''}`;
}

/** The call an entry page makes from its query; null when the query lacks what the flow needs. */
export function ssoCallFor(flow: SsoFlow, params: URLSearchParams, here: { origin: string; pathname: string }): SsoCall | null {
  const get = (k: string) => params.get(k);
  switch (flow) {
    case 'launch': {
      const partnerId = get('partnerId');
      const launch = get('launch');
      return partnerId && launch ? { call: 'exchange', input: { partnerId, launch } } : null;
    }
    case 'tianyu': {
      const launch = get('launch');
      return launch ? { call: 'tianyuLogin', input: { launch, partnerId: opt(get('partnerId')) } } : null;
    }
    case 'lti': {
      const code = get('code');
      return code ? { call: 'ltiSession', input: { code } } : null;
    }
    case 'hzy': {
      const ticket = get('ticket');
      return ticket ? { call: 'hzyLogin', input: { ticket, service: casServiceOf(params, here), stuid: opt(get('stuid')), partner: opt(get('partner')) } } : null;
    }
    case 'gz': {
      const userId = get('userId');
      const timestamp = Number(get('timestamp'));
      const nonce = get('nonce');
      const sign = get('sign');
      if (!userId || !nonce || !sign || !Number.isInteger(timestamp)) return null;
      return { call: 'gzLogin', input: { userId, timestamp, nonce, sign, service: opt(get('service')), partner: opt(get('partner')) } };
    }
  }
}

/** Runs the planned call. */
export function runSsoCall(api: SsoApi, plan: SsoCall) {
  switch (plan.call) {
    case 'exchange':
      return api.exchange(plan.input);
    case 'hzyLogin':
      return api.hzyLogin(plan.input);
    case 'gzLogin':
      return api.gzLogin(plan.input);
    case 'tianyuLogin':
      return api.tianyuLogin(plan.input);
    case 'ltiSession':
      return api.ltiSession(plan.input);
  }
}
