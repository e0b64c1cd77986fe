import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/auth';
import { authOf } from '../../plugins/request-context';
import { captchaService } from '../../services/captcha-service';
import { buildSessionUser } from '../../services/session-user';
import type { Services } from '../../services/services';
import { nothing, ok } from '../reply';
import { auth as rt } from '../../../core/api/routes/auth';
import * as shapes from '../../../core/api/contracts/shapes/auth';
import { defineRoute } from '../define-route';

/** `/platform-system/auth/*`: sign-in, session, identity switch, captcha, SMS and password calls. */
export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { session, account, deps } = services;
  const client = (req: { ip: string; headers: Record<string, unknown>; lang: 'zh' | 'en' }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    lang: req.lang,
  });

  defineRoute(app, rt.publicKey, { answer: c.publicKeyResponse }, async () => ok({ publicKey: deps.cipher.publicKeySpki, algorithm: 'RSA-OAEP-256' as const }));

  defineRoute(app, rt.loginTeacher, { body: c.loginTeacherBody, answer: c.tokenResponse }, async (req) => ok(await session.loginWithPassword(req.body, client(req))));

  defineRoute(app, rt.loginMobile, { body: c.loginMobileBody, answer: c.tokenResponse }, async (req) => ok(await session.loginWithSms(req.body, client(req))));

  defineRoute(app, rt.info, { answer: c.sessionUser }, async (req) => {
    const ctx = authOf(req);
    return ok(buildSessionUser(ctx, ctx.identityCount, req.lang));
  }, {
    config: { allowExpired: true, allowInitialPassword: true },
  });

  defineRoute(app, rt.logout, { answer: nothing }, async (req) => {
    await session.logout(authOf(req));
    return ok(null);
  }, {
    config: { allowExpired: true, allowInitialPassword: true },
  });

  defineRoute(app, rt.code, { answer: c.captchaResponse }, async () => ok(await captchaService.create(deps.db, deps.signer, deps.now(), deps.powWork)));

  defineRoute(app, rt.getImageVerificationCode, { answer: c.captchaResponse }, async () => ok(await captchaService.create(deps.db, deps.signer, deps.now(), deps.powWork)));

  defineRoute(app, rt.verify, { body: c.verifyCaptchaBody, answer: shapes.verifyAnswer }, async (req) => {
    await captchaService.verify(deps.db, deps.signer, req.body.uuid, req.body.code, deps.now());
    return ok({ verified: true as const });
  });

  defineRoute(app, rt.smsCode, { body: shapes.smsCodeBody, answer: c.smsSentResponse }, async (req) => ok(await account.sendSmsCode(req.body, req.body.purpose, req.lang)));

  defineRoute(app, rt.verificationCode, { query: c.verificationCodeQuery, answer: c.smsSentResponse }, async (req) => ok(await account.sendSmsCode(req.query, 'reset', req.lang)));

  defineRoute(app, rt.getTeacherRoles, { answer: shapes.getTeacherRolesAnswer }, async (req) => ok(await session.identities(authOf(req), req.lang)), {
    config: { allowExpired: true, allowInitialPassword: true },
  });

  defineRoute(app, rt.chooseRole, { body: c.chooseRoleBody, answer: c.tokenResponse }, async (req) => ok(await session.chooseRole(authOf(req), req.body, client(req))), {
    config: { allowExpired: true, allowInitialPassword: true },
  });

  defineRoute(app, rt.changePassWord, { body: c.changePasswordBody, answer: nothing }, async (req) => {
    await account.changePassword(authOf(req), req.body);
    return ok(null);
  }, {
    config: { allowInitialPassword: true },
  });

  defineRoute(app, rt.forgetPassword, { body: c.forgetPasswordBody, answer: c.resetTokenResponse }, async (req) => ok(await account.startReset(req.body)));

  defineRoute(app, rt.register, { body: c.registerBody, answer: c.registerResponse }, async (req) => ok(await account.register(req.body)));
};
