import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptLaunch, createLaunch, signLaunch, verifyLaunch, type ClaimNonce } from './launch-token';
import { canonicalQuery, signQuery, verifyQuerySignature } from './signed-query';

const SECRET = 'partner-secret-partner-secret-0123456789';
const NOW = 1_780_000_000;
const base = { partnerId: 'demo', userId: 'p-teacher01', nonce: 'n0nce-n0nce-n0nce-1', iat: NOW, exp: NOW + 120 };
const opts = { secret: SECRET, partnerId: 'demo', nowSeconds: NOW };

function memoryLedger(): ClaimNonce {
  const seen = new Set<string>();
  return async (partnerId, nonce) => {
    const key = `${partnerId}:${nonce}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

describe('launch tokens', () => {
  it('accepts a valid launch and returns its payload', () => {
    const check = verifyLaunch(signLaunch(SECRET, base), opts);
    expect(check).toEqual({ ok: true, payload: base });
  });

  it('createLaunch makes a fresh nonce each time and a valid launch', () => {
    const a = createLaunch(SECRET, { partnerId: 'demo', userId: 'u1', nowSeconds: NOW });
    const b = createLaunch(SECRET, { partnerId: 'demo', userId: 'u1', nowSeconds: NOW });
    expect(a).not.toBe(b);
    const check = verifyLaunch(a, opts);
    expect(check.ok && check.payload.nonce.length).toBeGreaterThanOrEqual(16);
  });

  it('refuses an expired launch, tolerating 30 s of clock skew', () => {
    const launch = signLaunch(SECRET, { ...base, iat: NOW - 200, exp: NOW - 31 });
    expect(verifyLaunch(launch, opts)).toMatchObject({ ok: false, reason: 'SSO_EXPIRED' });
    expect(verifyLaunch(signLaunch(SECRET, { ...base, iat: NOW - 200, exp: NOW - 29 }), opts).ok).toBe(true);
  });

  it('refuses a launch issued in the future beyond the skew', () => {
    expect(verifyLaunch(signLaunch(SECRET, { ...base, iat: NOW + 31, exp: NOW + 100 }), opts)).toMatchObject({ ok: false, reason: 'SSO_NOT_YET_VALID' });
    expect(verifyLaunch(signLaunch(SECRET, { ...base, iat: NOW + 29, exp: NOW + 100 }), opts).ok).toBe(true);
  });

  it('refuses a launch living longer than 300 s', () => {
    expect(verifyLaunch(signLaunch(SECRET, { ...base, exp: NOW + 301 }), opts)).toMatchObject({ ok: false, reason: 'SSO_TOO_LONG_LIVED' });
    expect(verifyLaunch(signLaunch(SECRET, { ...base, exp: NOW + 300 }), opts).ok).toBe(true);
    expect(verifyLaunch(signLaunch(SECRET, { ...base, exp: NOW }), opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
  });

  it('refuses a replayed launch', async () => {
    const claim = memoryLedger();
    const launch = signLaunch(SECRET, base);
    expect((await acceptLaunch(launch, opts, claim)).ok).toBe(true);
    expect(await acceptLaunch(launch, opts, claim)).toMatchObject({ ok: false, reason: 'SSO_REPLAYED' });
    // Another nonce of the same user is a new launch.
    expect((await acceptLaunch(signLaunch(SECRET, { ...base, nonce: 'another-nonce-0001' }), opts, claim)).ok).toBe(true);
  });

  it('refuses a launch signed for another partner, and one signed with another secret', () => {
    expect(verifyLaunch(signLaunch(SECRET, { ...base, partnerId: 'other' }), opts)).toMatchObject({ ok: false, reason: 'SSO_PARTNER_MISMATCH' });
    expect(verifyLaunch(signLaunch('another-secret-another-secret-000000', base), opts)).toMatchObject({ ok: false, reason: 'SSO_BAD_SIGNATURE' });
  });

  it('refuses a tampered payload (signature checked before parsing)', () => {
    const [, sig] = signLaunch(SECRET, base).split('.');
    const forged = Buffer.from(JSON.stringify({ ...base, userId: 'p-headmaster01' })).toString('base64url');
    expect(verifyLaunch(`${forged}.${sig}`, opts)).toMatchObject({ ok: false, reason: 'SSO_BAD_SIGNATURE' });
    const launch = signLaunch(SECRET, base);
    const flipped = launch.slice(0, 5) + (launch[5] === 'A' ? 'B' : 'A') + launch.slice(6);
    expect(verifyLaunch(flipped, opts)).toMatchObject({ ok: false, reason: 'SSO_BAD_SIGNATURE' });
  });

  it('refuses bad base64 and bad shapes', () => {
    const launch = signLaunch(SECRET, base);
    for (const bad of ['', 'abc', `${launch}.x`, launch.replace('.', '.+/='), `%%%.${launch.split('.')[1]}`, launch.replace(/.$/, '*')]) {
      expect(verifyLaunch(bad, opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
    }
    // Correctly signed, but not JSON, or fields of the wrong type: refused as malformed.
    const signedBody = (text: string) => {
      const body = Buffer.from(text).toString('base64url');
      return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
    };
    expect(verifyLaunch(signedBody('not json'), opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
    expect(verifyLaunch(signedBody(JSON.stringify({ ...base, iat: String(NOW) })), opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
    expect(verifyLaunch(signedBody('null'), opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
    const shortNonce = signLaunch(SECRET, { ...base, nonce: 'short' });
    expect(verifyLaunch(shortNonce, opts)).toMatchObject({ ok: false, reason: 'SSO_MALFORMED' });
  });

  it('uses a constant-time compare whatever the signature length', () => {
    const [body] = signLaunch(SECRET, base).split('.');
    expect(verifyLaunch(`${body}.AAAA`, opts)).toMatchObject({ ok: false, reason: 'SSO_BAD_SIGNATURE' });
  });
});

describe('gz signed queries', () => {
  const params = { userId: 'gz-1001', service: 'https://zhipi.example/teaching/goYueShenTwo', timestamp: NOW, nonce: 'gz-nonce-000000001' };

  it('signs the sorted, encoded parameters except sign', () => {
    expect(canonicalQuery({ ...params, sign: 'x', partner: undefined })).toBe(
      `nonce=gz-nonce-000000001&service=${encodeURIComponent(params.service)}&timestamp=${NOW}&userId=gz-1001`,
    );
  });

  it('verifies a signature and refuses any change', () => {
    const sign = signQuery(SECRET, params);
    expect(verifyQuerySignature(SECRET, { ...params, sign })).toBe(true);
    expect(verifyQuerySignature(SECRET, { ...params, userId: 'gz-1002', sign })).toBe(false);
    expect(verifyQuerySignature(SECRET, { ...params, timestamp: NOW + 1, sign })).toBe(false);
    expect(verifyQuerySignature('other-secret-other-secret-0000000', { ...params, sign })).toBe(false);
    expect(verifyQuerySignature(SECRET, { ...params, sign: 'AAAA' })).toBe(false);
    expect(verifyQuerySignature(SECRET, { ...params, sign: sign + '=' })).toBe(false);
  });
});
