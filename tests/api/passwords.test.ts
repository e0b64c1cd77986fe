import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, registerTeacher, smsCodeFor, solvedChallenge, SYS, verifiedCaptcha } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth';
import { users as usersRoutes } from '../../src/core/api/routes/users';
const CHANGE = `${SYS}/auth/changePassWord`;
const LOGIN = `${SYS}/auth/loginTeacher`;

describe.each(databaseKinds())('passwords, recovery and registration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const signIn = async (username: string, password: string) =>
    t.call('POST', LOGIN, { body: { username, password: await t.encrypt(password) }, ip: `127.30.0.${Math.floor(Math.random() * 250)}` });

  describe('changePassWord', () => {
    it('answers each product-rules.md#validation message in the spec’s order', async () => {
      const user = await registerTeacher(t, 'order');
      const token = await t.login(user.username, user.password);
      const change = async (oldPass: string, newPass: string, lang: 'zh' | 'en' = 'zh') =>
        t.call('POST', CHANGE, { token, lang, body: { oldPass: oldPass && (await t.encrypt(oldPass)), newPass: newPass && (await t.encrypt(newPass)) } });

      const cases: [string, string, string, string][] = [
        ['', '', 'OLD_PASSWORD_EMPTY', '密码不能为空'],
        ['   ', 'New2026pass', 'OLD_PASSWORD_EMPTY', '密码不能为空'],
        [user.password, '', 'NEW_PASSWORD_EMPTY', '请输入新密码'],
        ['Wrong2026pass', user.password, 'OLD_PASSWORD_WRONG', '请输入正确的密码'],
        [user.password, user.password, 'PASSWORD_SAME', '新密码不能与旧密码相同'],
        [user.password, 'short1', 'PASSWORD_WEAK', '密码至少 8 位，且需包含字母和数字'],
        [user.password, 'onlyletters', 'PASSWORD_WEAK', '密码至少 8 位，且需包含字母和数字'],
      ];
      for (const [oldPass, newPass, error, message] of cases) {
        const res = await change(oldPass, newPass);
        expect(res.statusCode, `${error} for "${oldPass}" → "${newPass}"`).toBe(400);
        expect(res.json()).toMatchObject({ error, message, showMsg: message });
      }
      expect((await change('', '', 'en')).json().message).toBe('password cannot be empty');
      expect((await change(user.password, '', 'en')).json().message).toBe('please enter a new password');
      expect((await change('Wrong2026pass', 'New2026pass', 'en')).json().message).toBe('please enter the correct password');
      expect((await change(user.password, user.password, 'en')).json().message).toBe('The new password cannot be the same as the old password');

      // none of the refusals changed anything
      expect((await t.call(authRoutes.info, {}, { token })).status).toBe(200);
      expect((await signIn(user.username, user.password)).statusCode).toBe(200);
    });

    it('revokes every session of the user on success, and the new password signs in', async () => {
      const user = await registerTeacher(t, 'change');
      const first = await t.login(user.username, user.password);
      const second = await t.login(user.username, user.password);
      const bystander = await t.login('teacher01');

      const res = await t.call(authRoutes.changePassWord, { body: { oldPass: await t.encrypt(user.password), newPass: await t.encrypt('Changed2026x') } }, { token: first });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, data: null });

      expect((await t.call(authRoutes.info, {}, { token: first })).status).toBe(401);
      expect((await t.call(authRoutes.info, {}, { token: second })).status).toBe(401);
      expect((await t.call(authRoutes.info, {}, { token: bystander })).status).toBe(200);
      expect((await signIn(user.username, user.password)).json().error).toBe('BAD_CREDENTIALS');
      expect((await signIn(user.username, 'Changed2026x')).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const res = await t.call(authRoutes.changePassWord, { body: { oldPass: '', newPass: '' } });
      expect(res.status).toBe(401);
    });
  });

  describe('forgotten password', () => {
    it('spends a challenge answered wrongly, so it cannot be tried again', async () => {
      const { uuid, code } = await solvedChallenge(t);
      const wrong = await t.call(authRoutes.verify, { body: { uuid, code: 'ABCD' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: 'CAPTCHA_WRONG', message: '图形验证码错误或已过期' });
      const retry = await t.call(authRoutes.verify, { body: { uuid, code } });
      expect(retry.body.error).toBe('CAPTCHA_WRONG');
      // nor buy an SMS code
      const user = await registerTeacher(t, 'spent');
      const sms = await t.call(authRoutes.verificationCode, { query: { phone: user.phone, uuid } });
      expect(sms.body.error).toBe('CAPTCHA_WRONG');
    });

    it('resets in two steps: captcha → verificationCode → forgetPassword → updatePass, with a single-use token', async () => {
      const user = await registerTeacher(t, 'reset');
      const oldToken = await t.login(user.username, user.password);
      const uuid = await verifiedCaptcha(t);
      const sent = await t.call(authRoutes.verificationCode, { query: { phone: user.phone, uuid } });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
      const code = t.lastSmsCode(user.phone);

      // the code was sent for recovery, it does not sign in
      expect((await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } })).body.error).toBe('SMS_CODE_WRONG');

      const step1 = await t.call(authRoutes.forgetPassword, { body: { phone: user.phone, code } });
      expect(step1.status).toBe(200);
      const { resetToken, username } = step1.body.data;
      expect(username).toBe(user.username);
      expect(resetToken.length).toBeGreaterThan(20);

      const weak = await t.call(usersRoutes.usersUpdatePass, { body: { resetToken, newPass: await t.encrypt('weak') } });
      expect(weak.body.error).toBe('PASSWORD_WEAK');

      const step2 = await t.call(usersRoutes.usersUpdatePass, { body: { resetToken, newPass: await t.encrypt('Reset2026abc') } });
      expect(step2.status).toBe(200);
      expect((await t.call(authRoutes.info, {}, { token: oldToken })).status).toBe(401);
      expect((await signIn(user.username, 'Reset2026abc')).statusCode).toBe(200);

      const reuse = await t.call(usersRoutes.usersUpdatePass, { body: { resetToken, newPass: await t.encrypt('Again2026abc') } });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toMatchObject({ error: 'RESET_TOKEN_INVALID', message: '重置链接无效或已过期，请重新获取验证码' });
      expect((await signIn(user.username, 'Reset2026abc')).statusCode).toBe(200);
    });

    it('lets a reset token expire after 15 minutes', async () => {
      const user = await registerTeacher(t, 'expire');
      const code = await smsCodeFor(t, user.phone, 'reset');
      const { resetToken } = (await t.call(authRoutes.forgetPassword, { body: { phone: user.phone, code } })).body.data;
      t.clock.offsetMs = 15 * 60_000 + 1_000;
      try {
        const late = await t.call(usersRoutes.usersUpdatePass, { body: { resetToken, newPass: await t.encrypt('Late2026abc') } }, { lang: 'en' });
        expect(late.status).toBe(400);
        expect(late.body).toMatchObject({ error: 'RESET_TOKEN_INVALID', message: 'The reset link is invalid or expired, please request a new code' });
      } finally {
        t.clock.offsetMs = 0;
      }
      expect((await signIn(user.username, user.password)).statusCode).toBe(200);
    });

    it('refuses forgetPassword with a wrong code or an unregistered phone', async () => {
      const user = await registerTeacher(t, 'wrongc');
      const code = await smsCodeFor(t, user.phone, 'reset');
      const wrong = await t.call(authRoutes.forgetPassword, { body: { phone: user.phone, code: code === '000000' ? '111111' : '000000' } });
      expect(wrong.body).toMatchObject({ error: 'SMS_CODE_WRONG', message: '短信验证码错误或已过期' });
      // an unregistered number has no code: the same answer as a wrong code, so it cannot be probed
      const unknown = await t.call(authRoutes.forgetPassword, { body: { phone: freshPhone(), code } });
      expect(unknown.body).toMatchObject({ error: 'SMS_CODE_WRONG', message: '短信验证码错误或已过期' });
      const unknownOneStep = await t.call(usersRoutes.usersForgotPass, { body: { phone: freshPhone(), code, newPass: await t.encrypt('Probe2026abc') } });
      expect(unknownOneStep.body.error).toBe('SMS_CODE_WRONG');
      const noSms = await t.call(authRoutes.verificationCode, { query: { phone: freshPhone(), uuid: await verifiedCaptcha(t) } });
      expect(noSms.body.error).toBe('PHONE_UNKNOWN');
    });

    it('resets in one step through api/users/forgotPass', async () => {
      const user = await registerTeacher(t, 'onestep');
      const token = await t.login(user.username, user.password);
      const code = await smsCodeFor(t, user.phone, 'reset');
      const weak = await t.call(usersRoutes.usersForgotPass, { body: { phone: user.phone, code, newPass: await t.encrypt('12345678') } });
      expect(weak.body.error).toBe('PASSWORD_WEAK');
      const res = await t.call(usersRoutes.usersForgotPass, { body: { phone: user.phone, code, newPass: await t.encrypt('OneStep2026') } });
      expect(res.status).toBe(200);
      expect((await t.call(authRoutes.info, {}, { token })).status).toBe(401);
      expect((await signIn(user.username, 'OneStep2026')).statusCode).toBe(200);
      // the code is spent
      const again = await t.call(usersRoutes.usersForgotPass, { body: { phone: user.phone, code, newPass: await t.encrypt('Twice2026abc') } });
      expect(again.body.error).toBe('SMS_CODE_WRONG');
    });
  });

  describe('registration', () => {
    it('registers a teacher with the school code ZHIPI2026 and an SMS code, who then signs in', async () => {
      const phone = freshPhone();
      const code = await smsCodeFor(t, phone, 'register');
      const res = await t.call('POST', `${SYS}/auth/register`, {
        body: { username: 'newteacher1', realname: '新老师', phone, code, password: await t.encrypt('Fresh2026abc'), schoolCode: 'ZHIPI2026' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ username: 'newteacher1' });
      const login = await signIn('newteacher1', 'Fresh2026abc');
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user).toMatchObject({ username: 'newteacher1', realname: '新老师', phone, roleId: 2, schoolName: '智批实验学校', identityCount: 1 });
      expect(login.json().data.chooseIdentity).toBe(false);
    });

    it('a typo in the school code is fixed with the same SMS code; the code is used up once the teacher is registered', async () => {
      const phone = freshPhone();
      const code = await smsCodeFor(t, phone, 'register');
      const body = async (schoolCode: string) => ({ username: `typo${phone.slice(-6)}`, realname: '新老师', phone, code, password: await t.encrypt('Fresh2026abc'), schoolCode });
      expect((await t.call(authRoutes.register, { body: await body('ZHIPI2062') })).body.error).toBe('SCHOOL_CODE_UNKNOWN');
      expect((await t.call(authRoutes.register, { body: await body('ZHIPI2026') })).status).toBe(200);
      const again = await t.call(authRoutes.register, { body: { ...(await body('ZHIPI2026')), username: `twice${phone.slice(-6)}` } });
      expect(again.body.error).toBe('SMS_CODE_WRONG');
    });

    it('refuses an unknown school code, a taken username, a taken phone and a wrong SMS code', async () => {
      const register = async (over: Record<string, string>) => {
        const phone = over.phone ?? freshPhone();
        const code = over.code ?? (over.phone ? '123456' : await smsCodeFor(t, phone, 'register'));
        return t.call('POST', `${SYS}/auth/register`, {
          body: { username: `reg${phone.slice(-6)}`, realname: '新老师', password: await t.encrypt('Fresh2026abc'), schoolCode: 'ZHIPI2026', ...over, phone, code },
        });
      };
      expect((await register({ schoolCode: 'NOPE2026' })).json()).toMatchObject({ error: 'SCHOOL_CODE_UNKNOWN', message: '学校邀请码无效' });
      expect((await register({ username: 'teacher01' })).json()).toMatchObject({ error: 'USERNAME_TAKEN', message: '该用户名已被注册' });
      // a taken phone can get no registration code, so the form stops at the code
      expect((await register({ phone: '13800000001' })).json()).toMatchObject({ error: 'SMS_CODE_WRONG' });
      expect((await register({ code: '999999' })).json().error).toBe('SMS_CODE_WRONG');
      // nothing is looked up before the SMS code: school codes and usernames cannot be probed without one
      expect((await register({ code: '999999', schoolCode: 'NOPE2026' })).json().error).toBe('SMS_CODE_WRONG');
      expect((await register({ code: '999999', username: 'teacher01' })).json().error).toBe('SMS_CODE_WRONG');
      expect((await register({ username: '1bad' })).json().error).toBe('VALIDATION');

      // a registered phone cannot even ask for a registration code
      const taken = await t.call(authRoutes.smsCode, { body: { phone: '13800000002', uuid: await verifiedCaptcha(t), purpose: 'register' } }, { lang: 'en' });
      expect(taken.body).toMatchObject({ error: 'PHONE_TAKEN', message: 'This mobile number is already registered' });
    });
  });
});
