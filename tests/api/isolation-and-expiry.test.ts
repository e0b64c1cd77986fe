import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth'; import { dictionary as dictionaryRoutes } from '../../src/core/api/routes/dictionary'; import { h5Upload as h5UploadRoutes } from '../../src/core/api/routes/h5-upload'; import { messages as messagesRoutes } from '../../src/core/api/routes/messages'; import { school as schoolRoutes } from '../../src/core/api/routes/school';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';
import { menus as menusRoutes } from '../../src/core/api/routes/menus';

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
interface Operation {
  method: Method;
  /** Fastify form, `:param`. */
  path: string;
  /** Documented without the bearer requirement (config public). */
  public: boolean;
}

/** The calls reachable without a token; any other route answers 401 without one. */
const PUBLIC = [
  'GET /correction-api/health',
  'GET /correction-api/platform-system/auth/publicKey',
  'POST /correction-api/platform-system/auth/loginTeacher',
  'POST /correction-api/platform-system/auth/login/mobile',
  'GET /correction-api/platform-system/auth/code',
  'POST /correction-api/platform-system/auth/getImageVerificationCode',
  'POST /correction-api/platform-system/auth/verify',
  'POST /correction-api/platform-system/auth/smsCode',
  'GET /correction-api/platform-system/auth/verificationCode',
  'POST /correction-api/platform-system/auth/forgetPassword',
  'POST /correction-api/platform-system/auth/register',
  'POST /correction-api/platform-system/api/users/forgotPass',
  'POST /correction-api/platform-system/api/users/updatePass',
  // the H5 student join page: a class code opens the class's released tasks
  'GET /correction-api/platform-management/h5/class',
  // product-rules.md#essay-intake: the students' phone upload (task QR + class code) and signed file links (<img src>)
  'GET /correction-api/platform-management/h5/upload/context',
  'POST /correction-api/platform-management/h5/upload/submit',
  'GET /correction-api/file-service/files/:id/content',
  // product-rules.md#teacher-review: a student's notifications on the H5 class page (class code + a student of that class + their own code, product-rules.md#security)
  'POST /correction-api/platform-management/h5/student/verify',
  'POST /correction-api/platform-management/h5/messages',
  'POST /correction-api/platform-management/h5/messages/read',
  // the parents' link token, checked in the service like the report's GET
  'POST /correction-api/platform-management/h5/parentReport/upgrade',
  // product-rules.md#partner-portals: single sign-on, the partner's signed launch / ticket / link is the credential
  'POST /correction-api/platform-system/auth/sso/exchange',
  'GET /correction-api/platform-system/auth/hzy/ssoLogin',
  'GET /correction-api/platform-system/auth/gz/ssoLogin',
  'POST /correction-api/platform-system/auth/tianyu/login',
  // product-rules.md#class-report: the parents' report, opened from a signed, revocable per-student link
  'GET /correction-api/platform-management/h5/parentReport',
  'GET /correction-api/platform-management/h5/parentReport/pdf',
  // product-rules.md#sample-essays: published sample essays read and liked from the class's H5 page
  'GET /correction-api/platform-management/h5/samples',
  'GET /correction-api/platform-management/h5/samples/detail',
  'POST /correction-api/platform-management/h5/samples/like',
  // product-rules.md#practice: the etiquette test on the phone (class code + the student's own code), the parents'
  // enrollment form (a notice's random key), practice answered on the phone (class code + own code)
  'POST /correction-api/platform-management/h5/lcw/class',
  'POST /correction-api/platform-management/h5/lcw/test',
  'POST /correction-api/platform-management/h5/lcw/submit',
  'GET /correction-api/platform-management/h5/enrollment/notice',
  'POST /correction-api/platform-management/h5/enrollment/register',
  'GET /correction-api/platform-management/h5/practice/class',
  'POST /correction-api/platform-management/h5/practice/mine',
  'POST /correction-api/platform-management/h5/practice/submit',
  // docs/lti.md: the LMS's login initiation and signed launch, the tool's public keys, the picker's
  // single-use code, and the app's exchange of a launch's single-use hand-off code
  'GET /correction-api/lti/jwks',
  'GET /correction-api/lti/login',
  'POST /correction-api/lti/login',
  'POST /correction-api/lti/launch',
  'POST /correction-api/lti/deep-link',
  'POST /correction-api/lti/session',
];

/** What a signed-in user of an expired school may still call: the /expired page, header and role switch. */
const ALLOWED_WHEN_EXPIRED = [
  'GET /correction-api/platform-system/auth/info',
  'DELETE /correction-api/platform-system/auth/logout',
  'GET /correction-api/platform-system/auth/getTeacherRoles',
  'POST /correction-api/platform-system/auth/chooseRole',
  'GET /correction-api/platform-system/api/menus/infoMenu',
  'GET /correction-api/platform-management/mSchool/schoolInfo',
  'GET /correction-api/platform-management/schoolVersion/get',
  'GET /correction-api/platform-management/message/getSysMessages',
  'POST /correction-api/platform-management/message/update',
];

