/**
 * How a session was signed in, as `sessions.via` records it: 'password', 'sms', or
 * 'sso:<partner kind>:<partner id>' so the session user can say which partner (and whether logout is
 * hidden) without another query. A role switch keeps the session's via.
 */
export type SignInMethod = 'password' | 'sms' | 'sso';

/** The partner kind of the basic-data platform: its users do not see logout (product-rules.md#screens header). */
export const BASIC_DATA_PLATFORM_KIND = 'tianyu';

export function ssoVia(kind: string, partnerId: string): string {
  return `sso:${kind}:${partnerId}`;
}

export function parseVia(via: string): { method: SignInMethod; partnerKind: string | null; partnerId: string | null } {
  if (via === 'password' || via === 'sms') return { method: via, partnerKind: null, partnerId: null };
  const [, kind = null, ...rest] = via.split(':');
  return { method: 'sso', partnerKind: kind, partnerId: rest.length ? rest.join(':') : null };
}
