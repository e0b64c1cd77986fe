import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMultiIdentityTeacher, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

const LOGIN = `${SYS}/auth/loginTeacher`;
const INFO = `${SYS}/auth/info`;
const ROLES = `${SYS}/auth/getTeacherRoles`;
const CHOOSE = `${SYS}/auth/chooseRole`;
const MENU = `${SYS}/api/menus/infoMenu`;

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
  const rolesOf = async (token: string): Promise<Identity[]> => (await t.call('GET', ROLES, { token })).json().data;
  const menuKeys = async (token: string): Promise<string[]> => (await t.call('GET', MENU, { token })).json().data.menus.map((m: { key: string }) => m.key);

  it('asks multi01 to choose at first sign-in, and defaults to the last chosen identity afterwards', async () => {
    const first = await signIn('multi01');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.chooseIdentity).toBe(true);
    expect(first.json().data.user).toMatchObject({ username: 'multi01', identityCount: 2 });
    const token = first.json().data.token as string;

    const identities = await rolesOf(token);
    expect(identities.map((i) => i.roleId).sort()).toEqual([2, 6]);
    const headmaster = identities.find((i) => i.roleId === 6)!;
    const switched = await t.call('POST', CHOOSE, { token, body: { permission: headmaster.permission, schoolId: headmaster.schoolId } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user.roleId).toBe(6);

    const again = await signIn('multi01');
    expect(again.json().data.chooseIdentity).toBe(false);
    expect(again.json().data.user).toMatchObject({ roleId: 6, identityId: headmaster.id });
  });

  it('lists the teacher and headmaster identities of a user, marking the current one', async () => {
    const user = await registerMultiIdentityTeacher(t, 'roles');
    const token = await t.login(user.username, user.password);
    const res = await t.call('GET', ROLES, { token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Identity[];
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: user.teacherIdentityId, roleId: 2, roleName: '教师', permission: String(user.teacherIdentityId), schoolId: user.schoolId, schoolName: '智批实验学校', current: true }),
        expect.objectContaining({ id: user.headmasterIdentityId, roleId: 6, roleName: '校长', current: false }),
      ]),
    );
    const en = await t.call('GET', ROLES, { token, lang: 'en' });
    expect(en.json().data.map((i: { roleName: string }) => i.roleName).sort()).toEqual(['Headmaster', 'Teacher']);
  });

  it('switches to the headmaster identity with a new token and revokes the old one', async () => {
    const user = await registerMultiIdentityTeacher(t, 'switch');
    const oldToken = await t.login(user.username, user.password);
    const res = await t.call('POST', CHOOSE, { token: oldToken, body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId } });
    expect(res.statusCode).toBe(200);
    const { token, user: sessionUser } = res.json().data;
    expect(token).not.toBe(oldToken);
    expect(sessionUser).toMatchObject({ roleId: 6, identityId: user.headmasterIdentityId, roleInfos: [{ id: 6, name: '校长' }] });
    expect(sessionUser.currentPermission).toContain('headmaster');

    expect((await t.call('GET', INFO, { token: oldToken })).statusCode).toBe(401);
    const info = await t.call('GET', INFO, { token });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ roleId: 6, identityId: user.headmasterIdentityId });
    expect((await rolesOf(token)).find((i) => i.current)?.id).toBe(user.headmasterIdentityId);
  });

  it('changes the menus with the identity: headmaster entries appear and teacherIndex disappears', async () => {
    const user = await registerMultiIdentityTeacher(t, 'menus');
    const teacherToken = await t.login(user.username, user.password);
    const teacherMenus = await menuKeys(teacherToken);
    expect(teacherMenus).toContain('teacherIndex');
    expect(teacherMenus).not.toContain('headmaster');

    const switched = await t.call('POST', CHOOSE, { token: teacherToken, body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId } });
    const headToken = switched.json().data.token as string;
    const headMenus = await menuKeys(headToken);
    expect(headMenus).toEqual(expect.arrayContaining(['headmaster', 'teachingAdmin', 'taGrade', 'taFoundation']));
    expect(headMenus).not.toContain('teacherIndex');
    const menu = (await t.call('GET', MENU, { token: headToken })).json().data;
    expect(menu.roleInfos).toEqual([{ id: 6, name: '校长' }]);
    expect(menu.menuVos.map((p: { permissionId: string }) => p.permissionId)).toContain('headmaster');

    // and back to the teacher identity
    const back = await t.call('POST', CHOOSE, { token: headToken, body: { permission: String(user.teacherIdentityId), schoolId: user.schoolId } });
    expect(back.statusCode).toBe(200);
    expect(await menuKeys(back.json().data.token)).toContain('teacherIndex');
  });

  it('refuses another user’s identity or a mismatched school with 切换角色失败, and keeps the token alive', async () => {
    const user = await registerMultiIdentityTeacher(t, 'refuse');
    const other = await registerMultiIdentityTeacher(t, 'other');
    const token = await t.login(user.username, user.password);

    const foreign = await t.call('POST', CHOOSE, { token, body: { permission: String(other.headmasterIdentityId), schoolId: other.schoolId } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'SWITCH_ROLE_FAILED', message: '切换角色失败', showMsg: '切换角色失败' });

    const wrongSchool = await t.call('POST', CHOOSE, { token, body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId + 1000 }, lang: 'en' });
    expect(wrongSchool.statusCode).toBe(400);
    expect(wrongSchool.json().message).toBe('Switch role failed');

    const garbage = await t.call('POST', CHOOSE, { token, body: { permission: 'not-an-id', schoolId: user.schoolId } });
    expect(garbage.json().error).toBe('SWITCH_ROLE_FAILED');

    // a refused switch revokes nothing
    expect((await t.call('GET', INFO, { token })).json().data.roleId).toBe(2);
  });

  it('needs a token to list or switch identities', async () => {
    expect((await t.call('GET', ROLES)).statusCode).toBe(401);
    expect((await t.call('POST', CHOOSE, { body: { permission: '1', schoolId: 1 } })).statusCode).toBe(401);
  });
});
