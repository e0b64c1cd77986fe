import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsRepo } from '../../src/server/repositories/notifications';
import { MGMT, registerMultiIdentityTeacher, registerTeacher, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth'; import { autoCorrection as autoCorrectionRoutes } from '../../src/core/api/routes/auto-correction'; import { dictionary as dictionaryRoutes } from '../../src/core/api/routes/dictionary'; import { menus as menusRoutes } from '../../src/core/api/routes/menus'; import { messages as messagesRoutes } from '../../src/core/api/routes/messages';
import { school as schoolRoutes } from '../../src/core/api/routes/school';
const ALL = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'];
const READ = ['query', 'get', 'export'];

interface MenuVo {
  permissionId: string;
  permissionName: string;
  actionEntitySet: { action: string; describe: string }[];
}

/** What each demo role may do and which menu entries it gets (reference data, product-rules.md#roles). */
const EXPECTED: Record<string, { roleId: number; realname: string; permissions: Record<string, string[]>; menus: string[] }> = {
  teacher01: {
    roleId: 2,
    realname: '王老师',
    permissions: { workbench: ALL, class: ALL, task: ALL, taskBasis: ALL, exercise: ALL, lcw: ALL },
    menus: ['teacherIndex', 'homework', 'correctRemark', 'class', 'excellentArticle', 'growingUp', 'requireWork', 'practice', 'lcwAts'],
  },
  classrole01: {
    roleId: 3,
    realname: '李老师',
    permissions: { class: ALL, task: READ, lcw: ALL },
    menus: ['homework', 'correctRemark', 'class', 'excellentArticle', 'growingUp', 'requireWork', 'lcwAts'],
  },
  headmaster01: {
    roleId: 6,
    realname: '张校长',
    permissions: { headmaster: ALL, class: READ, foundation: ALL, lcw: ALL, admissions: ALL },
    menus: ['headmaster', 'teachingAdmin', 'class', 'excellentArticle', 'growingUp', 'requireWork', 'lcwAts', 'enrollment', 'taStudentNum', 'taGrade', 'taTeacherNum', 'taDetailGrouing', 'taFoundation'],
  },
  principal01: {
    roleId: 7,
    realname: '赵校长',
    permissions: { headmaster: READ, lcw: READ, admissions: READ },
    menus: ['headmaster', 'teachingAdmin', 'lcwAts', 'enrollment', 'taStudentNum', 'taGrade', 'taTeacherNum', 'taDetailGrouing'],
  },
};

describe.each(databaseKinds())('platform calls on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const username of Object.keys(EXPECTED)) tokens[username] = await t.login(username);
  });
  afterAll(() => t?.close());

  describe('menus/infoMenu', () => {
    it.each(Object.keys(EXPECTED))('gives %s its permissions, action lists, menus, limit, realname and system info', async (username) => {
      const expected = EXPECTED[username]!;
      const res = await t.call(menusRoutes.menusInfoMenu, {}, { token: tokens[username] });
      expect(res.status).toBe(200);
      const data = res.body.data;

      const vos = data.menuVos as MenuVo[];
      expect(Object.fromEntries(vos.map((p) => [p.permissionId, p.actionEntitySet.map((a) => a.action)]))).toEqual(expected.permissions);
      for (const vo of vos) expect(vo.permissionName).toMatch(/\p{Script=Han}/u);

      const keys = (data.menus as { key: string }[]).map((m) => m.key);
      expect(keys).toEqual(expected.menus);
      const sorts = (data.menus as { sort: number }[]).map((m) => m.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
      for (const menu of data.menus as { key: string; notShown: boolean; permissionId: string }[]) {
        expect(menu.notShown, menu.key).toBe(menu.key === 'correctRemark');
        expect(Object.keys(expected.permissions)).toContain(menu.permissionId);
      }

      expect(data.limit).toMatchObject({ status: 0 });
      expect(Date.parse(data.limit.expiresAt ?? '')).toBeGreaterThan(Date.now());
      expect(data.realname).toBe(expected.realname);
      expect(data.roleInfos).toEqual([{ id: expected.roleId, name: expect.any(String) }]);
      expect(data.systemInfo).toEqual({ wxChat: null, logoutUrl: null, titlePrefix: null, schoolType: expect.any(Number) });
    });

    it('labels permissions, actions and roles in English for an English caller', async () => {
      const data = (await t.call(menusRoutes.menusInfoMenu, {}, { token: tokens.classrole01, lang: 'en' })).body.data;
      expect(data.roleInfos).toEqual([{ id: 3, name: 'Class staff' }]);
      const task = (data.menuVos as MenuVo[]).find((p) => p.permissionId === 'task')!;
      expect(task.permissionName).toBe('Essays');
      expect(task.actionEntitySet).toEqual(READ.map((a) => ({ action: a, describe: a })));
      const zh = (await t.call(menusRoutes.menusInfoMenu, {}, { token: tokens.classrole01 })).body.data;
      expect((zh.menuVos as MenuVo[]).find((p) => p.permissionId === 'task')!.actionEntitySet[0]).toEqual({ action: 'query', describe: '查询' });
    });
  });

  describe('dictionaries', () => {
    it('lists one dictionary with Chinese or English labels in order', async () => {
      const zh = await t.call(dictionaryRoutes.dictDetail, { query: { dictName: 'genre' } }, { token: tokens.teacher01 });
      expect(zh.status).toBe(200);
      const items = zh.body.data as { label: string; value: string; sort: number }[];
      expect(items.map((i) => i.value)).toEqual(['narrative', 'argumentative', 'expository', 'practical', 'prose', 'imaginative']);
      expect(items[0]!.label).toBe('记叙文');
      expect(items.map((i) => i.sort)).toEqual([...items.map((i) => i.sort)].sort((a, b) => a - b));
      const en = await t.call(dictionaryRoutes.dictDetail, { query: { dictName: 'grade' } }, { token: tokens.teacher01, lang: 'en' });
      expect(en.body.data.slice(0, 2)).toEqual([expect.objectContaining({ label: 'Grade 1', value: '1' }), expect.objectContaining({ label: 'Grade 2', value: '2' })]);
      expect(en.body.data).toHaveLength(12);
    });

    it('answers an empty list for an unknown dictionary, and refuses a missing name', async () => {
      const res = await t.call(dictionaryRoutes.dictDetail, { query: { dictName: 'nothingHere' } }, { token: tokens.teacher01 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      const missing = await t.call('GET', `${SYS}/api/dictDetail`, { token: tokens.teacher01 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('VALIDATION');
    });

    it('maps several dictionaries by name, with unknown names as empty lists', async () => {
      const res = await t.call(dictionaryRoutes.dictDetailMap, { query: { dictName: 'schoolTerm, difficulty,nope,schoolTerm' } }, { token: tokens.teacher01 });
      expect(res.status).toBe(200);
      const map = res.body.data;
      expect(Object.keys(map).sort()).toEqual(['difficulty', 'nope', 'schoolTerm']);
      expect(map.schoolTerm!.map((i: { label: string }) => i.label)).toEqual(['上学期', '下学期']);
      expect(map.difficulty).toHaveLength(3);
      expect(map.nope).toEqual([]);
      const en = (await t.call(dictionaryRoutes.dictDetailMap, { query: { dictName: 'schoolTerm' } }, { token: tokens.teacher01, lang: 'en' })).body.data;
      expect(en).toEqual({ schoolTerm: [expect.objectContaining({ label: 'First term', value: '1' }), expect.objectContaining({ label: 'Second term', value: '2' })] });
    });
  });

  describe('school', () => {
    it('describes the school of the current identity', async () => {
      const res = await t.call(schoolRoutes.mSchoolSchoolInfo, {}, { token: tokens.teacher01 });
      expect(res.status).toBe(200);
      const info = (await t.call(authRoutes.info, {}, { token: tokens.teacher01 })).body.data;
      expect(res.body.data).toEqual({
        schoolId: info.schoolId,
        schoolName: '智批实验学校',
        isSchoolTeacher: expect.any(Boolean),
        teacherVersion: expect.any(Number),
        campusName: '主校区',
        isSynchronizationSchool: expect.any(Boolean),
        category: expect.any(Number),
        schoolType: expect.any(Number),
      });
    });

    it('gives the version of the caller’s own school and refuses another school with 403', async () => {
      const schoolId = (await t.call(authRoutes.info, {}, { token: tokens.headmaster01 })).body.data.schoolId;
      const implicit = await t.call(schoolRoutes.schoolVersionGet, { query: {} }, { token: tokens.headmaster01 });
      expect(implicit.status).toBe(200);
      expect(implicit.body.data).toEqual({ schoolId, versionId: 1, versionName: '标准版' });
      const explicit = await t.call(schoolRoutes.schoolVersionGet, { query: { schoolId } }, { token: tokens.headmaster01 });
      expect(explicit.body.data).toEqual(implicit.body.data);
      const other = await t.call(schoolRoutes.schoolVersionGet, { query: { schoolId: schoolId + 1 } }, { token: tokens.headmaster01 });
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ error: 'FORBIDDEN', message: '您没有权限执行此操作' });
    });
  });

  describe('notifications', () => {
    it('lists unread (isRead 0) and all (isRead 2) notifications; marking read shrinks the unread list', async () => {
      const user = await registerTeacher(t, 'notes');
      for (const message of ['第一条通知', '第二条通知', '第三条通知']) await notificationsRepo.create(t.database.db, { userId: user.userId, message });
      const token = await t.login(user.username, user.password);
      const list = async (isRead: 0 | 2) => (await t.call(messagesRoutes.getSysMessages, { query: { isRead } }, { token })).body.data as { id: number; message: string; isRead: number; updatedTime: string }[];

      const unread = await list(0);
      expect(unread.map((n) => n.message).sort()).toEqual(['第一条通知', '第三条通知', '第二条通知']);
      for (const n of unread) {
        expect(n.isRead).toBe(0);
        expect(n.updatedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
      const ids = unread.filter((n) => n.message !== '第二条通知').map((n) => n.id);
      const marked = await t.call(messagesRoutes.update, { body: { ids } }, { token });
      expect(marked.status).toBe(200);
      expect(marked.body.data).toEqual({ updated: 2 });

      expect((await list(0)).map((n) => n.message)).toEqual(['第二条通知']);
      const all = await list(2);
      expect(all).toHaveLength(3);
      expect(all.filter((n) => n.isRead === 1).map((n) => n.id).sort()).toEqual([...ids].sort());
      // the default is all
      expect((await t.call(messagesRoutes.getSysMessages, { query: {} }, { token })).body.data).toHaveLength(3);

      // marking again changes nothing
      expect((await t.call(messagesRoutes.update, { body: { ids } }, { token })).body.data).toEqual({ updated: 0 });
    });

    it('refuses an isRead other than 0 or 2, and an empty id list', async () => {
      const token = tokens.teacher01;
      expect((await t.call(messagesRoutes.getSysMessages, { query: { isRead: '1' } }, { token })).status).toBe(400);
      expect((await t.call(messagesRoutes.update, { body: { ids: [] } }, { token })).status).toBe(400);
    });

    it('shows the seeded welcome notification to a demo account', async () => {
      const res = await t.call(messagesRoutes.getSysMessages, { query: { isRead: '2' } }, { token: tokens.principal01 });
      expect(res.body.data).toEqual([expect.objectContaining({ message: expect.stringContaining('赵校长'), isRead: 0 })]);
    });
  });

  describe('AI review delay (writingAutoCorrectionConfig)', () => {
    const CFG = `${MGMT}/writingAutoCorrectionConfig`;

    it('starts from the defaults: enabled, preset, 60 seconds', async () => {
      const user = await registerTeacher(t, 'cfgdef');
      const token = await t.login(user.username, user.password);
      const res = await t.call(autoCorrectionRoutes.getInfo, {}, { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ enabled: true, manual: 0, waitMinute: 60 });
    });

    it('turns automatic review off and on, and sets preset or custom delays', async () => {
      const user = await registerTeacher(t, 'cfgset');
      const token = await t.login(user.username, user.password);
      const off = await t.call(autoCorrectionRoutes.updateStatus, { body: { enabled: false } }, { token });
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ enabled: false, manual: 0, waitMinute: 60 });

      const custom = await t.call(autoCorrectionRoutes.updateConfig, { params: { minute: '45', manual: '1' } }, { token });
      expect(custom.status).toBe(200);
      expect(custom.body.data).toEqual({ enabled: false, manual: 1, waitMinute: 45 });
      expect((await t.call(autoCorrectionRoutes.getInfo, {}, { token })).body.data).toEqual({ enabled: false, manual: 1, waitMinute: 45 });

      const preset = await t.call(autoCorrectionRoutes.updateConfig, { params: { minute: '300', manual: '0' } }, { token });
      expect(preset.body.data).toEqual({ enabled: false, manual: 0, waitMinute: 300 });
      const on = await t.call(autoCorrectionRoutes.updateStatus, { body: { enabled: true } }, { token });
      expect(on.body.data).toEqual({ enabled: true, manual: 0, waitMinute: 300 });
    });

    it('refuses a delay of 0 or below, a manual flag other than 0/1, and a non-number', async () => {
      const token = tokens.teacher01;
      for (const path of ['0/1', '-5/1', '10/2', 'abc/0']) {
        const res = await t.call('POST', `${CFG}/updateConfig/${path}`, { token });
        expect(res.statusCode, path).toBe(400);
        expect(res.json().error, path).toBe('VALIDATION');
      }
      expect((await t.call('POST', `${CFG}/updateStatus`, { token, body: { enabled: 'yes' } })).statusCode).toBe(400);
    });

    it('keeps settings per identity: another identity of the same user and other users keep theirs', async () => {
      const user = await registerMultiIdentityTeacher(t, 'cfgid');
      const teacherToken = await t.login(user.username, user.password);
      await t.call(autoCorrectionRoutes.updateConfig, { params: { minute: 30, manual: 1 } }, { token: teacherToken });

      const head = await t.call(authRoutes.chooseRole, { body: { permission: String(user.headmasterIdentityId), schoolId: user.schoolId } }, { token: teacherToken });
      const headToken = head.body.data.token as string;
      expect((await t.call(autoCorrectionRoutes.getInfo, {}, { token: headToken })).body.data).toEqual({ enabled: true, manual: 0, waitMinute: 60 });
      await t.call(autoCorrectionRoutes.updateStatus, { body: { enabled: false } }, { token: headToken });

      const back = await t.call(authRoutes.chooseRole, { body: { permission: String(user.teacherIdentityId), schoolId: user.schoolId } }, { token: headToken });
      expect((await t.call(autoCorrectionRoutes.getInfo, {}, { token: back.body.data.token })).body.data).toEqual({ enabled: true, manual: 1, waitMinute: 30 });

      const bystander = await registerTeacher(t, 'cfgby');
      const bystanderToken = await t.login(bystander.username, bystander.password);
      expect((await t.call(autoCorrectionRoutes.getInfo, {}, { token: bystanderToken })).body.data).toEqual({ enabled: true, manual: 0, waitMinute: 60 });
    });
  });
});
