import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { solvedChallenge } from '../helpers/flows';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth';
import { health as healthRoutes } from '../../src/core/api/routes/health';

const LOGIN = '/correction-api/platform-system/auth/loginTeacher';

describe.each(databaseKinds())('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('serves the RSA public key the client encrypts passwords with', async () => {
    const res = await t.call(authRoutes.publicKey, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ algorithm: 'RSA-OAEP-256' });
    expect(res.body.data.publicKey.length).toBeGreaterThan(300);
  });

  it('signs teacher01 in and returns a token with the session user and current permissions', async () => {
    const res = await t.call(authRoutes.loginTeacher, { body: { username: 'teacher01', password: await t.encrypt('Zhipi@2026') } });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^ey/);
    expect(body.data.chooseIdentity).toBe(false);
    expect(body.data.user).toMatchObject({ username: 'teacher01', roleId: 2, realname: '王老师', schoolName: '智批实验学校', limit: { status: 0 } });
    expect(body.data.user.currentPermission).toEqual(expect.arrayContaining(['workbench', 'class', 'task', 'taskBasis']));
  });

  it('refuses a wrong password with a message in the caller’s language', async () => {
    const zh = await t.call(authRoutes.loginTeacher, { body: { username: 'classrole01', password: await t.encrypt('wrong-pass1') } }, { ip: '127.1.0.1' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ error: 'BAD_CREDENTIALS', message: '用户名或密码错误', showMsg: '用户名或密码错误' });
    const en = await t.call(authRoutes.loginTeacher, { body: { username: 'classrole01', password: await t.encrypt('wrong-pass1') } }, { ip: '127.1.0.1', lang: 'en' });
    expect(en.body.message).toBe('Wrong username or password');
  });

  it('refuses a password that was not encrypted with the server key', async () => {
    const res = await t.call(authRoutes.loginTeacher, { body: { username: 'teacher01', password: Buffer.from('Zhipi@2026Zhipi@2026').toString('base64') } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('DECRYPT_FAILED');
  });

  it('rejects a malformed body with a readable validation message', async () => {
    const res = await t.call('POST', LOGIN, { body: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION');
    expect(res.json().message).toContain('请求参数有误');
  });

  it('demands the proof-of-work challenge after three failures on an account, and accepts it solved', async () => {
    const ip = '127.2.0.1';
    const wrong = async () => t.call(authRoutes.loginTeacher, { body: { username: 'principal01', password: await t.encrypt('nope-nope1') } }, { ip });
    await wrong();
    await wrong();
    const third = await wrong();
    expect(third.body.details).toEqual({ captchaRequired: true });

    const right = await t.encrypt('Zhipi@2026');
    const noCaptcha = await t.call(authRoutes.loginTeacher, { body: { username: 'principal01', password: right } }, { ip });
    expect(noCaptcha.body).toMatchObject({ error: 'CAPTCHA_REQUIRED', message: '请输入图形验证码' });

    const captcha = (await t.call('GET', '/correction-api/platform-system/auth/code')).json().data;
    expect(captcha.img).toBeUndefined();
    expect(captcha.challenge.parameters).toMatchObject({ algorithm: 'SHA-256', data: { id: captcha.uuid } });
    const badCaptcha = await t.call(authRoutes.loginTeacher, { body: { username: 'principal01', password: right, captchaId: captcha.uuid, captchaCode: 'XXXX' } }, { ip });
    expect(badCaptcha.body.error).toBe('CAPTCHA_WRONG');

    const fresh = await solvedChallenge(t, 'auth/code');
    const ok = await t.call(authRoutes.loginTeacher, { body: { username: 'principal01', password: right, captchaId: fresh.uuid, captchaCode: fresh.code } }, { ip });
    expect(ok.status).toBe(200);
    // a solution is single-use
    const reuse = await t.call(authRoutes.loginTeacher, { body: { username: 'principal01', password: await t.encrypt('bad-again1'), captchaId: fresh.uuid, captchaCode: fresh.code } }, { ip });
    expect(reuse.body.error).toBe('BAD_CREDENTIALS');
  });

  it('locks an account for a while after ten failures', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      const captcha = await solvedChallenge(t, 'auth/code');
      last = await t.call(
        authRoutes.loginTeacher,
        { body: { username: 'headmaster01', password: await t.encrypt(`bad-pass-${i}x`), captchaId: captcha.uuid, captchaCode: captcha.code } },
        { ip: `127.3.0.${i + 1}` },
      );
    }
    expect(last!.status, last!.raw.body).toBe(429);
    expect(last!.body).toMatchObject({ error: 'ACCOUNT_LOCKED' });
    expect(last!.body.message).toMatch(/账号已临时锁定/);
  });

  it('answers 401 to a missing, malformed or forged token', async () => {
    expect((await t.call(authRoutes.info, {})).status).toBe(401);
    expect((await t.call(authRoutes.info, {}, { token: 'garbage' })).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjEsImp0aSI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9.c2lnbmF0dXJl';
    const res = await t.call(authRoutes.info, {}, { token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: '登录失效，请重新登录' });
  });

  it('returns the session user from auth/info and revokes the token at logout', async () => {
    const token = await t.login('teacher01');
    const info = await t.call(authRoutes.info, {}, { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'teacher01', roleId: 2, signedInVia: 'password', ssoSource: null, identityCount: 1 });
    const out = await t.call(authRoutes.logout, {}, { token });
    expect(out.status).toBe(200);
    expect((await t.call(authRoutes.info, {}, { token })).status).toBe(401);
  });

  it('answers the health route without a token', async () => {
    const res = await t.call(healthRoutes.health, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: kind });
  });
});
