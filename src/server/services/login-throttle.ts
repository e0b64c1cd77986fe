import type { Executor } from '../db/database';
import { loginThrottleRepo } from '../repositories/login-throttle';

/** Thresholds: the captcha appears after a few failures, a lock only after many (per account / IP). */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  account: { captchaAfter: 3, lockAfter: 10 },
  ip: { captchaAfter: 10, lockAfter: 50 },
} as const;

export interface ThrottleState {
  captchaRequired: boolean;
  lockedUntil: Date | null;
}

const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

function stateOf(failures: number, windowStart: Date, lockedUntil: Date | null, rule: { captchaAfter: number }, now: Date) {
  const inWindow = now.getTime() - windowStart.getTime() < THROTTLE.windowMs;
  return {
    captchaRequired: inWindow && failures >= rule.captchaAfter,
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

  async recordFailure(db: Executor, username: string, ip: string, now: Date): Promise<ThrottleState> {
    const acc = await loginThrottleRepo.recordFailure(db, accountKey(username), now, THROTTLE.windowMs);
    const byIp = await loginThrottleRepo.recordFailure(db, ipKey(ip), now, THROTTLE.windowMs);
    const until = new Date(now.getTime() + THROTTLE.lockMs);
    if (acc.failures >= THROTTLE.account.lockAfter) await loginThrottleRepo.lock(db, acc.key, until);
    if (byIp.failures >= THROTTLE.ip.lockAfter) await loginThrottleRepo.lock(db, byIp.key, until);
    return this.check(db, username, ip, now);
  },

  /** A successful sign-in clears the account's count (the IP's stays: it may be guessing others). */
  async recordSuccess(db: Executor, username: string): Promise<void> {
    await loginThrottleRepo.reset(db, accountKey(username));
  },
};
