import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/auth';
import { authOf } from '../../plugins/request-context';
import { captchaService } from '../../services/captcha-service';
import { buildSessionUser } from '../../services/session-user';
import type { Services } from '../../services/services';
import { nothing, ok, responses } from '../reply';

const tags = ['platform-system: auth'];

/** `/platform-system/auth/*`: sign-in, session, identity switch, captcha, SMS and password calls. */
export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { session, account, deps } = services;
  const client = (req: { ip: string; headers: Record<string, unknown>; lang: 'zh' | 'en' }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    lang: req.lang,
  });

  app.get('/auth/publicKey', {
    config: { public: true },
    schema: { tags, summary: 'RSA public key (SPKI, Base64) for encrypting password fields', response: responses(c.publicKeyResponse) },
  }, async () => ok({ publicKey: deps.cipher.publicKeySpki, algorithm: 'RSA-OAEP-256' as const }));

  app.post('/auth/loginTeacher', {
    config: { public: true },
    schema: { tags, summary: 'Sign in with username and encrypted password (captcha after repeated failures)', body: c.loginTeacherBody, response: responses(c.tokenResponse) },
  }, async (req) => ok(await session.loginWithPassword(req.body, client(req))));

  app.post('/auth/login/mobile', {
    config: { public: true },
    schema: { tags, summary: 'Sign in with a mobile number and SMS code', body: c.loginMobileBody, response: responses(c.tokenResponse) },
  }, async (req) => ok(await session.loginWithSms(req.body, client(req))));

  app.get('/auth/info', {
    config: { allowExpired: true, allowInitialPassword: true },
    schema: { tags, summary: 'The signed-in user', response: responses(c.sessionUser) },
  }, async (req) => {
    const ctx = authOf(req);
    return ok(buildSessionUser(ctx, ctx.identityCount, req.lang));
  });

  app.delete('/auth/logout', {
    config: { allowExpired: true, allowInitialPassword: true },
    schema: { tags, summary: 'Revoke the current token', response: responses(nothing) },
  }, async (req) => {
    await session.logout(authOf(req));
    return ok(null);
  });

  app.get('/auth/code', {
    config: { public: true },
    schema: { tags, summary: 'Proof-of-work challenge (altcha) for the sign-in form after failures and the public forms; send the solved payload as captchaCode with its uuid', response: responses(c.captchaResponse) },
  }, async () => ok(await captchaService.create(deps.db, deps.signer, deps.now(), deps.powWork)));

  app.post('/auth/getImageVerificationCode', {
    config: { public: true },
    schema: { tags, summary: 'Proof-of-work challenge (altcha) to solve before an SMS code is sent', response: responses(c.captchaResponse) },
  }, async () => ok(await captchaService.create(deps.db, deps.signer, deps.now(), deps.powWork)));

  app.post('/auth/verify', {
    config: { public: true },
    schema: { tags, summary: 'Check a solved challenge (code = the altcha payload); a solved challenge can then buy one SMS code', body: c.verifyCaptchaBody, response: responses(z.object({ verified: z.literal(true) })) },
  }, async (req) => {
    await captchaService.verify(deps.db, deps.signer, req.body.uuid, req.body.code, deps.now());
    return ok({ verified: true as const });
  });

  app.post('/auth/smsCode', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Send an SMS code for sign-in or registration (needs a captcha solved through auth/verify)',
      body: c.smsCodeBody.extend({ purpose: z.enum(['login', 'register']).default('login') }),
      response: responses(c.smsSentResponse),
    },
  }, async (req) => ok(await account.sendSmsCode(req.body, req.body.purpose, req.lang)));

  app.get('/auth/verificationCode', {
    config: { public: true },
    schema: { tags, summary: 'Send an SMS code for password recovery (needs a solved captcha)', querystring: c.verificationCodeQuery, response: responses(c.smsSentResponse) },
  }, async (req) => ok(await account.sendSmsCode(req.query, 'reset', req.lang)));

  app.get('/auth/getTeacherRoles', {
    config: { allowExpired: true, allowInitialPassword: true },
    schema: { tags, summary: 'Identities the user can switch to', response: responses(z.array(c.identity)) },
  }, async (req) => ok(await session.identities(authOf(req), req.lang)));

  app.post('/auth/chooseRole', {
    config: { allowExpired: true, allowInitialPassword: true },
    schema: { tags, summary: 'Switch identity: returns a new token and revokes the old one', body: c.chooseRoleBody, response: responses(c.tokenResponse) },
  }, async (req) => ok(await session.chooseRole(authOf(req), req.body, client(req))));

  app.post('/auth/changePassWord', {
    config: { allowInitialPassword: true },
    schema: { tags, summary: 'Change password (fields RSA-encrypted, Base64); revokes every session', body: c.changePasswordBody, response: responses(nothing) },
  }, async (req) => {
    await account.changePassword(authOf(req), req.body);
    return ok(null);
  });

  app.post('/auth/forgetPassword', {
    config: { public: true },
    schema: { tags, summary: 'Forgot password, step 1: SMS code → reset token', body: c.forgetPasswordBody, response: responses(c.resetTokenResponse) },
  }, async (req) => ok(await account.startReset(req.body)));

  app.post('/auth/register', {
    config: { public: true },
    schema: { tags, summary: 'Register a teacher account with a school invitation code and SMS code', body: c.registerBody, response: responses(c.registerResponse) },
  }, async (req) => ok(await account.register(req.body)));
};
