import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campuses, classes, classTeachers, excellentSamples, identities } from '../../src/server/db/schema';
import { samplesRepo } from '../../src/server/repositories/samples';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { correctedEssay } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// Excellent sample essays: only approved essays, scope-limited visibility (never beyond the campus,
// never another school), status transitions and refusals, one like per reader, and the H5 page
// showing the original pages and comments only once the sample is published to that class.
describe.each(databaseKinds())('excellent sample essays on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  const code: Record<string, string> = {};
  let fx: EssayFixture;
  const db = () => t.database.db;
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const h5 = (url: string) => t.call('GET', `${MGMT}/${url}`, { ip: '10.1.2.3' });
  const approved = async (f = fx) => {
    const id = await correctedEssay(t, storage, ocr, f, { studentId: await newStudent(db(), f) });
    const res = await post('review/approve', { essayId: id, teacherComment: '细节生动，结尾点题。' });
    expect(res.statusCode).toBe(200);
    return id;
  };
  const proposed = async () => {
    const res = await post('samples/propose', { essayId: await approved(), reason: '描写细腻' });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const save = (id: number, patch: Record<string, unknown> = {}, who = 'teacher01') =>
    post('samples/save', { id, title: '难忘的运动会', coverFileId: null, abstract: '写运动会上的接力', aiReview: 'AI点评', teacherEvaluation: '名师点评', scope: 'class', showName: true, genre: 'narrative', themes: ['运动'], highlights: [], featured: false, ...patch }, who);

  /** A class of the demo school (campus, grade) with a new teacher bound to it. */
  async function classWithTeacher(name: string, campusId: number, grade: number) {
    const [base] = await db().select().from(classes).where(eq(classes.id, fx.classId));
    const [cls] = await db().insert(classes).values({ schoolId: base!.schoolId, campusId, semesterId: base!.semesterId, name, grade, classCode: `S${name.length}${Math.random().toString(36).slice(2, 8).toUpperCase()}` }).returning();
    const teacher = await registerTeacher(t, 'sm');
    const [ident] = await db().select().from(identities).where(and(eq(identities.userId, teacher.userId), isNull(identities.ssoSource)));
    await db().insert(classTeachers).values({ classId: cls!.id, identityId: ident!.id });
    tok[name] = await t.login(teacher.username, teacher.password);
    code[name] = cls!.classCode;
    return cls!;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01', 'classrole01', 'principal01']) tok[u] = await t.login(u);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    const [home] = await db().select().from(classes).where(eq(classes.id, fx.classId));
    code.home = home!.classCode;
    const [other] = await db().insert(campuses).values({ schoolId: home!.schoolId, name: '北校区' }).returning();
    await classWithTeacher('同年级班', home!.campusId, home!.grade);
    await classWithTeacher('别年级班', home!.campusId, home!.grade === 8 ? 9 : 8);
    await classWithTeacher('北校区班', other!.id, home!.grade);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('only approved essays can be proposed, once, by whoever manages the class', async () => {
    const pending = await correctedEssay(t, storage, ocr, fx, { studentId: await newStudent(db(), fx) });
    const refused = await post('samples/propose', { essayId: pending });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ESSAY_NOT_APPROVED', message: '只有审核通过的作文才能推荐为范文' });
    expect((await post('samples/propose', { essayId: pending }, 'teacher01', 'en')).json().message).toBe('Only approved essays can be proposed as samples');

    const essayId = await approved();
    expect((await post('samples/propose', { essayId }, 'headmaster01')).statusCode).toBe(403); // class.query only
    expect((await post('samples/propose', { essayId }, 'teacherB01')).statusCode).toBe(404); // another school
    expect((await post('samples/propose', { essayId }, '同年级班')).statusCode).toBe(404); // not their class
    const ok = await post('samples/propose', { essayId, reason: '结构完整' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'to_release', scope: 'class', reason: '结构完整', title: '难忘的一次运动会', genre: 'narrative', likeCount: 0 });
    const again = await post('samples/propose', { essayId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SAMPLE_EXISTS');

    const pre = (await get('samples/preList')).json().data;
    expect(pre.proposed.map((s: { essayId: number }) => s.essayId)).toContain(essayId);
    // the AI suggests the top approved essays of the recent task that are not samples yet, with why
    expect(pre.suggestions.some((s: { essayId: number }) => s.essayId === essayId)).toBe(false);
    const spare = await approved();
    const suggested = (await get('samples/preList')).json().data.suggestions.find((s: { essayId: number }) => s.essayId === spare);
    expect(suggested).toMatchObject({ taskId: fx.taskId, approvedCount: 2 });
    expect(suggested.why).toMatch(/本班已审核的 2 篇中排名第 \d/);
  });

  it('status: to be released → published and back; campus-wide through exCheck; refusals', async () => {
    const id = await proposed();
    expect((await save(id, { highlights: [{ start: 0, end: 4, excerpt: '', note: '开头点题' }] })).json().data.highlights[0].excerpt).toHaveLength(4);
    expect((await save(id, { highlights: [{ start: 0, end: 99999, excerpt: '', note: '' }] })).json().error).toBe('HIGHLIGHT_RANGE');
    expect((await save(id, { coverFileId: '00000000-0000-4000-8000-000000000000' })).json().error).toBe('COVER_UNKNOWN');

    const pub = await post('samples/publish', { id });
    expect(pub.json().data).toMatchObject({ status: 'published' });
    expect(pub.json().data.publishedAt).toBeTruthy();
    const twice = await post('samples/publish', { id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'SAMPLE_STATUS', message: '范文当前为“已发布”，不能进行此操作' });
    expect((await save(id)).json().error).toBe('SAMPLE_LOCKED');
    expect((await post('samples/withdraw', { id })).statusCode).toBe(409);
    expect((await post('samples/unpublish', { id })).json().data.status).toBe('to_release');
    expect((await post('samples/unpublish', { id }, 'teacher01', 'en')).json().message).toBe('The sample is “To be released”; this action is not possible now');

    // campus-wide: awaiting review until a headmaster (or the class's teacher) confirms
    await save(id, { scope: 'campus' });
    expect((await post('samples/publish', { id })).json().data.status).toBe('checking');
    expect((await post('samples/check', { id, approve: true }, '同年级班')).statusCode).toBe(404); // teacher of another class: not even seen
    expect((await post('samples/check', { id, approve: true }, 'principal01')).statusCode).toBe(403);
    expect((await post('samples/check', { id, approve: false }, 'headmaster01')).json().error).toBe('NOTE_REQUIRED');
    const back = await post('samples/check', { id, approve: false, note: '摘要再写具体些' }, 'headmaster01');
    expect(back.json().data).toMatchObject({ status: 'to_release', checkNote: '摘要再写具体些', checkedBy: '张校长' });
    expect((await post('samples/check', { id, approve: true }, 'headmaster01')).statusCode).toBe(409);
    await post('samples/publish', { id });
    const confirmed = await post('samples/check', { id, approve: true }, 'headmaster01');
    expect(confirmed.json().data).toMatchObject({ status: 'published', scope: 'campus', checkedBy: '张校长' });

    // an essay whose approval was cancelled cannot be published again
    const other = await proposed();
    const detail = (await get(`samples/detail?id=${other}`)).json().data;
    await post('review/cancelApproval', { essayId: detail.essayId });
    const stale = await post('samples/publish', { id: other });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('ESSAY_NOT_APPROVED');
    expect((await post('samples/withdraw', { id: other })).statusCode).toBe(200);
    expect((await get(`samples/detail?id=${other}`)).statusCode).toBe(404);
  });

  it('visibility by scope: class, grade, campus; another campus and another school see nothing', async () => {
    const id = await proposed();
    const ids = async (who: string, q = '') => ((await get(`samples/list?pageSize=100${q}`, who)).json().data.list as { id: number }[]).map((s) => s.id);
    const sees = async (who: string) => (await ids(who)).includes(id) && (await get(`samples/detail?id=${id}`, who)).statusCode === 200;

    // to be released: the proposing teacher, class staff and the headmaster, not other teachers
    expect(await sees('teacher01')).toBe(true);
    expect(await sees('classrole01')).toBe(true);
    expect(await sees('headmaster01')).toBe(true);
    expect(await sees('同年级班')).toBe(false);

    await post('samples/publish', { id });
    expect(await sees('同年级班')).toBe(false); // class scope
    await post('samples/unpublish', { id });
    await save(id, { scope: 'grade' });
    await post('samples/publish', { id });
    expect(await sees('同年级班')).toBe(true);
    expect(await sees('别年级班')).toBe(false);
    expect(await sees('北校区班')).toBe(false);
    // beyond the class the name is shown as initials
    const seen = (await get(`samples/detail?id=${id}`, '同年级班')).json().data;
    expect(seen.studentName).toMatch(/^学\*+$/);
    expect((await get(`samples/detail?id=${id}`)).json().data.studentName).toMatch(/^学生\d+$/);

    await post('samples/unpublish', { id });
    await save(id, { scope: 'campus' });
    await post('samples/publish', { id });
    await post('samples/check', { id, approve: true }, 'teacher01'); // the class's teacher may confirm too
    expect(await sees('别年级班')).toBe(true);
    expect(await sees('北校区班')).toBe(false);
    expect(await sees('teacherB01')).toBe(false);
    expect((await post('samples/like', { id }, 'teacherB01')).statusCode).toBe(404);
    expect((await get('samples/home', '北校区班')).json().data.latest.map((s: { id: number }) => s.id)).not.toContain(id);
  });

  it('one like per reader, signed in or on a phone; sort by likes; list filters', async () => {
    const a = await proposed();
    const b = await proposed();
    await save(b, { genre: 'argumentative', themes: ['友情'], title: '友情的力量' });
    for (const id of [a, b]) await post('samples/publish', { id });
    expect((await post('samples/like', { id: b })).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await post('samples/like', { id: b })).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await post('samples/like', { id: b }, 'classrole01')).json().data.likeCount).toBe(2);
    const pupilA = await newStudent(db(), fx);
    const pupilB = await newStudent(db(), fx);
    const like = async (id: number, studentId: number, classCode = code.home) => t.call('POST', `${MGMT}/h5/samples/like`, { body: { classCode, id, studentId, studentCode: await t.studentCode(studentId) }, ip: '10.9.9.9' });
    expect((await like(b, pupilA)).json().data.likeCount).toBe(3);
    expect((await like(b, pupilA)).json().data.likeCount).toBe(3);
    expect((await like(b, pupilB)).json().data.likeCount).toBe(4);
    expect((await like(b, pupilA, code['同年级班'])).statusCode).toBe(400); // not a pupil of that class

    const list = (q: string) => get(`samples/list?status=published&pageSize=100&${q}`).then((r) => r.json().data);
    const byLikes = await list('sort=likes');
    expect(byLikes.list[0].id).toBe(b);
    expect(byLikes.list[0].liked).toBe(true);
    expect((await list('genre=argumentative')).list.map((s: { id: number }) => s.id)).toEqual([b]);
    expect((await list('theme=友情')).list.map((s: { id: number }) => s.id)).toEqual([b]);
    expect((await list(`keyword=${encodeURIComponent('友情的')}`)).list.map((s: { id: number }) => s.id)).toEqual([b]);
    const paged = (await get('samples/list?status=published&pageSize=1&pageNum=2')).json().data;
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    const home = (await get('samples/home?genre=argumentative')).json().data;
    expect(home.latest.map((s: { id: number }) => s.id)).toEqual([b]);
    expect(home.genres.find((g: { genre: string }) => g.genre === 'argumentative').count).toBeGreaterThanOrEqual(1);
  });

  it('H5 likes count once per pupil (their own student code), not per phone, key or address', async () => {
    const id = await proposed();
    await post('samples/publish', { id });
    const pupil = await newStudent(db(), fx);
    const own = await t.studentCode(pupil);
    const like = (body: Record<string, unknown>, ip: string) => t.call('POST', `${MGMT}/h5/samples/like`, { body: { classCode: code.home, id, ...body }, ip });
    // the device-key form of the attack: a fresh random key from a fresh address each time
    for (let i = 0; i < 5; i++) expect((await like({ deviceKey: `phone-${i}-0123456789abcdef` }, `10.61.0.${i + 1}`)).statusCode).toBe(400);
    // the same pupil from five phones and addresses: one like
    for (let i = 0; i < 5; i++) {
      const res = await like({ studentId: pupil, studentCode: own.toLowerCase() }, `10.62.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ liked: true, likeCount: 1 });
    }
    // another pupil's id with this pupil's code is refused and counts nothing
    const other = await newStudent(db(), fx);
    const wrong = await like({ studentId: other, studentCode: own }, '10.63.0.1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('STUDENT_CODE_WRONG');
    expect((await samplesRepo.likeCount(db(), id))).toBe(1);
    // the pupil's reading says they liked it; an anonymous reading does not
    const read = (q: string) => t.call('GET', `${MGMT}/h5/samples/detail?classCode=${code.home}&id=${id}${q}`, { ip: '10.64.0.1' });
    expect((await read(`&studentId=${pupil}&studentCode=${own}`)).json().data).toMatchObject({ liked: true, likeCount: 1 });
    expect((await read('')).json().data.liked).toBe(false);
  });

  it('H5: the original pages and comments only after publication in that class', async () => {
    const id = await proposed();
    const detail = (classCode: string) => h5(`h5/samples/detail?classCode=${classCode}&id=${id}`);
    const listed = async (classCode: string) => ((await h5(`h5/samples?classCode=${classCode}`)).json().data.list as { id: number }[]).some((s) => s.id === id);
    expect((await detail(code.home!)).statusCode).toBe(404);
    expect(await listed(code.home!)).toBe(false);
    expect((await h5('h5/samples?classCode=NOPE1234')).json().error).toBe('CLASS_CODE_WRONG');

    await post('samples/publish', { id });
    const shown = await detail(code.home!);
    expect(shown.statusCode).toBe(200);
    const d = shown.json().data;
    expect(d.pages.length).toBeGreaterThan(0);
    expect(d.pages[0].url).toMatch(/file-service/);
    // a class-code reader's page link carries the sample's publication, re-checked when opened
    const pageUrl = d.pages[0].url as string;
    expect(pageUrl).toMatch(new RegExp(`&sa=${id}$`));
    expect((await t.call('GET', pageUrl)).statusCode).toBe(200);
    expect((await t.call('GET', pageUrl.replace(/&sa=\d+$/, ''))).statusCode).toBe(403);
    expect(d.teacherComment).toBe('细节生动，结尾点题。');
    expect(d.transcript.length).toBeGreaterThan(10);
    expect(d).toMatchObject({ canEdit: false, canCheck: false });
    expect(d.studentName).toMatch(/^学生\d+$/); // full name in the student's own class
    expect(await listed(code.home!)).toBe(true);
    expect((await detail(code['同年级班']!)).statusCode).toBe(404); // class scope only

    await post('samples/unpublish', { id });
    expect((await detail(code.home!)).statusCode).toBe(404);
    expect((await t.call('GET', pageUrl)).statusCode).toBe(404); // withdrawn: the link it gave out is dead too
    await save(id, { scope: 'grade', showName: false });
    await post('samples/publish', { id });
    const grade = (await detail(code['同年级班']!)).json().data;
    expect(grade.pages.length).toBeGreaterThan(0);
    expect(grade.studentName).toBe('匿名同学');
    expect((await detail(code['北校区班']!)).statusCode).toBe(404);
  });

  it('for other areas: times named excellent sample per student, and a task’s samples', async () => {
    const id = await proposed();
    await post('samples/publish', { id });
    const d = (await get(`samples/detail?id=${id}`)).json().data;
    const [row] = await db().select().from(excellentSamples).where(eq(excellentSamples.id, id));
    const counts = await samplesRepo.timesNamedPerStudent(db(), fx.schoolId, [row!.studentId]);
    expect(counts.get(row!.studentId)).toBe(1);
    // what the class report lists (class-report-service reads the task's samples through this)
    const ofTask = await samplesRepo.ofTask(db(), fx.schoolId, fx.taskId, fx.classId);
    expect(ofTask.some((s) => s.id === id && s.status === 'published')).toBe(true);
    expect(d.taskId).toBe(fx.taskId);
  });
});