const EXPIRED_MARKER = '系统已到期,请联系管理员';
const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');

/** Every `/correction-api` route of the app, from its own route tree (so hidden routes are not missed). */
function routeTree(t: TestApp): { method: Method; path: string }[] {
  const out: { method: Method; path: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack.push(path);
    for (const method of m[3]!.split(', ')) {
      if (['GET', 'POST', 'DELETE', 'PUT'].includes(method) && path.startsWith('/correction-api/') && !path.startsWith('/correction-api/docs')) out.push({ method: method as Method, path });
    }
  }
  return out;
}

describe.each(databaseKinds())('school isolation, expiry and default deny on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doc = (await t.call('GET', '/correction-api/docs/json')).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/correction-api/'))
      .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase() as Method,
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        public: Array.isArray(op.security) && op.security.length === 0,
      })),
    );
  });
  afterAll(() => t?.close());

  describe('default deny', () => {
    it('serves the OpenAPI document without a token, and it lists every API route', async () => {
      expect(operations.length).toBeGreaterThanOrEqual(28);
      const documented = new Set(operations.map(key));
      const tree = routeTree(t);
      expect(tree.length).toBe(operations.length);
      for (const route of tree) expect(documented, key(route)).toContain(key(route));
      const ui = await t.call('GET', '/correction-api/docs/');
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toMatch(/text\/html/);
    });

    it('documents exactly the expected calls as public', () => {
      expect(operations.filter((o) => o.public).map(key).sort()).toEqual([...PUBLIC].sort());
    });

    it('answers 401 without a token on every route that is not public', async () => {
      const closed = operations.filter((o) => !o.public);
      expect(closed.length).toBeGreaterThanOrEqual(15);
      for (const op of closed) {
        const res = await t.call(op.method, concrete(op.path));
        expect(res.statusCode, key(op)).toBe(401);
        expect(res.json(), key(op)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', message: '登录失效，请重新登录' });
      }
      const en = await t.call(authRoutes.info, {}, { lang: 'en' });
      expect(en.body.message).toBe('Login expired, please log in again');
    });

    it('answers 404 in the envelope for an unknown API path', async () => {
      const res = await t.call('GET', '/correction-api/platform-system/nothing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });
  });

  describe('school B isolation', () => {
    it('never shows school A notifications to school B, nor lets it mark them read', async () => {
      const tokenA = await t.login('teacher01');
      const tokenB = await t.login('teacherB01');
      const listA = (await t.call(messagesRoutes.getSysMessages, { query: { isRead: '0' } }, { token: tokenA })).body.data as { id: number; message: string }[];
      expect(listA.length).toBeGreaterThan(0);
      const idsA = listA.map((n) => n.id);

      const listB = (await t.call(messagesRoutes.getSysMessages, { query: { isRead: '2' } }, { token: tokenB })).body.data as { id: number; message: string }[];
      expect(listB.length).toBeGreaterThan(0);
      for (const n of listB) {
        expect(idsA).not.toContain(n.id);
        expect(n.message).not.toContain('王老师');
      }

      const marked = await t.call(messagesRoutes.update, { body: { ids: idsA } }, { token: tokenB });
      expect(marked.status).toBe(200);
      expect(marked.body.data).toEqual({ updated: 0 });
      const stillUnread = (await t.call(messagesRoutes.getSysMessages, { query: { isRead: '0' } }, { token: tokenA })).body.data as { id: number }[];
      expect(stillUnread.map((n) => n.id).sort()).toEqual([...idsA].sort());
    });

    it('refuses school A’s version to school B with 403 and shows B only its own school', async () => {
      const tokenA = await t.login('headmaster01');
      const tokenB = await t.login('teacherB01');
      const schoolA = (await t.call(schoolRoutes.mSchoolSchoolInfo, {}, { token: tokenA })).body.data;
      const schoolB = (await t.call(schoolRoutes.mSchoolSchoolInfo, {}, { token: tokenB })).body.data;
      expect(schoolB.schoolId).not.toBe(schoolA.schoolId);
      expect(schoolB.schoolName).toBe('明德学校 (school B)');

      const cross = await t.call(schoolRoutes.schoolVersionGet, { query: { schoolId: schoolA.schoolId } }, { token: tokenB });
      expect(cross.status).toBe(403);
      expect(cross.body).toMatchObject({ error: 'FORBIDDEN', message: '您没有权限执行此操作' });
      const back = await t.call(schoolRoutes.schoolVersionGet, { query: { schoolId: schoolB.schoolId } }, { token: tokenA, lang: 'en' });
      expect(back.status).toBe(403);
      expect(back.body.message).toBe('You are not allowed to do this');
      expect((await t.call(schoolRoutes.schoolVersionGet, { query: {} }, { token: tokenB })).body.data.schoolId).toBe(schoolB.schoolId);
    });

    it('does not let school B switch into a school A identity', async () => {
      const tokenA = await t.login('classrole01');
      const tokenB = await t.login('teacherB01');
      const [identityA] = (await t.call(authRoutes.getTeacherRoles, {}, { token: tokenA })).body.data as { permission: string; schoolId: number }[];
      const res = await t.call(authRoutes.chooseRole, { body: { permission: identityA!.permission, schoolId: identityA!.schoolId } }, { token: tokenB });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('SWITCH_ROLE_FAILED');
      expect((await t.call(authRoutes.info, {}, { token: tokenB })).body.data.username).toBe('teacherB01');
    });
  });

  describe('expired school', () => {
    it('signs expired01 in with limit status 1, and auth/info and infoMenu still answer', async () => {
      const login = await t.call(authRoutes.loginTeacher, { body: { username: 'expired01', password: await t.encrypt('Zhipi@2026') } }, { ip: '127.40.0.1' });
      expect(login.status).toBe(200);
      expect(login.body.data.user).toMatchObject({ username: 'expired01', limit: { status: 1 }, schoolName: '智批到期学校' });
      const token = login.body.data.token as string;
      const info = await t.call(authRoutes.info, {}, { token });
      expect(info.status).toBe(200);
      expect(info.body.data.limit.status).toBe(1);
      const menu = await t.call(menusRoutes.menusInfoMenu, {}, { token });
      expect(menu.status).toBe(200);
      expect(menu.body.data.limit.status).toBe(1);
      expect(Date.parse(menu.body.data.limit.expiresAt!)).toBeLessThan(Date.now());
    });

    it('answers 403 with 系统已到期,请联系管理员 on every call the /expired page does not need', async () => {
      const token = await t.login('expired01');
      const closed = operations.filter((o) => !o.public && key(o) !== 'DELETE /correction-api/platform-system/auth/logout');
      const denied: string[] = [];
      for (const op of closed) {
        const res = await t.call(op.method, concrete(op.path), { token });
        if (ALLOWED_WHEN_EXPIRED.includes(key(op))) {
          expect(res.statusCode, key(op)).not.toBe(403);
          expect(res.statusCode, key(op)).not.toBe(401);
          continue;
        }
        denied.push(key(op));
        expect(res.statusCode, key(op)).toBe(403);
        expect(res.json(), key(op)).toMatchObject({ code: 403, error: 'SYSTEM_EXPIRED' });
        expect(res.json().message, key(op)).toContain(EXPIRED_MARKER);
        expect(res.json().showMsg, key(op)).toContain(EXPIRED_MARKER);
      }
      expect(denied).toEqual(
        expect.arrayContaining([
          'GET /correction-api/platform-system/api/dictDetail',
          'GET /correction-api/platform-system/api/dictDetail/map',
          'GET /correction-api/platform-management/writingAutoCorrectionConfig/getInfo',
          'POST /correction-api/platform-system/auth/changePassWord',
        ]),
      );
      // the marker is what the client matches on, so it stays the same in English
      const en = await t.call(dictionaryRoutes.dictDetail, { query: { dictName: 'grade' } }, { token, lang: 'en' });
      expect(en.body.message).toContain(EXPIRED_MARKER);
      // and the session survives the refusals
      expect((await t.call(authRoutes.info, {}, { token })).status).toBe(200);
    });

    it('lets expired01 log out', async () => {
      const token = await t.login('expired01');
      expect((await t.call(authRoutes.logout, {}, { token })).status).toBe(200);
      expect((await t.call(authRoutes.info, {}, { token })).status).toBe(401);
    });
  });
});

describe.each(databaseKinds())('students’ H5 pages of an expired school on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('stops answering the class page and the phone upload once the school expires', async () => {
    const { schools, classes } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [klass] = await t.database.db.select().from(classes).where(eq(classes.name, '七年级1班'));
    const token = await t.login('teacher01');
    const created = await t.call(tasksRoutes.tasksAdd, { body: { title: '我的一天', genre: 'narrative', grade: 7, deadline: new Date(Date.now() + 86_400_000).toISOString(), classIds: [klass!.id] } }, { token });
    const taskId = created.body.data.id;
    expect((await t.call(tasksRoutes.h5Class, { query: { code: klass!.classCode } })).status).toBe(200);
    expect((await t.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode: klass!.classCode } })).status).toBe(200);

    await t.database.db.update(schools).set({ limitStatus: 1 }).where(eq(schools.id, klass!.schoolId));
    const page = await t.call(tasksRoutes.h5Class, { query: { code: klass!.classCode } });
    expect(page.status).toBe(403);
    expect(page.body).toMatchObject({ error: 'SYSTEM_EXPIRED' });
    expect(page.body.message).toContain('系统已到期,请联系管理员');

    const upload = await t.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode: klass!.classCode } });
    expect(upload.status).toBe(403);
    expect(upload.body).toMatchObject({ error: 'SYSTEM_EXPIRED' });
  });
});
