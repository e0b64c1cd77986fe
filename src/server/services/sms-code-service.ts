import { createHash, randomInt } from 'node:crypto';
import type { Executor } from '../db/database';
import { translate, type Lang } from '../../core/i18n';
import { AppError } from '../errors';
import { verificationRepo } from '../repositories/verification';
import type { SmsProvider } from './sms-provider';

export type SmsPurpose = 'login' | 'register' | 'reset';
const TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');
const wrongCode = () => new AppError(400, 'SMS_CODE_WRONG', 'auth.smsCodeWrong', undefined, { show: true });

/** Six-digit SMS codes: one per minute per phone and purpose, five minutes, five tries, used once. */
export const smsCodeService = {
  async send(db: Executor, sms: SmsProvider, phone: string, purpose: SmsPurpose, lang: Lang, now: Date) {
    const last = await verificationRepo.latestSmsCode(db, phone, purpose);
    if (last && now.getTime() - last.createdAt.getTime() < RESEND_MS) {
      const seconds = Math.ceil((RESEND_MS - (now.getTime() - last.createdAt.getTime())) / 1000);
      throw new AppError(429, 'SMS_TOO_FREQUENT', 'auth.smsTooFrequent', { seconds }, { show: true });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await verificationRepo.createSmsCode(db, { phone, purpose, codeHash: hashCode(phone, code), createdAt: now, expiresAt: new Date(now.getTime() + TTL_MS) });
    await sms.send(phone, translate(lang, 'sms.message', { code, minutes: TTL_MS / 60_000 }));
    return { resendAfterSeconds: RESEND_MS / 1000, expiresInSeconds: TTL_MS / 1000 };
  },

  async check(db: Executor, phone: string, purpose: SmsPurpose, code: string, now: Date): Promise<void> {
    await smsCodeService.consume(db, await smsCodeService.verify(db, phone, purpose, code, now), now);
  },

  /**
   * Counts a try and compares, without using the code up: a form that checks more after the code
   * (registration's school code) lets a typo there be fixed with the same code, within its five tries.
   * Returns the code's id for `consume`.
   */
  async verify(db: Executor, phone: string, purpose: SmsPurpose, code: string, now: Date): Promise<number> {
    const row = await verificationRepo.latestSmsCode(db, phone, purpose);
    if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= MAX_ATTEMPTS) throw wrongCode();
    // Every try (right or wrong) is counted before the comparison, atomically: a burst of parallel
    // guesses gets tries 1…n and only the first five are compared (it was read-compare-count, racy).
    const attempt = await verificationRepo.takeSmsAttempt(db, row.id, now);
    if (attempt === undefined || attempt > MAX_ATTEMPTS) throw wrongCode();
    if (row.codeHash !== hashCode(phone, code)) throw wrongCode();
    return row.id;
  },

  /** Uses up a verified code once (a second use, e.g. a parallel request, is refused). */
  async consume(db: Executor, id: number, now: Date): Promise<void> {
    if (!(await verificationRepo.consumeSmsCode(db, id, now))) throw wrongCode();
  },
};
