/**
 * Partner launches (product-rules.md#partner-portals SSO): sign on the partner's server, verify on zhipi's.
 *
 *   launch = base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, first part))
 *   payload = { partnerId, userId, nonce, iat, exp }   (unix seconds, exp - iat ≤ 300, nonce ≥ 16 chars)
 *
 * The secret is the partner's `sso_partners.secret`, used as UTF-8 bytes. `signLaunch` /
 * `createLaunch` need only node:crypto, so a partner running Node can copy them as they are; any other
 * language does the same with its HMAC-SHA256 and base64url (no padding). A launch is single-use:
 * zhipi records its nonce, in the transaction that creates the session (`acceptLaunch`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LAUNCH_CLOCK_SKEW_S, LAUNCH_MAX_LIFETIME_S, LAUNCH_MIN_NONCE, type LaunchPayload } from '../../core/api/contracts/sso';

export type { LaunchPayload };

/** Why a launch was refused; each is an SSO_ERRORS key. */
export type LaunchRefusal =
  | 'SSO_MALFORMED'
  | 'SSO_BAD_SIGNATURE'
  | 'SSO_PARTNER_MISMATCH'
  | 'SSO_EXPIRED'
  | 'SSO_NOT_YET_VALID'
  | 'SSO_TOO_LONG_LIVED'
  | 'SSO_REPLAYED';

export type LaunchCheck = { ok: true; payload: LaunchPayload } | { ok: false; reason: LaunchRefusal; detail: string };

const B64URL = /^[A-Za-z0-9_-]+$/;

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8').digest();
}

/** Signs a payload as it is. */
export function signLaunch(secret: string, payload: LaunchPayload): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** What a partner's server calls: a fresh launch for one of its users, valid `ttlSeconds` (default 120). */
export function createLaunch(secret: string, input: { partnerId: string; userId: string; ttlSeconds?: number; nowSeconds?: number }): string {
  const iat = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  return signLaunch(secret, {
    partnerId: input.partnerId,
    userId: input.userId,
    nonce: randomBytes(18).toString('base64url'),
    iat,
    exp: iat + (input.ttlSeconds ?? 120),
  });
}

function refuse(reason: LaunchRefusal, detail: string): LaunchCheck {
  return { ok: false, reason, detail };
}

/**
 * Checks form, signature (constant time), partner, and times. Does not check replay: that needs the
 * nonce ledger (`acceptLaunch`). The signature is checked before the payload is even parsed, so a
 * tampered payload is refused as a bad signature.
 */
export function verifyLaunch(launch: string, opts: { secret: string; partnerId: string; nowSeconds: number }): LaunchCheck {
  const parts = launch.split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return refuse('SSO_MALFORMED', 'not two base64url parts');
  const [body, sig] = parts as [string, string];
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(opts.secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse('SSO_BAD_SIGNATURE', 'signature does not match');

  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return refuse('SSO_MALFORMED', 'payload is not JSON');
  }
  const p = payload as Partial<LaunchPayload>;
  if (
    !p || typeof p !== 'object' ||
    typeof p.partnerId !== 'string' || typeof p.userId !== 'string' || !p.userId || p.userId.length > 128 ||
    typeof p.nonce !== 'string' || p.nonce.length < LAUNCH_MIN_NONCE || p.nonce.length > 128 ||
    !Number.isSafeInteger(p.iat) || !Number.isSafeInteger(p.exp)
  ) {
    return refuse('SSO_MALFORMED', 'payload fields missing or of the wrong type');
  }
  const ok = p as LaunchPayload;
  if (ok.partnerId !== opts.partnerId) return refuse('SSO_PARTNER_MISMATCH', `signed for partner ${ok.partnerId}`);
  if (ok.exp <= ok.iat) return refuse('SSO_MALFORMED', 'exp not after iat');
  if (ok.exp - ok.iat > LAUNCH_MAX_LIFETIME_S) return refuse('SSO_TOO_LONG_LIVED', `lifetime ${ok.exp - ok.iat} s`);
  if (ok.iat > opts.nowSeconds + LAUNCH_CLOCK_SKEW_S) return refuse('SSO_NOT_YET_VALID', `iat ${ok.iat - opts.nowSeconds} s ahead`);
  if (ok.exp < opts.nowSeconds - LAUNCH_CLOCK_SKEW_S) return refuse('SSO_EXPIRED', `expired ${opts.nowSeconds - ok.exp} s ago`);
  return { ok: true, payload: { partnerId: ok.partnerId, userId: ok.userId, nonce: ok.nonce, iat: ok.iat, exp: ok.exp } };
}

/**
 * Records a nonce as used; false when it already was. zhipi's implementation inserts into
 * sso_launch_nonces inside the session's transaction; tests and partners may keep a Set.
 */
export type ClaimNonce = (partnerId: string, nonce: string, expiresAt: Date) => Promise<boolean>;

/** verifyLaunch, then the single-use rule. */
export async function acceptLaunch(launch: string, opts: { secret: string; partnerId: string; nowSeconds: number }, claim: ClaimNonce): Promise<LaunchCheck> {
  const check = verifyLaunch(launch, opts);
  if (!check.ok) return check;
  // Kept until exp + skew: after that the launch is refused as expired anyway, so the row may go.
  const keepUntil = new Date((check.payload.exp + LAUNCH_CLOCK_SKEW_S) * 1000);
  if (!(await claim(check.payload.partnerId, check.payload.nonce, keepUntil))) return refuse('SSO_REPLAYED', `nonce ${check.payload.nonce} already used`);
  return check;
}
