import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvePowChallenge, type PowChallenge } from '../../src/core/security/solve-challenge';
import { TokenSigner } from '../../src/server/auth/tokens';
import { captchaService, POW_COUNTER } from '../../src/server/services/captcha-service';
import { solvedChallenge, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// The glyph captcha was read by a script 30 of 30 times (template matching, 0.25 s
// each). It is replaced by a proof of work (altcha): nothing to read, each attempt costs CPU, and a
// solution is bound to its signed challenge and spent once.
describe.each(databaseKinds())('the proof-of-work challenge on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  }, 120_000);
  afterAll(async () => t?.close());

  const verify = (uuid: string, code: string) => t.call('POST', `${SYS}/auth/verify`, { body: { uuid, code } });

  it('has no image to read; a solved payload is accepted once', async () => {
    const res = (await t.call('POST', `${SYS}/auth/getImageVerificationCode`)).json().data;
    expect(res.img).toBeUndefined();
    expect(JSON.stringify(res)).not.toMatch(/data:image|<svg/);
    const { uuid, code } = await solvedChallenge(t);
    expect((await verify(uuid, code)).statusCode).toBe(200);
    expect((await verify(uuid, code)).json().error).toBe('CAPTCHA_WRONG');
  });

  it('refuses a challenge the client made itself, and a solution sent for another challenge', async () => {
    const issued = (await t.call('POST', `${SYS}/auth/getImageVerificationCode`)).json().data as { uuid: string };
    // An easy challenge of the attacker's own, naming the issued id, signed with a guessed secret.
    const forged = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 1, deriveKey, data: { id: issued.uuid }, hmacSignatureSecret: 'guess' });
    const forgedPayload = await solvePowChallenge({ parameters: forged.parameters, signature: forged.signature! } as PowChallenge);
    expect((await verify(issued.uuid, forgedPayload)).json().error).toBe('CAPTCHA_WRONG');
    // The issued id is spent by the wrong try; a real solution of another challenge does not transfer.
    const other = await solvedChallenge(t);
    const fresh = (await t.call('POST', `${SYS}/auth/getImageVerificationCode`)).json().data as { uuid: string };
    expect((await verify(fresh.uuid, other.code)).json().error).toBe('CAPTCHA_WRONG');
  });

  it('costs real work by default: the answer lies between the bounds of POW_COUNTER', async () => {
    const signer = new TokenSigner(new TextEncoder().encode('pow-test-secret-pow-test-secret-!!'));
    const created = await captchaService.create(t.database.db, signer, new Date());
    const payload = JSON.parse(Buffer.from(await solvePowChallenge(created.challenge), 'base64').toString('utf8')) as { solution: { counter: number } };
    expect(payload.solution.counter).toBeGreaterThanOrEqual(POW_COUNTER.min);
    expect(payload.solution.counter).toBeLessThan(POW_COUNTER.max);
  }, 120_000);
});
