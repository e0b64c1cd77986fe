import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { verificationRepo } from '../repositories/verification';
import { captchaPng } from './security/captcha-image';

const TTL_MS = 5 * 60_000;
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
/** Random captcha text; the answer is compared case-insensitively. */
export const randomCaptchaText = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const hashAnswer = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest('hex');
const wrong = () => new AppError(400, 'CAPTCHA_WRONG', 'auth.captchaWrong', undefined, { show: true });

/** Image captchas (`auth/code`, `getImageVerificationCode`, `verify`): one answer, used once, 5 minutes. */
export const captchaService = {
  async create(db: Executor, now: Date, text: string = randomCaptchaText()) {
    const png = await captchaPng(text);
    const id = randomUUID();
    await verificationRepo.deleteExpiredCaptchas(db, now);
    await verificationRepo.createCaptcha(db, { id, answerHash: hashAnswer(text), expiresAt: new Date(now.getTime() + TTL_MS) });
    return { uuid: id, img: `data:image/png;base64,${png.toString('base64')}`, expiresInSeconds: TTL_MS / 1000 };
  },

  /** Checks the answer and uses the captcha up, right or wrong, so it cannot be brute-forced. */
  async consume(db: Executor, id: string | undefined, answer: string | undefined, now: Date): Promise<void> {
    if (!id || !answer) throw new AppError(400, 'CAPTCHA_REQUIRED', 'auth.captchaRequired', undefined, { show: true, details: { captchaRequired: true } });
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || row.usedAt || row.expiresAt <= now) throw wrong();
    const used = await verificationRepo.consumeCaptcha(db, id, now);
    if (!used || row.answerHash !== hashAnswer(answer)) throw wrong();
  },

  /** `auth/verify`: marks a captcha as solved; an SMS request then spends it. */
  async verify(db: Executor, id: string, answer: string, now: Date): Promise<void> {
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || row.usedAt || row.verifiedAt || row.expiresAt <= now) throw wrong();
    if (row.answerHash !== hashAnswer(answer)) {
      await verificationRepo.consumeCaptcha(db, id, now);
      throw wrong();
    }
    await verificationRepo.markCaptchaVerified(db, id, now);
  },

  /** Spends a captcha solved through `verify` (for sending an SMS code). */
  async spendVerified(db: Executor, id: string, now: Date): Promise<void> {
    const row = await verificationRepo.findCaptcha(db, id);
    if (!row || !row.verifiedAt || row.usedAt || row.expiresAt <= now) throw wrong();
    if (!(await verificationRepo.consumeCaptcha(db, id, now))) throw wrong();
  },
};
