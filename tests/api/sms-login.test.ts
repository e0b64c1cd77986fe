import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, registerTeacher, smsCodeFor, verifiedCaptcha } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { auth as authRoutes } from '../../src/core/api/routes/auth';

describe.each(databaseKinds())('SMS sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('signs in with captcha → smsCode → login/mobile, and the session says it came by SMS', async () => {
    const phone = '13800000002'; // classrole01
    const uuid = await verifiedCaptcha(t);
    const sent = await t.call(authRoutes.smsCode, { body: { phone, uuid } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    const message = t.sms.at(-1)!;
    expect(message.phone).toBe(phone);
    expect(message.message).toMatch(/^【智批】您的验证码是 \d{6}，5 分钟内有效。$/);

    const res = await t.call(authRoutes.loginMobile, { body: { phone, code: t.lastSmsCode(phone) } });
    expect(res.status).toBe(200);
    const { token, user } = res.body.data;
    expect(token).toMatch(/^ey/);
    expect(user).toMatchObject({ username: 'classrole01', roleId: 3, signedInVia: 'sms' });
    const info = await t.call(authRoutes.info, {}, { token });
    expect(info.body.data).toMatchObject({ username: 'classrole01', signedInVia: 'sms' });
  });

  it('sends the SMS text in English to an English caller', async () => {
    const user = await registerTeacher(t, 'smsen');
    const res = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: await verifiedCaptcha(t) } }, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(t.sms.at(-1)!.message).toMatch(/^\[Zhipi\] Your verification code is \d{6}, valid for 5 minutes\.$/);
  });

  it('refuses a wrong code, and the right code still works afterwards', async () => {
    const user = await registerTeacher(t, 'smswrong');
    const code = await smsCodeFor(t, user.phone, 'login');
    const wrong = await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code: otherCode(code) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'SMS_CODE_WRONG', message: '短信验证码错误或已过期', showMsg: '短信验证码错误或已过期' });
    const en = await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code: otherCode(code) } }, { lang: 'en' });
    expect(en.body.message).toBe('The SMS code is wrong or expired');
    expect((await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } })).status).toBe(200);
  });

  it('burns a code after five wrong tries', async () => {
    const user = await registerTeacher(t, 'smsburn');
    const code = await smsCodeFor(t, user.phone, 'login');
    for (let i = 0; i < 5; i++) await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code: otherCode(code) } });
    const right = await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } });
    expect(right.body.error).toBe('SMS_CODE_WRONG');
  });

  it('accepts a code only once', async () => {
    const user = await registerTeacher(t, 'smsonce');
    const code = await smsCodeFor(t, user.phone, 'login');
    expect((await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } })).status).toBe(200);
    const again = await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('SMS_CODE_WRONG');
  });

  it('lets a code expire after 5 minutes', async () => {
    const user = await registerTeacher(t, 'smslate');
    const code = await smsCodeFor(t, user.phone, 'login');
    t.clock.offsetMs = 5 * 60_000 + 1_000;
    try {
      const late = await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('SMS_CODE_WRONG');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('accepts a code just before its 5 minutes are up', async () => {
    const user = await registerTeacher(t, 'smsedge');
    const code = await smsCodeFor(t, user.phone, 'login');
    t.clock.offsetMs = 5 * 60_000 - 5_000;
    try {
      expect((await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code } })).status).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('refuses a resend within 60 s with 429 and the seconds left, and allows it after', async () => {
    const user = await registerTeacher(t, 'smsresend');
    await smsCodeFor(t, user.phone, 'login');
    const sentBefore = t.sms.length;
    t.clock.offsetMs = 20_000;
    try {
      const soon = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: await verifiedCaptcha(t) } });
      expect(soon.status).toBe(429);
      expect(soon.body).toMatchObject({ error: 'SMS_TOO_FREQUENT', showMsg: soon.body.message });
      // 40 s left on the test clock (39 if the captcha round trip took over a second on a busy machine)
      expect(soon.body.message).toMatch(/^验证码发送过于频繁，请 (40|39) 秒后再试$/);
      expect(t.sms.length).toBe(sentBefore);
      t.clock.offsetMs = 61_000;
      const later = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: await verifiedCaptcha(t) } });
      expect(later.status).toBe(200);
      expect(t.sms.length).toBe(sentBefore + 1);
      // the newest code is the one that counts
      expect((await t.call(authRoutes.loginMobile, { body: { phone: user.phone, code: t.lastSmsCode(user.phone) } })).status).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('refuses an unknown phone, before sending anything', async () => {
    const phone = freshPhone();
    const uuid = await verifiedCaptcha(t);
    const sentBefore = t.sms.length;
    const res = await t.call(authRoutes.smsCode, { body: { phone, uuid } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'PHONE_UNKNOWN', message: '该手机号未绑定账号' });
    expect(t.sms.length).toBe(sentBefore);
  });

  it('spends the captcha even for an unknown phone, so one solved captcha cannot probe many numbers', async () => {
    const known = await registerTeacher(t, 'smsprobe');
    const uuid = await verifiedCaptcha(t);
    expect((await t.call(authRoutes.smsCode, { body: { phone: freshPhone(), uuid } })).body.error).toBe('PHONE_UNKNOWN');
    const second = await t.call(authRoutes.smsCode, { body: { phone: known.phone, uuid } });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('CAPTCHA_WRONG');
  });

  it('answers login/mobile for an unregistered number like a wrong code, so numbers cannot be probed without a captcha', async () => {
    const res = await t.call(authRoutes.loginMobile, { body: { phone: freshPhone(), code: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'SMS_CODE_WRONG', message: '短信验证码错误或已过期' });
  });

  it('sends no code without a captcha solved through auth/verify, and a solved captcha buys one code only', async () => {
    const user = await registerTeacher(t, 'smscap');
    const sentBefore = t.sms.length;
    const { uuid } = (await t.call(authRoutes.getImageVerificationCode, {})).body.data;
    const unsolved = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid } });
    expect(unsolved.status).toBe(400);
    expect(unsolved.body.error).toBe('CAPTCHA_WRONG');
    const unknownCaptcha = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: crypto.randomUUID() } });
    expect(unknownCaptcha.body.error).toBe('CAPTCHA_WRONG');
    expect(t.sms.length).toBe(sentBefore);

    const solved = await verifiedCaptcha(t);
    expect((await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: solved } })).status).toBe(200);
    t.clock.offsetMs = 61_000;
    try {
      const reuse = await t.call(authRoutes.smsCode, { body: { phone: user.phone, uuid: solved } });
      expect(reuse.body.error).toBe('CAPTCHA_WRONG');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('rejects malformed phone numbers and codes', async () => {
    const res = await t.call(authRoutes.loginMobile, { body: { phone: '12345', code: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });
});
