import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { enrollmentRegistrations } from '../../src/server/db/schema';
import { MGMT, solvedChallenge } from '../helpers/flows';
import { seedLeadersSchool } from '../helpers/leaders-school';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { enrollment as enrollmentRoutes } from '../../src/core/api/routes/enrollment';
import { auth as authRoutes } from '../../src/core/api/routes/auth';

// Valid resident ID numbers (GB 11643 check character) with their birth dates.
const CHILD_A = { idNumber: '110105201503010037', birthDate: '2015-03-01' };
const CHILD_B = { idNumber: '310104201409150026', birthDate: '2014-09-15' };
const CHILD_C = { idNumber: '440305201306200015', birthDate: '2013-06-20' };

describe.each(databaseKinds())('enrollment (招生信息) on %s', (kind) => {
  let t: TestApp;
  let office: string;
  let ipSeq = 0;
  const as = (token: string) => ({
    get: (url: string, lang?: 'en') => t.call('GET', `${MGMT}/${url}`, { token, lang }),
    post: (url: string, body: unknown, lang?: 'en') => t.call('POST', `${MGMT}/${url}`, { token, body, lang }),
  });
  /** The form as the H5 page sends it: with a freshly solved proof-of-work challenge. */
  const register = async (body: Record<string, unknown>, ip = `10.70.0.${++ipSeq}`, lang?: 'en') => {
    const challenge = await solvedChallenge(t, 'auth/code');
    return t.call('POST', `${MGMT}/h5/enrollment/register`, { body: { captchaId: challenge.uuid, captchaCode: challenge.code, ...body }, ip, lang });
  };
  const form = (key: string, child = CHILD_A, extra: Record<string, unknown> = {}) => ({ key, childName: '王小明', gender: 1, grade: 1, guardianName: '王强', relation: '父亲', phone: '13912345678', ...child, ...extra });
  const notice = (extra: Record<string, unknown> = {}) => ({
    title: '2027年秋季一年级招生',
    grades: [1, 7],
    places: 2,
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    requirements: '适龄儿童，户籍或居住证在本学区',
    contact: '招生办 010-12345678',
    publish: true,
    ...extra,
  });
  const publish = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await as(token).post('enrollment/notices', notice(extra));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const listed = ((await as(token).get('enrollment/notices')).json().data as { id: number; formPath: string | null }[]).find((n) => n.id === id)!;
    return { id, key: listed.formPath ? new URL(listed.formPath, 'http://x').searchParams.get('key')! : '' };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    office = await t.login('headmaster01');
  }, 120_000);
  afterAll(async () => t?.close());

  it('a parent registers from the public form; the ID number is stored only hashed and masked; the office admits', async () => {
    const { id: noticeId, key } = await publish(office);
    const pub = await t.call(enrollmentRoutes.h5EnrollmentNotice, { query: { key } }, { ip: '10.70.1.1' });
    expect(pub.status, pub.raw.body).toBe(200);
    expect(pub.body.data).toMatchObject({ title: '2027年秋季一年级招生', grades: [1, 7], places: 2, open: true });

    const sent = await register(form(key));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ childName: '王小明', idMasked: '110105************', phoneMasked: '139****5678' });
    expect(sent.json().data.id).toBeUndefined();
    const [stored] = await t.database.db.select().from(enrollmentRegistrations).where(eq(enrollmentRegistrations.noticeId, noticeId));
    expect(JSON.stringify(stored)).not.toContain(CHILD_A.idNumber);

    const list = (await as(office).get(`enrollment/registrations?noticeId=${noticeId}`)).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ childName: '王小明', status: 'new', phone: '139****5678', idMasked: '110105************' });
    const id = list.list[0].id as number;
    const detail = (await as(office).get(`enrollment/registrations/${id}`)).json().data;
    expect(detail).toMatchObject({ phone: '13912345678', idMasked: '110105************', notice: { id: noticeId } });
    expect(JSON.stringify(detail)).not.toContain(CHILD_A.idNumber);

    expect((await as(office).post('enrollment/registrations/status', { id, status: 'contacted', note: '已电话联系，周六面谈' })).statusCode).toBe(200);
    expect((await as(office).post('enrollment/registrations/status', { id, status: 'admitted' })).statusCode).toBe(200);
    const after = (await as(office).get(`enrollment/registrations/${id}`)).json().data;
    expect(after.status).toBe('admitted');
    expect(after.history.map((h: { status: string }) => h.status)).toEqual(['contacted', 'admitted']);
    expect(after.history[0]).toMatchObject({ note: '已电话联系，周六面谈', by: '张校长' });
    const counts = ((await as(office).get('enrollment/notices')).json().data as { id: number; counts: { admitted: number } }[]).find((n) => n.id === noticeId)!.counts;
    expect(counts.admitted).toBe(1);

    // Export: xlsx with the masked ID number.
    const xlsx = await as(office).get(`enrollment/registrations/export?noticeId=${noticeId}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('110105************');
    expect(rows[1]).toContain('已录取');
  });

  it('a repeat (same ID number, or same phone and name) gets the same answer as a new child; the office sees it noted', async () => {
    // Before: 409 ENROLL_DUPLICATE told anyone whether an ID number was registered.
    const { id: noticeId, key } = await publish(office, { title: '重复检查', places: 10 });
    const first = await register(form(key, CHILD_B));
    expect(first.statusCode).toBe(200);
    const sameId = await register(form(key, CHILD_B, { phone: '13700000000', childName: '李四' }));
    expect(sameId.statusCode).toBe(200);
    expect(Object.keys(sameId.json().data).sort()).toEqual(Object.keys(first.json().data).sort());
    expect(sameId.json().data).toMatchObject({ childName: '李四', phoneMasked: '137****0000' });
    const samePhoneName = await register(form(key, CHILD_C), undefined, 'en');
    expect(samePhoneName.statusCode).toBe(200);
    // A sibling with the same phone but another name and ID is welcome.
    expect((await register(form(key, CHILD_C, { childName: '王小红', gender: 2 }))).statusCode).toBe(200);
    const listRes = await as(office).get(`enrollment/registrations?noticeId=${noticeId}`);
    expect(listRes.statusCode, listRes.body).toBe(200);
    const list = listRes.json().data;
    // 王小明 (CHILD_B) and the sibling 王小红; the two repeats are notes on 王小明's registration.
    expect(list.total).toBe(2);
    const original = list.list.find((r: { childName: string }) => r.childName === '王小明') as { id: number };
    const detail = (await as(office).get(`enrollment/registrations/${original.id}`)).json().data;
    expect(detail.history).toHaveLength(2);
    expect(detail.history[0].note).toContain('李四');
    expect(detail.status).toBe('new');
  });

  it('spam: a sign-up without a solved challenge, with a wrong one or with one already spent is refused and nothing is stored', async () => {
    // Before: no challenge at all, 40 of 40 sign-ups from 40 addresses were stored.
    const { id: noticeId, key } = await publish(office, { title: '防刷', places: 50 });
    const bare = await t.call('POST', `${MGMT}/h5/enrollment/register`, { body: form(key), ip: '10.71.0.1' });
    expect(bare.statusCode).toBe(400);
    const unsolved = (await t.call(authRoutes.code, {})).body.data;
    const wrong = await t.call('POST', `${MGMT}/h5/enrollment/register`, { body: { ...form(key), captchaId: unsolved.uuid, captchaCode: 'bm90IGEgc29sdXRpb24=' }, ip: '10.71.0.2' });
    expect(wrong.json().error).toBe('CAPTCHA_WRONG');
    const solved = await solvedChallenge(t, 'auth/code');
    const first = await t.call('POST', `${MGMT}/h5/enrollment/register`, { body: { ...form(key), captchaId: solved.uuid, captchaCode: solved.code }, ip: '10.71.0.3' });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await t.call('POST', `${MGMT}/h5/enrollment/register`, { body: { ...form(key, CHILD_B, { phone: '13600000001' }), captchaId: solved.uuid, captchaCode: solved.code }, ip: '10.71.0.4' });
    expect(replay.json().error).toBe('CAPTCHA_WRONG');
    expect((await as(office).get(`enrollment/registrations?noticeId=${noticeId}`)).json().data.total).toBe(1);
  });

  it('validates the form with clear messages and enforces the window, the grade and the places', async () => {
    const { id, key } = await publish(office, { title: '校验', places: 1 });
    const badPhone = await register(form(key, CHILD_A, { phone: '12345' }));
    expect(badPhone.json().message).toBe('请填写正确的 11 位手机号');
    const badId = await register(form(key, { idNumber: '110105201503010035', birthDate: '2015-03-01' }), undefined, 'en');
    expect(badId.json().message).toBe('Please enter a valid 18-character ID number');
    const mismatch = await register(form(key, { idNumber: CHILD_A.idNumber, birthDate: '2015-03-02' }));
    expect(mismatch.json().message).toBe('出生日期与身份证号不一致，请核对');
    const grade = await register(form(key, CHILD_A, { grade: 3 }));
    expect(grade.json().message).toBe('该年级不在本次招生范围内');

    const a = await register(form(key, CHILD_A));
    const b = await register(form(key, CHILD_B, { phone: '13800001111' }));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const listed = (await as(office).get(`enrollment/registrations?noticeId=${id}`)).json().data.list as { id: number; phone: string }[];
    const ids = ['139****5678', '138****1111'].map((p) => listed.find((r) => r.phone === p)!.id);
    expect((await as(office).post('enrollment/registrations/status', { id: ids[0], status: 'admitted' })).statusCode).toBe(200);
    const full = await as(office).post('enrollment/registrations/status', { id: ids[1], status: 'admitted' });
    expect(full.json().message).toBe('录取人数已达招生名额 1 人，请先调整名额');

    expect((await as(office).post('enrollment/notices/status', { id, status: 'closed' })).statusCode).toBe(200);
    const closed = await register(form(key, CHILD_C, { phone: '13800002222' }));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('报名已结束');
    const later = await publish(office, { title: '未开始', opensAt: new Date(Date.now() + 86_400_000).toISOString(), closesAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    expect((await register(form(later.key, CHILD_C))).json().message).toBe('报名尚未开始，请在报名时间内提交');
    const draft = await as(office).post('enrollment/notices', notice({ title: '草稿', publish: false }));
    const draftPath = ((await as(office).get('enrollment/notices')).json().data as { id: number; formPath: string | null }[]).find((n) => n.id === draft.json().data.id)!.formPath;
    expect(draftPath).toBeNull();
  });

  it('rate limits the public form per address in the database', async () => {
    const { key } = await publish(office, { title: '限流', places: 100 });
    const ip = '10.79.9.9';
    // Align to the hour window so a slow run does not cross it.
    const now = Date.now() + t.clock.offsetMs;
    t.clock.offsetMs += Math.ceil(now / 3_600_000) * 3_600_000 - now + 500;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await register(form(key, CHILD_A, { phone: '12' }), ip)).statusCode);
    // Bad input is still counted (a flood of junk must stop too); the 11th request is refused.
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('only staff with the admissions permission see registrations; another school is refused', async () => {
    const { id: noticeId, key } = await publish(office, { title: '权限', places: 5 });
    expect((await register(form(key, CHILD_A))).statusCode).toBe(200);
    const reg = (await as(office).get(`enrollment/registrations?noticeId=${noticeId}`)).json().data.list[0].id as number;
    const teacher = await t.login('teacher01');
    for (const url of ['enrollment/notices', 'enrollment/registrations', `enrollment/registrations/${reg}`, 'enrollment/registrations/export']) {
      const res = await as(teacher).get(url);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await as(teacher).post('enrollment/notices', notice())).statusCode).toBe(403);
    const principal = await t.login('principal01');
    expect((await as(principal).get(`enrollment/registrations/${reg}`)).statusCode).toBe(200);
    const change = await as(principal).post('enrollment/registrations/status', { id: reg, status: 'declined' });
    expect(change.statusCode).toBe(403);

    await seedLeadersSchool(t.database.db, 'enx');
    const otherHead = await t.login('enxhead');
    expect((await as(otherHead).get(`enrollment/registrations/${reg}`)).statusCode).toBe(404);
    expect((await as(otherHead).get('enrollment/registrations')).json().data.total).toBe(0);
    expect((await as(otherHead).post('enrollment/registrations/status', { id: reg, status: 'declined' })).statusCode).toBe(404);
    const otherNotices = (await as(otherHead).get('enrollment/notices')).json().data;
    expect(otherNotices).toEqual([]);
    expect((await t.call(enrollmentRoutes.enrollmentRegistrations, { query: {} })).status).toBe(401);
  });
});
