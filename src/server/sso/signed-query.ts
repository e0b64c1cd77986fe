/**
 * Signed links of the gz region platform (`gz/ssoLogin?userId&service&timestamp&nonce&sign`).
 *
 * The spec's call carries only userId and service; taken as they are, anybody who knows or guesses a
 * user id could sign in as that teacher. So the partner's server signs the query with the secret it
 * shares with zhipi: sign = base64url(HMAC-SHA256(secret, canonical)), where canonical is every
 * other parameter that is present, sorted by name, as `name=encodeURIComponent(value)` joined by `&`.
 * The timestamp (unix seconds) bounds the link's life; the nonce makes it single-use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type QueryParams = Record<string, string | number | undefined | null>;

/** The string that is signed: present parameters except `sign`, sorted, URI-encoded. */
export function canonicalQuery(params: QueryParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
}

export function signQuery(secret: string, params: QueryParams): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonicalQuery(params), 'utf8').digest('base64url');
}

/** Constant-time check of `params.sign`. */
export function verifyQuerySignature(secret: string, params: QueryParams & { sign: string }): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(params.sign)) return false;
  const given = Buffer.from(params.sign, 'base64url');
  const expected = Buffer.from(signQuery(secret, params), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
