// The challenge that replaced the glyph captcha: a proof of work (altcha-lib, verified here). A script
// read every glyph captcha (template matching, 0.25 s each); no picture holds against that. A proof of
// work does not try to tell people from scripts: it makes every attempt cost the sender CPU time (about
// a second in a browser), and together with the lockouts and limits that makes guessing slow and dear.
// Each challenge is signed (HMAC with a key derived from the token secret, so every process agrees),
// names its row in the verification table, expires in 5 minutes and is spent once, right or wrong.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TokenSigner } from '../auth/tokens';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { verificationRepo } from '../repositories/verification';

const TTL_MS = 5 * 60_000;
/**
 * How much work: the answer is a counter drawn from this range, found by trying counters from 0 with
 * one SHA-256 each: about 17,500 hashes on average: measured 4.5 s for 55,000 with Web Crypto in Node on a
 * busy 2-core machine (each digest is answered asynchronously), so one to two seconds per attempt.
 */
export const POW_COUNTER = { min: 5_000, max: 30_000 } as const;
const ALGORITHM = 'SHA-256';

const wrong = () => new AppError(400, 'CAPTCHA_WRONG', 'auth.captchaWrong', undefined, { show: true });
const hashOf = (s: string) => createHash('sha256').update(s).digest('hex');
const hmacSecret = (signer: TokenSigner) => signer.mac('altcha-challenge-v1');

/** What a client sends back: the challenge as received and its solution, as JSON in Base64 (altcha's payload). */
interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decode(payload: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    return p && typeof p === 'object' && p.challenge?.parameters && p.solution && typeof p.solution.counter === 'number' ? p : null;
  } catch {
    return null;
  }
}

/** A solved payload for `id` that verifies: signature, expiry, the work itself and the row it names. */
async function solved(signer: TokenSigner, id: string, payload: string): Promise<boolean> {
  const p = decode(payload);
  if (!p || p.challenge.parameters.data?.id !== id) return false;
  const result = await verifySolution({ challenge: p.challenge, solution: p.solution, deriveKey, hmacSignatureSecret: hmacSecret(signer) });
  return result.verified;
}

/** Proof-of-work challenges (`auth/code`, `getImageVerificationCode`, `verify`, the enrollment form). */
export const captchaService = {
  /** A new signed challenge; its id names the row that makes it single-use. */
  async create(db: Executor, signer: TokenSigner, now: Date, work: { min: number; max: number } = POW_COUNTER) {
    const id = randomUUID();
    const counter = randomInt(work.min, work.max);
    const expiresAt = new Date(now.getTime() + TTL_MS);
    const challenge = await createChallenge({ algorithm: ALGORITHM, cost: 1, counter, deriveKey, data: { id }, expiresAt: Math.floor(expiresAt.getTime() / 1000), hmacSignatureSecret: hmacSecret(signer) });
    await verificationRepo.deleteExpiredCaptchas(db, now);
    await verificationRepo.createCaptcha(db, { id, answerHash: hashOf(challenge.signature ?? id), expiresAt });
    return { uuid: id, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' }, expiresInSeconds: TTL_MS / 1000 };
  },

  /** Checks a solution and spends the challenge, right or wrong, so each costs a fresh solve. */
  async consume(db: Executor, signer: TokenSigner, id: string | undefined, payload: string | undefined, now: Date): Promise<void> {
    if (!id || !payload) throw new AppError(400, 'CAPTCHA_REQUIRED', 'auth.captchaRequired', undefined, { show: true, details: { captchaRequired: true } });
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || row.usedAt || row.expiresAt <= now) throw wrong();
    const used = await verificationRepo.consumeCaptcha(db, id, now);
    if (!used || !(await solved(signer, id, payload))) throw wrong();
  },

  /** `auth/verify`: marks a challenge as solved; an SMS request then spends it. */
  async verify(db: Executor, signer: TokenSigner, id: string, payload: string, now: Date): Promise<void> {
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || row.usedAt || row.verifiedAt || row.expiresAt <= now) throw wrong();
    if (!(await solved(signer, id, payload))) {
      await verificationRepo.consumeCaptcha(db, id, now);
      throw wrong();
    }
    await verificationRepo.markCaptchaVerified(db, id, now);
  },

  /** Spends a challenge solved through `verify` (for sending an SMS code). */
  async spendVerified(db: Executor, id: string, now: Date): Promise<void> {
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || !row.verifiedAt || row.usedAt || row.expiresAt <= now) throw wrong();
    if (!(await verificationRepo.consumeCaptcha(db, id, now))) throw wrong();
  },
};
