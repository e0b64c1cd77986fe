import { TOKEN_TTL_MS } from '../../core/constants';
import type { Lang } from '../../core/i18n';
import { verifyPassword } from '../auth/password-hash';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { identitiesRepo } from '../repositories/identities';
import { sessionsRepo } from '../repositories/sessions';
import { usersRepo, type UserRow } from '../repositories/users';
import { resolveAuth, type AuthContext } from './auth-context';
import { forgetSessions } from './session-cache';
import { captchaService } from './captcha-service';
import type { ServiceDeps } from './deps';
import { loginThrottle } from './login-throttle';
import { buildSessionUser } from './session-user';
import { smsCodeService } from './sms-code-service';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

// A real hash of a random password: unknown usernames cost the same time as known ones.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

/** Sign-in, identity choice, token issue and revocation (product-rules.md#states Session, product-rules.md#api auth/*). */
export function sessionService(deps: ServiceDeps) {
  const { db, signer, now } = deps;

  /**
   * `via` is 'password', 'sms' or 'sso:<partner kind>:<partner id>'. `inTransaction` runs in the
   * transaction that creates the session row (SSO claims its single-use nonce there).
   */
  async function startSession(user: UserRow, via: string, client: ClientInfo, identityId?: number, opts: { inTransaction?: (tx: Executor) => Promise<void> } = {}) {
    if (user.disabled) throw new AppError(403, 'ACCOUNT_DISABLED', 'auth.accountDisabled', undefined, { show: true });
    const identities = await identitiesRepo.listForUser(db, user.id);
    const chosen =
      identities.find((i) => i.id === identityId) ?? identities.find((i) => i.id === user.lastIdentityId) ?? identities[0];
    if (!chosen) throw new AppError(403, 'NO_IDENTITY', 'auth.identityUnknown', undefined, { show: true });
    const at = now();
    const expiresAt = new Date(at.getTime() + TOKEN_TTL_MS);
    const sessionId = signer.newSessionId();
    const row = { id: sessionId, userId: user.id, identityId: chosen.id, via, createdAt: at, expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 512) };
    const inTransaction = opts.inTransaction;
    if (inTransaction) {
      await db.transaction(async (tx) => {
        await inTransaction(tx);
        await sessionsRepo.create(tx, row);
      });
    } else await sessionsRepo.create(db, row);
    const token = await signer.sign(sessionId, user.id, expiresAt);
    const ctx = await resolveAuth(db, signer, token, at);
    if (!ctx) throw new AppError(500, 'SESSION_START_FAILED', 'error.internal');
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      user: buildSessionUser(ctx, identities.length, client.lang),
      chooseIdentity: identities.length > 1 && identityId === undefined && user.lastIdentityId === null,
    };
  }

  return {
    startSession,

    async loginWithPassword(input: { username: string; password: string; captchaId?: string; captchaCode?: string }, client: ClientInfo) {
      const password = deps.cipher.decrypt(input.password);
      const at = now();
      const state = await loginThrottle.check(db, input.username, client.ip, at);
      const locked = (until: Date) => {
        const seconds = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));
        return new AppError(429, 'ACCOUNT_LOCKED', 'auth.accountDelayed', { seconds }, { show: true, details: { captchaRequired: true } });
      };
      if (state.lockedUntil) throw locked(state.lockedUntil);
      if (state.captchaRequired) await captchaService.consume(db, signer, input.captchaId, input.captchaCode, at);
      // The attempt is counted before the password is compared, atomically: parallel guesses cannot
      // all be compared before the count lands (product-rules.md#security).
      const lockedUntil = await loginThrottle.takeAttempt(db, input.username, client.ip, at);
      if (lockedUntil) throw locked(lockedUntil);
      const user = await usersRepo.findByUsername(db, input.username);
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        const after = await loginThrottle.check(db, input.username, client.ip, at);
        throw new AppError(400, 'BAD_CREDENTIALS', 'auth.badCredentials', undefined, { show: true, details: { captchaRequired: after.captchaRequired } });
      }
      await loginThrottle.recordSuccess(db, input.username, client.ip);
      return startSession(user, 'password', client);
    },

    async loginWithSms(input: { phone: string; code: string }, client: ClientInfo) {
      // Code first: an unknown number has no code, so it gets the wrong-code answer and cannot be probed.
      await smsCodeService.check(db, input.phone, 'login', input.code, now());
      const user = await usersRepo.findByPhone(db, input.phone);
      if (!user) throw new AppError(400, 'PHONE_UNKNOWN', 'auth.phoneUnknown', undefined, { show: true });
      return startSession(user, 'sms', client);
    },

    async identities(ctx: AuthContext, lang: Lang) {
      const list = await identitiesRepo.listForUser(db, ctx.user.id);
      return list.map((i) => ({
        id: i.id,
        tname: i.teacherName,
        dname: i.departmentName,
        roleName: lang === 'en' ? i.roleNameEn : i.roleNameZh,
        roleId: i.roleId,
        permission: String(i.id),
        teacherId: i.id,
        schoolId: i.schoolId,
        schoolName: i.schoolName,
        current: i.id === ctx.identity.id,
      }));
    },

    /** Role switch: a new token for the chosen identity; the old token dies (product-rules.md#states). */
    async chooseRole(ctx: AuthContext, input: { permission: string; schoolId: number }, client: ClientInfo) {
      const identityId = Number(input.permission);
      const identity = Number.isInteger(identityId) ? await identitiesRepo.findForUser(db, ctx.user.id, identityId) : undefined;
      if (!identity || identity.schoolId !== input.schoolId) {
        throw new AppError(400, 'SWITCH_ROLE_FAILED', 'error.switchRoleFailed', undefined, { show: true });
      }
      await sessionsRepo.revoke(db, ctx.sessionId, now());
      await usersRepo.setLastIdentity(db, ctx.user.id, identity.id);
      forgetSessions(db, { userId: ctx.user.id });
      return startSession({ ...ctx.user, lastIdentityId: identity.id }, ctx.via, client, identity.id);
    },

    async logout(ctx: AuthContext): Promise<void> {
      await sessionsRepo.revoke(db, ctx.sessionId, now());
      forgetSessions(db, { sessionId: ctx.sessionId });
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
