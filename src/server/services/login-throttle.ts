import type { Executor } from '../db/database';
import { loginThrottleRepo } from '../repositories/login-throttle';

/**
 * Thresholds. An account: the captcha after 3 recent failures, then from the 5th a growing wait (1 s,
 * 2 s, 4 s … at most 15 min) — never a long lock someone else can put on it, and the owner can always
 * sign in with an SMS code. An address: the captcha after 10, blocked 15 min after 50. "Recent" is a
 * leaky bucket: each key forgets one failure every `windowMs / captchaAfter`, so the captcha threshold
 * is that many failures per 15 minutes at any moment (no window that restarts at the first failure,
 * and no burst let through at a window's edge).
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  account: { captchaAfter: 3, delayAfter: 5, baseMs: 1000, maxMs: 15 * 60_000 },
  ip: { captchaAfter: 10, delayAfter: 50, baseMs: 15 * 60_000, maxMs: 15 * 60_000 },
} as const;

type Rule = typeof THROTTLE.account | typeof THROTTLE.ip;
const leakMsOf = (r: Rule) => THROTTLE.windowMs / r.captchaAfter;

export interface ThrottleState {
  captchaRequired: boolean;
  lockedUntil: Date | null;
}

const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** The count after the leak since `windowStart` (what the next attempt would start from). */
export function recentFailures(failures: number, windowStart: Date, rule: Rule, now: Date): number {
  const leaked = Math.floor(Math.max(0, now.getTime() - windowStart.getTime()) / leakMsOf(rule));
  return Math.max(0, failures - leaked);
}

function stateOf(failures: number, windowStart: Date, lockedUntil: Date | null, rule: Rule, now: Date) {
  return {
    captchaRequired: recentFailures(failures, windowStart, rule, now) >= rule.captchaAfter,
    lockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : null,
  };
}

/** Sign-in rate limiting per account and per IP, stored in the database so it survives restarts. */
export const loginThrottle = {
  async check(db: Executor, username: string, ip: string, now: Date): Promise<ThrottleState> {
    const [acc, byIp] = await Promise.all([loginThrottleRepo.get(db, accountKey(username)), loginThrottleRepo.get(db, ipKey(ip))]);
    const a = acc ? stateOf(acc.failures, acc.windowStart, acc.lockedUntil, THROTTLE.account, now) : null;
    const b = byIp ? stateOf(byIp.failures, byIp.windowStart, byIp.lockedUntil, THROTTLE.ip, now) : null;
    const locks = [a?.lockedUntil, b?.lockedUntil].filter((d): d is Date => d instanceof Date);
    return {
      captchaRequired: Boolean(a?.captchaRequired || b?.captchaRequired),
      lockedUntil: locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null,
    };
  },

  /**
   * Takes an attempt of the account and of the address before the password is compared (atomic, in
   * the database): the lock time when either is locked, else null.
   */
  async takeAttempt(db: Executor, username: string, ip: string, now: Date): Promise<Date | null> {
    const rule = (r: Rule) => ({ leakMs: leakMsOf(r), delayAfter: r.delayAfter, baseMs: r.baseMs, maxMs: r.maxMs });
    const acc = await loginThrottleRepo.takeAttempt(db, accountKey(username), now, rule(THROTTLE.account));
    if (!acc) return (await this.check(db, username, ip, now)).lockedUntil ?? new Date(now.getTime() + 1000);
    const byIp = await loginThrottleRepo.takeAttempt(db, ipKey(ip), now, rule(THROTTLE.ip));
    if (!byIp) {
      await loginThrottleRepo.giveBack(db, accountKey(username));
      return (await this.check(db, username, ip, now)).lockedUntil ?? new Date(now.getTime() + 1000);
    }
    return null;
  },

  /** A successful sign-in clears the account's count and gives the address its attempt back. */
  async recordSuccess(db: Executor, username: string, ip: string): Promise<void> {
    await loginThrottleRepo.reset(db, accountKey(username));
    await loginThrottleRepo.giveBack(db, ipKey(ip));
  },
};
