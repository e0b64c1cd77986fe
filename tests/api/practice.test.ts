import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT } from '../helpers/flows';
import { FakeOcr } from '../helpers/correction';
import { multipartFiles, solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { practiceH5 as practiceH5Routes } from '../../src/core/api/routes/practice-h5';
import { practice as practiceRoutes } from '../../src/core/api/routes/practice';

interface Listed {
  id: number;
  name: string;
  h5Code: string;
}

const ESSAY = '秋天来了，校园里的银杏树像一把把金色的小扇子，在风中轻轻摇摆。\n我和同桌在树下捡落叶，叶子黄得发亮，仿佛被阳光涂上了一层蜂蜜。我们把最漂亮的叶子夹进书里，约好明年秋天再来比一比谁的叶子更好看。\n秋天真美啊！我爱这金色的校园。';

// product-rules.md#practice: practice homework and the classroom composition, over HTTP on a real database.
describe.each(databaseKinds())('practice and classroom composition on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let classCode: string;
  let classId: number;
  let students: Listed[] = [];
  const ocr = new FakeOcr();
  const get = (url: string, tk = token, lang: 'zh' | 'en' = 'zh') => t.call('GET', `${MGMT}/${url}`, { token: tk, lang });
  const post = (url: string, body: unknown, tk = token) => t.call('POST', `${MGMT}/${url}`, { token: tk, body });
  const submit = (practiceId: number, s: Listed, text: string, opts: { code?: string; lang?: 'zh' | 'en'; ip?: string } = {}) =>
    t.call('POST', `${MGMT}/h5/practice/submit`, { body: { classCode, studentId: s.id, studentCode: opts.code ?? s.h5Code, practiceId, text }, lang: opts.lang ?? 'zh', ip: opts.ip ?? '10.60.0.1' });
  const mine = (practiceId: number, s: Listed) => t.call('POST', `${MGMT}/h5/practice/mine`, { body: { classCode, studentId: s.id, studentCode: s.h5Code, practiceId }, ip: '10.60.0.2' });
  const runJobs = () => t.app.jobRunner!.runDue();
  const inHours = (h: number) => new Date(Date.now() + t.clock.offsetMs + h * 3600_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: { poll: false }, deps: { ocr } });
    token = await t.login('teacher01');
    const classes = (await get('mclass/list?pageSize=100')).json().data.list as { id: number; name: string; classCode: string }[];
    const c1 = classes.find((c) => c.name === '七年级1班')!;
    classCode = c1.classCode;
    classId = c1.id;
    students = (await get(`mStudent/list?classId=${classId}&pageSize=100`)).json().data.list;
  }, 120_000);
  afterAll(async () => t?.close());

  it('a practice set for a class is answered on the phone and gets the AI’s feedback at once, without approval', async () => {
    const add = await post('practice/add', { classId, title: '秋天的校园', prompt: '用上比喻，写一段秋天的校园', minWords: 100, focus: 'simile', deadline: inHours(48) });
    expect(add.statusCode, add.body).toBe(200);
    const p = add.json().data;
    expect(p).toMatchObject({ kind: 'practice', state: 'open', participants: 0, classSize: students.length, averagePercent: null });

    const cls = await t.call(practiceH5Routes.practiceClass, { query: { code: classCode } });
    expect(cls.body.data.practices.map((x: { id: number }) => x.id)).toContain(p.id);
    expect(cls.body.data.students[0]).not.toHaveProperty('h5Code');

    const s = students[0]!;
    const sent = await submit(p.id, s, ESSAY);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ attemptNo: 1, status: 'queued' });
    await runJobs();
    const got = (await mine(p.id, s)).json().data;
    expect(got).toMatchObject({ state: 'open', canSubmit: true, attemptsLeft: 2 });
    const fb = got.attempts[0].feedback;
    expect(got.attempts[0].status).toBe('done');
    expect(fb.scorePercent).toBeGreaterThan(0);
    expect(fb.overall.length).toBeGreaterThan(5);
    expect(fb.focus).toMatchObject({ focus: 'simile', met: true });
    expect(fb.focus.text).toContain('比喻');
    expect(fb.focus.examples.join('')).toMatch(/像|仿佛/);

    // the teacher sees participation, the average and the attempt, and comments on it
    const list = (await get('practice/list')).json().data.list;
    expect(list.find((x: { id: number }) => x.id === p.id)).toMatchObject({ participants: 1, attempts: 1, averagePercent: fb.scorePercent });
    const detail = (await get(`practice/${p.id}`)).json().data;
    const row = detail.students.find((x: { id: number }) => x.id === s.id);
    expect(row.attempts).toHaveLength(1);
    expect(row.bestPercent).toBe(fb.scorePercent);
    const c = await post(`practice/${p.id}/comment`, { attemptId: row.attempts[0].id, comment: '比喻用得好，再写长一点。' });
    expect(c.statusCode, c.body).toBe(200);
    expect((await mine(p.id, s)).json().data.attempts[0].teacherComment).toBe('比喻用得好，再写长一点。');

    // a separate practice series in the growth profile, apart from graded tasks
    const growth = await get(`practice/growth?studentId=${s.id}`);
    expect(growth.statusCode, growth.body).toBe(200);
    expect(growth.json().data).toMatchObject({ practices: 1, attempts: 1, averagePercent: fb.scorePercent });
    expect(growth.json().data.series[0]).toMatchObject({ practiceId: p.id, focusMet: true, bestPercent: fb.scorePercent });
    const profile = await get(`studentGrowing/single?studentId=${s.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.trend).toEqual([]);
  });

  it('a photographed answer is read by OCR and fed back the same way', async () => {
    const p = (await post('practice/add', { classId, title: '拍照练习', minWords: 80, deadline: inHours(24) })).json().data;
    const img = await solidImage(800, 1100, 7, 'jpeg');
    ocr.register(img, ESSAY);
    const s = students[5]!;
    const mp = multipartFiles({ classCode, studentId: String(s.id), studentCode: s.h5Code, practiceId: String(p.id) }, [{ name: 'page.jpg', content: img }]);
    const sent = await t.call('POST', `${MGMT}/h5/practice/submit`, { payload: mp.payload, headers: mp.headers, ip: '10.60.0.5' });
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs();
    const a = (await mine(p.id, s)).json().data.attempts[0];
    expect(a).toMatchObject({ source: 'photo', status: 'done' });
    expect(a.text).toContain('银杏树');
    expect(a.photoUrls).toHaveLength(1);
    // a wrong student code stores nothing
    const mp2 = multipartFiles({ classCode, studentId: String(s.id), studentCode: 'WRONG9', practiceId: String(p.id) }, [{ name: 'page.jpg', content: img }]);
    const refused = await t.call('POST', `${MGMT}/h5/practice/submit`, { payload: mp2.payload, headers: mp2.headers, ip: '10.60.0.6' });
    expect(refused.statusCode).toBe(403);
    expect((await mine(p.id, s)).json().data.attempts).toHaveLength(1);
  });

  it('refuses bad input, a classmate’s code, and answers after the deadline, in zh and en', async () => {
    const bad = await post('practice/add', { classId, title: '', minWords: 10, deadline: inHours(1) });
    expect(bad.statusCode).toBe(400);
    const past = await post('practice/add', { classId, title: '过去', minWords: 100, deadline: inHours(-1) });
    expect(past.json()).toMatchObject({ error: 'DEADLINE_PAST', message: '截止时间须晚于现在' });
    const p = (await post('practice/add', { classId, title: '短练习', minWords: 50, focus: 'opening', deadline: inHours(2) })).json().data;
    const [a, b] = [students[1]!, students[2]!];
    expect((await submit(p.id, a, ESSAY, { code: b.h5Code })).json()).toMatchObject({ error: 'STUDENT_CODE_WRONG' });
    expect((await submit(p.id, a, '   ')).json()).toMatchObject({ error: 'ANSWER_EMPTY', message: '请先写下你的作答，或拍照上传' });
    const big = await t.call(practiceH5Routes.practiceSubmit, { body: { classCode, studentId: a.id, studentCode: a.h5Code, practiceId: p.id, text: '长'.repeat(40_000) } }, { ip: '10.60.0.7' });
    expect(big.status).toBe(413);
    for (let i = 0; i < 3; i++) expect((await submit(p.id, a, ESSAY)).statusCode).toBe(200);
    expect((await submit(p.id, a, ESSAY)).json()).toMatchObject({ error: 'NO_ATTEMPTS_LEFT' });

    t.clock.offsetMs += 3 * 3600_000;
    const late = await submit(p.id, b, ESSAY);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: 'PRACTICE_CLOSED', message: '练习已截止，不能再提交' });
    expect((await submit(p.id, b, ESSAY, { lang: 'en' })).json().message).toBe('The practice is closed; no more submissions');
    expect((await get(`practice/${p.id}`)).json().data.practice.state).toBe('ended');
  });

  it('a classroom writing takes submissions only between the teacher’s start and end, once per student', async () => {
    const c = await post('practice/add', { kind: 'classroom', classId, title: '课堂作文：我的妈妈', minWords: 200, durationMinutes: 40 });
    expect(c.statusCode, c.body).toBe(200);
    const p = c.json().data;
    expect(p.state).toBe('notStarted');
    const [a, b, d] = [students[10]!, students[11]!, students[12]!];
    expect((await submit(p.id, a, ESSAY)).json()).toMatchObject({ error: 'PRACTICE_NOT_FOUND' });
    const started = await post(`practice/${p.id}/start`, {});
    expect(started.json().data.state).toBe('open');
    expect((await post(`practice/${p.id}/start`, {})).statusCode).toBe(409);
    expect((await submit(p.id, a, ESSAY)).statusCode).toBe(200);
    expect((await submit(p.id, a, ESSAY)).json()).toMatchObject({ error: 'NO_ATTEMPTS_LEFT', message: '课堂作文只能提交一次，你已经交过了' });
    expect((await submit(p.id, b, ESSAY)).statusCode).toBe(200);
    // submissions arrive live on the teacher's page (polled)
    const live = (await get(`practice/${p.id}`)).json().data;
    expect(live.remainingSeconds).toBeGreaterThan(2000);
    expect(live.students.filter((s: { attempts: unknown[] }) => s.attempts.length)).toHaveLength(2);
    expect((await post(`practice/${p.id}/end`, {})).json().data.state).toBe('ended');
    const late = await submit(p.id, d, ESSAY);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: 'PRACTICE_CLOSED', message: '课堂作文已收卷，不能再提交' });
    expect((await get('practice/list?kind=classroom')).json().data.list[0]).toMatchObject({ id: p.id, participants: 2 });
    expect((await get('practice/list?kind=practice')).json().data.list.map((x: { id: number }) => x.id)).not.toContain(p.id);
  });

  it('refuses roles without the permission and another school’s teacher', async () => {
    const p = (await post('practice/add', { classId, title: '权限', minWords: 50, deadline: inHours(5) })).json().data;
    const head = await t.login('headmaster01');
    expect((await get('practice/list', head)).statusCode).toBe(403);
    expect((await post('practice/add', { classId, title: 'x', minWords: 50, deadline: inHours(5) }, head)).statusCode).toBe(403);
    const staff = await t.login('classrole01');
    expect((await get('practice/list', staff)).statusCode).toBe(403);
    expect((await get('practice/list?kind=classroom', staff)).statusCode).toBe(200);
    const other = await t.login('teacherB01');
    expect((await get(`practice/${p.id}`, other)).statusCode).toBe(404);
    expect((await post(`practice/${p.id}/comment`, { attemptId: 1, comment: 'x' }, other)).statusCode).toBe(404);
    expect((await post(`practice/${p.id}/end`, {}, other)).statusCode).toBe(404);
    expect((await post('practice/add', { classId, title: 'x', minWords: 50, deadline: inHours(5) }, other)).statusCode).toBe(404);
    expect((await get('practice/list', other)).json().data.list).toEqual([]);
    expect((await get(`practice/growth?studentId=${students[0]!.id}`, other)).statusCode).toBe(404);
    expect((await t.call(practiceRoutes.practiceList, { query: {} })).status).toBe(401);
  });
});
