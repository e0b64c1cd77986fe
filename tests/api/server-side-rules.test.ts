import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth'; import { foundation as foundationRoutes } from '../../src/core/api/routes/foundation';
import { scoring as scoringRoutes } from '../../src/core/api/routes/scoring';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';
import { commentLibrary as commentLibraryRoutes } from '../../src/core/api/routes/comment-library';
import { classes as classesRoutes } from '../../src/core/api/routes/classes';

// product-rules.md#security: rules the browser applied but the server did not.
describe.each(databaseKinds())('server-side rules on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
  }, 120_000);
  afterAll(async () => t?.close());

  it('a token from the initial password only serves changing it (and what the identity choice needs)', async () => {
    const username = `fresh${Date.now() % 1_000_000}`;
    const created = await t.call(foundationRoutes.foundationTeacherAdd, { body: { username, realname: '新老师', phone: freshPhone() } }, { token: tok.headmaster01 });
    expect(created.status, created.raw.body).toBe(200);
    const initial = created.body.data.initialPassword as string;
    const token = await t.login(username, initial);

    const refused = await t.call(tasksRoutes.tasksList, { query: {} }, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'PASSWORD_CHANGE_REQUIRED', message: '首次登录需要先修改初始密码，请设置新密码后再继续' });
    expect((await t.call(commentLibraryRoutes.list, { query: {} }, { token, lang: 'en' })).body.message).toBe('Please change your initial password before you continue');
    const info = await t.call(authRoutes.info, {}, { token });
    expect(info.body.data.mustChangePassword).toBe(true);

    const changed = await t.call(authRoutes.changePassWord, { body: { oldPass: await t.encrypt(initial), newPass: await t.encrypt('Fresh2026pass') } }, { token });
    expect(changed.status, changed.raw.body).toBe(200);
    const after = await t.login(username, 'Fresh2026pass');
    expect((await t.call(tasksRoutes.tasksList, { query: {} }, { token: after })).status).toBe(200);
  });

  it('only the headmaster changes the campus-wide score configuration', async () => {
    const campus = (await t.call(classesRoutes.mSchoolCampusCurrentUser, {}, { token: tok.teacher01 })).body.data;
    const body = { campusId: campus!.id, key: 'rules-test', scoringStandardId: null, fullMark: 40 };
    expect((await t.call(scoringRoutes.mTeacherScoreConfigSaveOrUpdate, { body }, { token: tok.teacher01 })).status).toBe(403);
    expect((await t.call(scoringRoutes.mTeacherScoreConfigSaveOrUpdate, { body }, { token: tok.headmaster01 })).status).toBe(200);
  });

  it('public comment-library use counts are per school: school B’s uses do not show in school A', async () => {
    const list = async (who: string) => (await t.call(commentLibraryRoutes.list, { query: { scope: 'public', pageSize: 100 } }, { token: tok[who] })).body.data.list;
    const target = (await list('teacher01')).at(-1)!;
    const before = target.useCount;
    for (let i = 0; i < 5; i++) expect((await t.call(commentLibraryRoutes.use, { params: { id: target.id } }, { token: tok.teacherB01 })).status).toBe(200);
    expect((await list('teacher01')).find((c) => c.id === target.id)!.useCount).toBe(before);
    expect((await list('teacherB01')).find((c) => c.id === target.id)!.useCount).toBe(5);
    const mine = (await t.call(commentLibraryRoutes.use, { params: { id: target.id } }, { token: tok.teacher01 })).body.data;
    expect(mine.useCount).toBe(before + 1);
  });
});
