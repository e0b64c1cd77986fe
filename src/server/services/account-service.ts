import { createHash, randomBytes } from 'node:crypto';
import { ROLE } from '../../core/constants';
import type { Lang } from '../../core/i18n';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password-hash';
import { AppError, badRequest } from '../errors';
import { identitiesRepo } from '../repositories/identities';
import { schoolsRepo } from '../repositories/schools';
import { sessionsRepo } from '../repositories/sessions';
import { usersRepo } from '../repositories/users';
import { verificationRepo } from '../repositories/verification';
import type { AuthContext } from './auth-context';
import { captchaService } from './captcha-service';
import type { ServiceDeps } from './deps';
import { smsCodeService, type SmsPurpose } from './sms-code-service';
import { forgetSessions } from './session-cache';

const RESET_TTL_MS = 15 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Passwords, SMS codes, recovery and registration (product-rules.md#validation password rules, product-rules.md#api auth and users). */
export function accountService(deps: ServiceDeps) {
  const { db, cipher, now } = deps;

  function checkNewPassword(plain: string) {
    if (!plain.trim()) throw badRequest('NEW_PASSWORD_EMPTY', 'password.newEmpty');
    if (!isStrongPassword(plain)) throw badRequest('PASSWORD_WEAK', 'auth.passwordWeak');
  }

  async function setPasswordAndRevoke(userId: number, plain: string) {
    await usersRepo.setPassword(db, userId, await hashPassword(plain));
    await sessionsRepo.revokeAllForUser(db, userId, now());
    forgetSessions(db, { userId });
  }

  return {
    /** product-rules.md#validation password change rules, in the spec's order; success revokes every session. */
    async changePassword(ctx: AuthContext, input: { oldPass: string; newPass: string }) {
      const oldPass = input.oldPass ? cipher.decrypt(input.oldPass) : '';
      const newPass = input.newPass ? cipher.decrypt(input.newPass) : '';
      if (!oldPass.trim()) throw badRequest('OLD_PASSWORD_EMPTY', 'password.oldEmpty');
      if (!newPass) throw badRequest('NEW_PASSWORD_EMPTY', 'password.newEmpty');
      if (!(await verifyPassword(oldPass, ctx.user.passwordHash))) throw badRequest('OLD_PASSWORD_WRONG', 'password.oldWrong');
      if (oldPass === newPass) throw badRequest('PASSWORD_SAME', 'password.sameAsOld');
      checkNewPassword(newPass);
      await setPasswordAndRevoke(ctx.user.id, newPass);
    },

    /** Sends an SMS code after an image captcha solved through `auth/verify`. */
    async sendSmsCode(input: { phone: string; uuid: string }, purpose: SmsPurpose, lang: Lang) {
      // The captcha is spent before the phone is looked up, so one solved captcha cannot probe many numbers.
      await captchaService.spendVerified(db, input.uuid, now());
      const user = await usersRepo.findByPhone(db, input.phone);
      if (purpose === 'register' && user) throw badRequest('PHONE_TAKEN', 'auth.phoneTaken');
      if (purpose !== 'register' && !user) throw badRequest('PHONE_UNKNOWN', 'auth.phoneUnknown');
      return smsCodeService.send(db, deps.sms, input.phone, purpose, lang, now());
    },

    /** Forget-password step 1: the SMS code buys a short-lived reset token for the next page. */
    async startReset(input: { phone: string; code: string }) {
      // Code first: without a code sent to it, an unknown number gets the same answer as a wrong code.
      await smsCodeService.check(db, input.phone, 'reset', input.code, now());
      const user = await usersRepo.findByPhone(db, input.phone);
      if (!user) throw badRequest('PHONE_UNKNOWN', 'auth.phoneUnknown');
      const token = randomBytes(32).toString('base64url');
      await verificationRepo.createReset(db, { tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now().getTime() + RESET_TTL_MS) });
      return { resetToken: token, username: user.username };
    },

    /** Forget-password step 2 (`api/users/updatePass`). */
    async finishReset(input: { resetToken: string; newPass: string }) {
      const newPass = cipher.decrypt(input.newPass);
      checkNewPassword(newPass);
      const reset = await verificationRepo.consumeReset(db, sha256(input.resetToken), now());
      if (!reset) throw new AppError(400, 'RESET_TOKEN_INVALID', 'auth.resetTokenInvalid', undefined, { show: true });
      await setPasswordAndRevoke(reset.userId, newPass);
    },

    /** One-step recovery (`api/users/forgotPass`): phone, SMS code and the new password together. */
    async recover(input: { phone: string; code: string; newPass: string }) {
      const newPass = cipher.decrypt(input.newPass);
      checkNewPassword(newPass);
      await smsCodeService.check(db, input.phone, 'reset', input.code, now());
      const user = await usersRepo.findByPhone(db, input.phone);
      if (!user) throw badRequest('PHONE_UNKNOWN', 'auth.phoneUnknown');
      await setPasswordAndRevoke(user.id, newPass);
    },

    /** A teacher registers into a school with its invitation code and a verified phone. */
    async register(input: { username: string; realname: string; phone: string; code: string; password: string; schoolCode: string }) {
      const password = cipher.decrypt(input.password);
      checkNewPassword(password);
      // The phone's SMS code first: without it, nothing is looked up, so school codes, usernames and
      // phones cannot be probed (each try needs a code sent to a phone the asker holds, five tries each).
      const smsId = await smsCodeService.verify(db, input.phone, 'register', input.code, now());
      const school = await schoolsRepo.findByRegisterCode(db, input.schoolCode);
      if (!school) throw badRequest('SCHOOL_CODE_UNKNOWN', 'auth.schoolCodeUnknown');
      if (await usersRepo.findByUsername(db, input.username)) throw badRequest('USERNAME_TAKEN', 'auth.usernameTaken');
      if (await usersRepo.findByPhone(db, input.phone)) throw badRequest('PHONE_TAKEN', 'auth.phoneTaken');
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        await smsCodeService.consume(tx, smsId, now());
        const user = await usersRepo.create(tx, { username: input.username, realname: input.realname, phone: input.phone, passwordHash });
        await identitiesRepo.create(tx, { userId: user.id, schoolId: school.id, roleId: ROLE.teacher, teacherName: input.realname });
        return { username: user.username };
      });
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
