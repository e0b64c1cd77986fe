import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMultiIdentityTeacher, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth';
import { menus as menusRoutes } from '../../src/core/api/routes/menus';

const LOGIN = `${SYS}/auth/loginTeacher`;

interface Identity {
  id: number;
  roleId: number;
  permission: string;
  schoolId: number;
  current: boolean;
}

describe.each(databaseKinds())('identity switch on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const signIn = async (username: string, password = 'Zhipi@2026') =>
    t.call('POST', LOGIN, { body: { username, password: await t.encrypt(password) }, ip: `127.20.0.${Math.floor(Math.random() * 250)}` });
  const rolesOf = async (token: string): Promise<Identity[]> => (await t.call(authRoutes.getTeacherRoles, {}, { token })).body.data;
  const menuKeys = async (token: string): Promise<string[]> => (await t.call(menusRoutes.menusInfoMenu, {}, { token })).body.data.menus.map((m: { key: string }) => m.key);

  it('asks multi01 to choose at first sign-in, and defaults to the last chosen identity afterwards', async () => {
    const first = await signIn('multi01');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.chooseIdentity).toBe(true);
    expect(first.json().data.user).toMatchObject({ username: 'multi01', identityCount: 2 });
    const token = first.json().data.token as string;

    const identities = await rolesOf(token);
    expect(identities.map((i) => i.roleId).sort()).toEqual([2, 6]);
    const headmaster = identities.find((i) => i.roleId === 6)!;
    const switched = await t.call(authRoutes.chooseRole, { body: { permission: headmaster.permission, schoolId: headmaster.schoolId } }, { token });
    expect(switched.status).toBe(200);
    expect(switched.body.data.user.roleId).toBe(6);

    const again = await signIn('multi01');
    expect(again.json().data.chooseIdentity).toBe(false);
    expect(again.json().data.user).toMatchObject({ roleId: 6, identityId: headmaster.id });
  });

  it('lists the teacher and headmaster identities of a user, marking the current one', async () => {
    const user = await registerMultiIdentityTeacher(t, 'roles');
    const token = await t.login(user.username, user.password);
    const res = await t.call(authRoutes.getTeacherRoles, {}, { token });
    expect(res.status).toBe(200);
    const list = res.body.data as Identity[];
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: user.teacherIdentityId, roleId: 2, roleName: '教师', permission: String(user.teacherIdentityId), schoolId: user.schoolId, schoolName: '智批实验学校', current: true }),
        expect.objectContaining({ id: user.headmasterIdentityId, roleId: 6, roleName: '校长', current: false }),
      ]),
    );
    const en = await t.call(authRoutes.getTeacherRoles, {}, { token, lang: 'en' });
    expect(en.body.data.map((i: { roleName: string }) => i.roleName).sort()).toEqual(['Headmaster', 'Teacher']);
  });

  it('switches to the headmaster identity with a new token and revokes the old one', async () => {
    const user = await registerMultiIdentityTeacher(t, 'switch');
    const oldToken = await t.login(user.username, user.password);
    const res = await t.call(authRoutes.chooseRole, { body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId } }, { token: oldToken });
    expect(res.status).toBe(200);
    const { token, user: sessionUser } = res.body.data;
    expect(token).not.toBe(oldToken);
    expect(sessionUser).toMatchObject({ roleId: 6, identityId: user.headmasterIdentityId, roleInfos: [{ id: 6, name: '校长' }] });
    expect(sessionUser.currentPermission).toContain('headmaster');

    expect((await t.call(authRoutes.info, {}, { token: oldToken })).status).toBe(401);
    const info = await t.call(authRoutes.info, {}, { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ roleId: 6, identityId: user.headmasterIdentityId });
    expect((await rolesOf(token)).find((i) => i.current)?.id).toBe(user.headmasterIdentityId);
  });

  it('changes the menus with the identity: headmaster entries appear and teacherIndex disappears', async () => {
    const user = await registerMultiIdentityTeacher(t, 'menus');
    const teacherToken = await t.login(user.username, user.password);
    const teacherMenus = await menuKeys(teacherToken);
    expect(teacherMenus).toContain('teacherIndex');
    expect(teacherMenus).not.toContain('headmaster');

    const switched = await t.call(authRoutes.chooseRole, { body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId } }, { token: teacherToken });
    const headToken = switched.body.data.token as string;
    const headMenus = await menuKeys(headToken);
    expect(headMenus).toEqual(expect.arrayContaining(['headmaster', 'teachingAdmin', 'taGrade', 'taFoundation']));
    expect(headMenus).not.toContain('teacherIndex');
    const menu = (await t.call(menusRoutes.menusInfoMenu, {}, { token: headToken })).body.data;
    expect(menu.roleInfos).toEqual([{ id: 6, name: '校长' }]);
    expect(menu.menuVos.map((p: { permissionId: string }) => p.permissionId)).toContain('headmaster');

    // and back to the teacher identity
    const back = await t.call(authRoutes.chooseRole, { body: { permission: String(user.teacherIdentityId), schoolId: user.schoolId } }, { token: headToken });
    expect(back.status).toBe(200);
    expect(await menuKeys(back.body.data.token)).toContain('teacherIndex');
  });

  it('refuses another user’s identity or a mismatched school with 切换角色失败, and keeps the token alive', async () => {
    const user = await registerMultiIdentityTeacher(t, 'refuse');
    const other = await registerMultiIdentityTeacher(t, 'other');
    const token = await t.login(user.username, user.password);

    const foreign = await t.call(authRoutes.chooseRole, { body: { permission: String(other.headmasterIdentityId), schoolId: other.schoolId } }, { token });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: 'SWITCH_ROLE_FAILED', message: '切换角色失败', showMsg: '切换角色失败' });

    const wrongSchool = await t.call(authRoutes.chooseRole, { body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId + 1000 } }, { token, lang: 'en' });
    expect(wrongSchool.status).toBe(400);
    expect(wrongSchool.body.message).toBe('Switch role failed');

    const garbage = await t.call(authRoutes.chooseRole, { body: { permission: 'not-an-id', schoolId: user.schoolId } }, { token });
    expect(garbage.body.error).toBe('SWITCH_ROLE_FAILED');

    // a refused switch revokes nothing
    expect((await t.call(authRoutes.info, {}, { token })).body.data.roleId).toBe(2);
  });

  it('needs a token to list or switch identities', async () => {
    expect((await t.call(authRoutes.getTeacherRoles, {})).status).toBe(401);
    expect((await t.call(authRoutes.chooseRole, { body: { permission: '1', schoolId: 1 } })).status).toBe(401);
  });
});
