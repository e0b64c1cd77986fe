import { z } from 'zod';
import { tokenResponse } from './auth';

/**
 * Single sign-on for partner portals (product-rules.md#roles, #api; product-rules.md#partner-portals). Every entry answers the same token
 * response as loginTeacher. See docs/widgets.md "Single sign-on" for the flows.
 *
 * A launch is `base64url(JSON payload) + "." + base64url(HMAC-SHA256(partner secret, first part))`,
 * signed by the partner's server (never in a browser), short-lived and single-use.
 */

/** Longest life of a launch (exp - iat) and the clock skew tolerated on iat/exp, in seconds. */
export const LAUNCH_MAX_LIFETIME_S = 300;
export const LAUNCH_CLOCK_SKEW_S = 30;
/** Shortest nonce: enough entropy that two launches never collide by chance. */
export const LAUNCH_MIN_NONCE = 16;
/** A gz signed link is accepted this many seconds either side of its timestamp. */
export const GZ_SIGN_WINDOW_S = 300;

const partnerId = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
const externalUserId = z.string().min(1).max(128);
const launch = z.string().min(20).max(4096);

/** What a launch carries (unix seconds). */
export const launchPayload = z.object({
  partnerId,
  userId: externalUserId,
  nonce: z.string().min(LAUNCH_MIN_NONCE).max(128),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type LaunchPayload = z.infer<typeof launchPayload>;

/** POST /platform-system/auth/sso/exchange: a partner's launch → a zhipi token for the mapped teacher. */
export const ssoExchangeBody = z.object({ partnerId, launch });
export type SsoExchangeBody = z.infer<typeof ssoExchangeBody>;

/**
 * GET /platform-system/auth/hzy/ssoLogin: a CAS-like ticket the partner issued; zhipi validates it
 * server-to-server (`GET {endpoint}/serviceValidate?ticket=&service=`). `stuid`, when sent, must be the
 * user the ticket belongs to. `partner` picks the partner when several of kind hzy are configured.
 */
export const hzySsoLoginQuery = z.object({
  ticket: z.string().min(1).max(512),
  service: z.string().min(1).max(2048),
  stuid: z.string().max(128).optional(),
  partner: partnerId.optional(),
});
export type HzySsoLoginQuery = z.infer<typeof hzySsoLoginQuery>;

/**
 * GET /platform-system/auth/gz/ssoLogin: a link signed by the partner's server. `sign` is
 * base64url(HMAC-SHA256(secret, canonical query)) where the canonical query is every other parameter
 * (partner, nonce, service, timestamp, userId: those present) sorted by name and joined as
 * `name=encodeURIComponent(value)` with `&`. A bare userId signs nobody in.
 */
export const gzSsoLoginQuery = z.object({
  userId: externalUserId,
  service: z.string().max(2048).optional(),
  timestamp: z.coerce.number().int(),
  nonce: z.string().min(LAUNCH_MIN_NONCE).max(128),
  sign: z.string().min(16).max(256),
  partner: partnerId.optional(),
});
export type GzSsoLoginQuery = z.infer<typeof gzSsoLoginQuery>;

/** POST /platform-system/auth/tianyu/login: the basic-data platform's launch (partnerId optional when one tianyu partner). */
export const tianyuLoginBody = z.object({ partnerId: partnerId.optional(), launch });
export type TianyuLoginBody = z.infer<typeof tianyuLoginBody>;

export const ssoTokenResponse = tokenResponse;

// In a file of its own without zod, so the partner-portal elements can use it without the schemas.
export { SSO_ERRORS, type SsoErrorCode } from './sso-errors';
