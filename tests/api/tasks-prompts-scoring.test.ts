import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksRepo } from '../../src/server/repositories/tasks';
import { startTaskReleaseJob } from '../../src/server/services/task-release-job';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';

interface Task { id: number; title: string; status: string; visibleToStudents: boolean; canEdit: boolean; classes: { id: number; name: string }[]; counts: Record<string, number>; releaseAt: string; deadline: string; requirements: string[] }

describe.each(databaseKinds())('essay tasks, prompt bank and scoring standards on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let code1 = '';
  const get = (url: string, who: string, lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, who: string, body: unknown, lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const del = (url: string, who: string) => t.call('DELETE', `${MGMT}/${url}`, { token: tok[who] });
  const inHours = (h: number) => new Date(Date.now() + t.clock.offsetMs + h * 3600_000).toISOString();
  const form = () => ({
    title: '我的拿手好戏',
    type: 'selfSet',
    genre: 'narrative',
    grade: 7,
    difficulty: 'normal',
    requirements: ['写出练成的过程', '重点部分写具体', '不少于500字'],
    guidance: '写出自己为练成这项本领付出的努力。',
    deadline: inHours(72),
    classIds: [ids['七年级1班']!],
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const u of ['teacher01', 'classrole01', 'headmaster01', 'teacherB01']) tok[u] = await t.login(u);
    for (const c of (await get('mclass/list?pageSize=100', 'classrole01')).json().data.list) {
      ids[c.name] = c.id;
      if (c.name === '七年级1班') code1 = c.classCode;
    }
  });
  afterAll(() => t?.close());

  describe('assign form', () => {
    it('answers each product-rules.md#validation message for a missing field, in order of the form', async () => {
      const cases: [string, unknown, string, string][] = [
        ['title', '', '请填写作文题目！', 'Please enter the essay title!'],
        ['genre', undefined, '请选择作文体裁！', 'Please choose the essay genre!'],
        ['deadline', undefined, '请选择提交截止时间！', 'Please choose the submission deadline!'],
        ['grade', undefined, '请先选择年级', 'Please choose the grade first'],
        ['classIds', [], '请选择布置班级', 'Please choose the classes to assign to'],
        ['requirements', ['一', '二', '三', '四', '五', '六'], '写作要求最多 5 条', 'At most 5 writing requirements'],
      ];
      for (const [field, value, zh, en] of cases) {
        const body = { ...form(), [field]: value };
        const res = await post('tasks/add', 'teacher01', body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().message, field).toBe(zh);
        expect((await post('tasks/add', 'teacher01', body, 'en')).json().message, field).toBe(en);
      }
      const unit = await post('tasks/add', 'teacher01', { ...form(), type: 'textbookUnit' });
      expect(unit.json()).toMatchObject({ code: 400, message: '请选择单元', showMsg: '请选择单元' });
      expect((await post('tasks/add', 'teacher01', { ...form(), type: 'fiveFourUnit' }, 'en')).json().message).toBe('Please choose the unit');
      expect((await post('tasks/add', 'teacher01', { ...form(), deadline: inHours(-1) })).json().error).toBe('DEADLINE_BEFORE_RELEASE');
      expect((await post('tasks/add', 'teacher01', { ...form(), scheduled: true, releaseAt: inHours(-1) })).json().error).toBe('SCHEDULE_IN_PAST');
      expect((await post('tasks/add', 'teacher01', { ...form(), scoringStandardId: 999999 })).json().error).toBe('SCORING_STANDARD_UNKNOWN');
    });

    it('assigns only to classes the teacher teaches; class staff and headmasters do not assign', async () => {
      expect((await post('tasks/add', 'teacher01', { ...form(), classIds: [ids['八年级3班']] })).statusCode).toBe(403);
      expect((await post('tasks/add', 'teacherB01', form())).statusCode).toBe(403);
      expect((await post('tasks/add', 'classrole01', form())).statusCode).toBe(403);
      expect((await post('tasks/add', 'headmaster01', form())).statusCode).toBe(403);
    });
  });

  describe('task board', () => {
    it('assigns a task from a prompt with three requirements and shows it with its counts', async () => {
      const source = (await get('writingSource/pageSource?grade=6&unit=7', 'teacher01')).json().data.list[0];
      const res = await post('tasks/add', 'teacher01', { ...form(), type: 'textbookUnit', unit: 7, grade: 6, sourceId: source.id, classIds: [ids['七年级1班'], ids['七年级2班']], scoringStandardId: 1 });
      expect(res.statusCode).toBe(200);
      const task = res.json().data as Task;
      expect(task).toMatchObject({ title: '我的拿手好戏', status: 'released', visibleToStudents: true, canEdit: true, scheduled: false, sourceId: source.id, creatorName: '王老师' });
      expect(task.requirements).toHaveLength(3);
      expect(task.classes.map((c) => c.name)).toEqual(['七年级1班', '七年级2班']);
      expect(task.counts).toEqual({ students: 53, submitted: 0, abnormal: 0, awaitingAi: 0, aiDone: 0, approved: 0, revisionRequested: 0, aiCorrected: 0, notSubmitted: 53 });
      ids.task = task.id;

      const board = (await get(`tasks/list?classId=${ids['七年级1班']}`, 'teacher01')).json().data;
      expect(board).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
      expect(board.list[0].id).toBe(task.id);
      const stats = (await get(`tasks/statistics?id=${task.id}`, 'teacher01')).json().data;
      expect(stats.totals.notSubmitted).toBe(53);
      expect(stats.classes.map((c: { className: string; students: number }) => [c.className, c.students])).toEqual([['七年级1班', 45], ['七年级2班', 8]]);

      // class staff read every task of the school but do not change them; school B sees nothing
      const staff = (await get('tasks/list', 'classrole01')).json().data.list as Task[];
      expect(staff.find((x) => x.id === task.id)!.canEdit).toBe(false);
      expect((await post('tasks/upl', 'classrole01', { ...form(), id: task.id })).statusCode).toBe(403);
      expect((await get('tasks/list', 'teacherB01')).json().data.total).toBe(0);
      expect((await get(`tasks/get?id=${task.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await get(`tasks/statistics?id=${task.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await del(`tasks/del?id=${task.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await get('tasks/list', 'headmaster01')).statusCode).toBe(403);
    });

    it('modifies the task and keeps its release time', async () => {
      const before = (await get(`tasks/get?id=${ids.task}`, 'teacher01')).json().data as Task;
      const res = await post('tasks/upl', 'teacher01', { ...form(), id: ids.task, title: '我的拿手好戏（修改）', requirements: ['写清过程', '写出感受'], difficulty: 'hard' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ title: '我的拿手好戏（修改）', requirements: ['写清过程', '写出感受'], difficulty: 'hard', releaseAt: before.releaseAt });
      expect(res.json().data.classes.map((c: { name: string }) => c.name)).toEqual(['七年级1班']);
    });

    it('shows a scheduled task to students only after its release time', async () => {
      const res = await post('tasks/add', 'teacher01', { ...form(), title: '定时发布的作文', scheduled: true, releaseAt: inHours(2), deadline: inHours(50) });
      expect(res.statusCode).toBe(200);
      const task = res.json().data as Task;
      expect(task).toMatchObject({ status: 'scheduled', visibleToStudents: false, scheduled: true });
      const h5 = async () => ((await t.call(tasksRoutes.h5Class, { query: { code: code1 } })).body.data.tasks as { title: string }[]).map((x) => x.title);
      expect(await h5()).toEqual(['我的拿手好戏（修改）']);
      expect((await get('tasks/list?status=scheduled', 'teacher01')).json().data.list.map((x: Task) => x.id)).toEqual([task.id]);

      t.clock.offsetMs = 3 * 3600_000;
      try {
        expect(await h5()).toEqual(['定时发布的作文', '我的拿手好戏（修改）']);
        expect((await get(`tasks/get?id=${task.id}`, 'teacher01')).json().data).toMatchObject({ status: 'released', visibleToStudents: true });
        expect((await get('tasks/list?status=scheduled', 'teacher01')).json().data.list.map((x: Task) => x.id)).not.toContain(task.id);
        expect((await get('tasks/list?status=released', 'teacher01')).json().data.list.map((x: Task) => x.id)).toContain(task.id);
      } finally {
        t.clock.offsetMs = 0;
      }
      expect((await t.call(tasksRoutes.h5Class, { query: { code: 'NOPE2345' } })).status).toBe(404);
      expect((await t.call(tasksRoutes.h5Class, { query: { code: code1 } })).body.data).toMatchObject({ className: '七年级1班', schoolName: '智批实验学校' });
    });

    it('releases due tasks in one update from the background job', async () => {
      const res = await post('tasks/add', 'teacher01', { ...form(), title: '后台发布', scheduled: true, releaseAt: inHours(1), deadline: inHours(10) });
      const id = res.json().data.id as number;
      const now = { value: new Date() };
      const job = startTaskReleaseJob(t.database.db, () => now.value, t.app.log, 60_000);
      try {
        await job.tick();
        expect((await tasksRepo.find(t.database.db, { schoolId: 1 }, id))?.t.status).toBe('scheduled');
        now.value = new Date(Date.now() + 2 * 3600_000);
        await job.tick();
        expect((await tasksRepo.find(t.database.db, { schoolId: 1 }, id))?.t.status).toBe('released');
      } finally {
        job.stop();
      }
    });

    it('deletes a task', async () => {
      expect((await del(`tasks/del?id=${ids.task}`, 'teacher01')).json().data).toEqual({ deleted: 1 });
      expect((await get(`tasks/get?id=${ids.task}`, 'teacher01')).statusCode).toBe(404);
      expect((await del(`tasks/del?id=${ids.task}`, 'teacher01')).statusCode).toBe(404);
    });
  });

  describe('prompt bank', () => {
    it('holds at least 60 public prompts across grades 3–12 and the genres', async () => {
      const all = (await get('writingSource/pageSource?pageSize=100', 'teacher01')).json().data;
      expect(all.total).toBeGreaterThanOrEqual(60);
      const grades = new Set(all.list.map((s: { grade: number }) => s.grade));
      for (let g = 3; g <= 12; g++) expect(grades.has(g), `grade ${g}`).toBe(true);
      const types = (await get('writingSource/types', 'teacher01')).json().data as { value: string; label: string; count: number }[];
      expect(types.filter((x) => x.count > 0).length).toBeGreaterThanOrEqual(5);
      expect(types.find((x) => x.value === 'argumentative')!.label).toBe('议论文');
      for (const s of all.list as { title: string; requirements: string[]; guidance: string }[]) {
        expect(s.title.length).toBeGreaterThan(1);
        expect(s.requirements.length).toBeGreaterThan(0);
        expect(s.requirements.length).toBeLessThanOrEqual(5);
        expect(s.guidance.length).toBeGreaterThan(10);
      }
    });

    it('cascades grade → unit → topic and searches', async () => {
      expect((await get('writingSource/units?grade=7', 'teacher01')).json().data).toEqual([1, 2, 3, 4, 5, 6]);
      expect((await get('writingSource/units?grade=7&term=2', 'teacher01')).json().data).toEqual([1, 2, 3, 4]);
      expect((await get('writingSource/units', 'teacher01')).json().message).toBe('请先选择年级');
      const unit = (await get('writingSource/pageSource?grade=7&term=1&unit=3', 'teacher01')).json().data;
      expect(unit.total).toBe(1);
      expect(unit.list[0]).toMatchObject({ theme: '写人', isPublic: true });
      const themes = (await get('writingSource/themes?grade=9', 'teacher01')).json().data as string[];
      expect(themes).toContain('观点');
      expect((await get(`writingSource/topics?theme=${encodeURIComponent('写人')}`, 'teacher01')).json().data.length).toBeGreaterThan(1);
      expect((await get(`writingSource/pageSource?keyword=${encodeURIComponent('青春')}`, 'teacher01')).json().data.total).toBeGreaterThanOrEqual(2);
      expect((await get(`writingSource/getSource?id=${unit.list[0].id}`, 'teacherB01')).json().data.title).toBe(unit.list[0].title);
    });

    it('copies, saves and deletes personal prompts, visible only to their owner', async () => {
      const pub = (await get('writingSource/pageSource?grade=8', 'teacher01')).json().data.list[0];
      const copy = (await get(`teacherWritingSource/toPersonal?id=${pub.id}`, 'teacher01')).json().data;
      expect(copy).toMatchObject({ title: pub.title, isPublic: false, copiedFromId: pub.id });
      const mine = (await get('teacherWritingSource/pageSource', 'teacher01')).json().data;
      expect(mine.list.map((s: { id: number }) => s.id)).toEqual([copy.id]);
      expect((await get('teacherWritingSource/pageSource', 'teacherB01')).json().data.total).toBe(0);
      expect((await get(`teacherWritingSource/getSource?id=${copy.id}`, 'teacherB01')).statusCode).toBe(404);
      const saved = await post('teacherWritingSource/saveSource', 'teacher01', { ...copy, title: '改过的题目', requirements: ['一', '二'] });
      expect(saved.json().data).toMatchObject({ id: copy.id, title: '改过的题目', requirements: ['一', '二'] });
      const created = await post('teacherWritingSource/saveSource', 'teacher01', { title: '校园里的一棵树', type: 'prose', grade: 7, requirements: ['写出树的特点'] });
      expect(created.json().data).toMatchObject({ title: '校园里的一棵树', isPublic: false });
      expect((await post('teacherWritingSource/saveSource', 'teacher01', { title: '', type: 'prose', grade: 7 })).json().message).toBe('请填写作文题目！');
      expect((await post('teacherWritingSource/saveSource', 'teacher01', { id: pub.id, title: 'x', type: 'prose', grade: 7 })).statusCode).toBe(403);
      expect((await post('teacherWritingSource/saveSource', 'teacherB01', { id: copy.id, title: 'x', type: 'prose', grade: 7 })).statusCode).toBe(404);
      expect((await del(`teacherWritingSource/deleteSource/${copy.id}`, 'teacherB01')).statusCode).toBe(404);
      expect((await del(`teacherWritingSource/deleteSource/${copy.id}`, 'teacher01')).json().data).toEqual({ deleted: 1 });
      expect((await get(`teacherWritingSource/getSource?id=${created.json().data.id}`, 'teacher01')).statusCode).toBe(200);
    });
  });

  describe('scoring standards and score configuration', () => {
    it('enforces 4 to 8 dimensions for types 1, 2 and 4 and one option for type 3', async () => {
      const dims = (n: number) => Array.from({ length: n }, (_, i) => `维度${i + 1}`).join(',');
      for (const levelType of [1, 2, 4]) {
        for (const n of [3, 9]) {
          const res = await post('mScoringLevel/add', 'teacher01', { levelType, levelDim: dims(n), difficulty: 0 }, 'en');
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ error: 'SCORING_DIMENSION_COUNT', message: 'Choose at least 4 and at most 8 dimensions for the scoring standard' });
        }
      }
      expect((await post('mScoringLevel/add', 'teacher01', { levelType: 1, levelDim: dims(3) })).json().message).toBe('评分标准的维度至少选择 4 个，最多选择 8 个');
      expect((await post('mScoringLevel/add', 'teacher01', { levelType: 3, levelDim: '100,50' })).json().error).toBe('SCORING_SINGLE_OPTION');
      const ok3 = await post('mScoringLevel/add', 'teacher01', { levelType: 3, levelDim: '100', difficulty: 1 });
      expect(ok3.json().data).toMatchObject({ levelType: 3, dimensions: ['100'], difficulty: 1, mine: true });
    });

    it('creates, lists and updates a standard; only its owner changes it', async () => {
      const res = await post('mScoringLevel/add', 'teacher01', { levelType: 2, levelDim: '立意，内容, 结构,语言,书写,书写', difficulty: 0 });
      const level = res.json().data;
      expect(level).toMatchObject({ levelDim: '立意,内容,结构,语言,书写', dimensions: ['立意', '内容', '结构', '语言', '书写'], name: '优/良/中/差 · 立意/内容/结构/语言/书写' });
      const list = (await get('mScoringLevel/list', 'teacher01')).json().data as { id: number; isDefault: boolean }[];
      expect(list[0]!.isDefault).toBe(true);
      expect(list.map((l) => l.id)).toContain(level.id);
      expect((await get('mScoringLevel/list', 'teacherB01')).json().data.map((l: { id: number }) => l.id)).not.toContain(level.id);
      const up = await post('mScoringLevel/upl', 'teacher01', { id: level.id, levelType: 4, levelDim: '立意,内容,结构,语言', difficulty: 1 });
      expect(up.json().data).toMatchObject({ levelType: 4, difficulty: 1, dimensions: ['立意', '内容', '结构', '语言'] });
      expect((await post('mScoringLevel/upl', 'teacher01', { id: level.id, levelType: 4, levelDim: '立意', difficulty: 1 })).json().error).toBe('SCORING_DIMENSION_COUNT');
      expect((await post('mScoringLevel/upl', 'teacher01', { id: 1, levelType: 1, levelDim: 'a,b,c,d', difficulty: 0 })).statusCode).toBe(403);
      expect((await post('mScoringLevel/upl', 'teacherB01', { id: level.id, levelType: 1, levelDim: 'a,b,c,d', difficulty: 0 })).statusCode).toBe(404);
      expect((await get(`mScoringLevel/get?id=${level.id}`, 'teacher01')).json().data.id).toBe(level.id);
      expect((await get(`mScoringLevel/get?id=${level.id}`, 'teacherB01')).statusCode).toBe(404);
    });

    it('saves and reads the score configuration per campus and key (only the headmaster saves it)', async () => {
      const campus = (await get('mSchoolCampus/currentUser', 'teacher01')).json().data;
      // product-rules.md#security: a teacher (task.edit) or class staff cannot change the campus-wide configuration.
      for (const who of ['teacher01', 'classrole01']) {
        const refused = await post('mTeacherScoreConfig/saveOrUpdate', who, { campusId: campus.id, key: 'grade7', scoringStandardId: 1, fullMark: 99 });
        expect(refused.statusCode, who).toBe(403);
        expect(refused.json()).toMatchObject({ error: 'HEADMASTER_ONLY', message: '全校评分配置只有校长（教学管理员）可以修改' });
      }
      const saved = await post('mTeacherScoreConfig/saveOrUpdate', 'headmaster01', { campusId: campus.id, key: 'grade7', scoringStandardId: 1, fullMark: 60 });
      expect(saved.json().data).toMatchObject({ campusId: campus.id, key: 'grade7', fullMark: 60, scoringStandard: { id: 1, isDefault: true } });
      await post('mTeacherScoreConfig/saveOrUpdate', 'headmaster01', { campusId: campus.id, key: 'grade7', scoringStandardId: null, fullMark: 50 });
      const list = (await get('mTeacherScoreConfig/list?key=grade7', 'classrole01')).json().data;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ fullMark: 50, scoringStandardId: null });
      expect((await get(`mTeacherScoreConfig/get?compusId=${campus.id}`, 'teacher01')).json().data).toHaveLength(1);
      expect((await get('mTeacherScoreConfig/list', 'teacherB01')).json().data).toEqual([]);
      expect((await post('mTeacherScoreConfig/saveOrUpdate', 'teacherB01', { campusId: campus.id, key: 'x', scoringStandardId: null })).statusCode).toBe(403);
    });

    it('refuses a class sync when no basic-data platform is configured', async () => {
      const res = await post('classSync/run', 'classrole01', {});
      expect(res.json()).toMatchObject({ error: 'CLASS_SYNC_NOT_CONFIGURED', message: '未配置基础数据平台地址，无法同步班级' });
      expect((await get('classSync/last', 'classrole01')).json().data).toEqual({ report: null, configured: false });
    });
  });
});
