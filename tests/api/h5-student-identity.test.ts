import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { essayPageVersions, notifications } from '../../src/server/db/schema';
import { MGMT } from '../helpers/flows';
import { multipartFiles, solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { h5Messages as h5MessagesRoutes } from '../../src/core/api/routes/h5-messages';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';

interface Listed {
  id: number;
  name: string;
  h5Code: string;
}

// product-rules.md#security: a class code is not a password. Before: any holder of the class code read any
// classmate's notices (GET h5/messages?studentId=) and replaced their essay (h5/upload/submit), and
// h5/class had no limit (400 guesses a second); limits were per process.
describe.each(databaseKinds())('H5 student identity and shared limits on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let classCode: string;
  let classId: number;
  let taskId: number;
  let students: Listed[] = [];
  let seed = 900;
  const get = (url: string) => t.call('GET', `${MGMT}/${url}`, { token });
  const post = (url: string, body: unknown) => t.call('POST', `${MGMT}/${url}`, { token, body });
  const messages = (studentId: number, studentCode: string, ip = '10.40.0.1') => t.call('POST', `${MGMT}/h5/messages`, { body: { classCode, studentId, studentCode }, ip });
  const submit = async (student: number, studentCode: string, pages: number, ip = '10.41.0.1') => {
    const files = [];
    for (let i = 0; i < pages; i++) files.push({ name: `p${i}.jpg`, content: await solidImage(100, 140, seed++, 'jpeg') });
    const mp = multipartFiles({ taskId: String(taskId), classCode, studentId: String(student), studentCode }, files);
    return t.call('POST', `${MGMT}/h5/upload/submit`, { payload: mp.payload, headers: mp.headers, ip });
  };

  // Windows are fixed (per minute, per hour): a phase starts just after a boundary so a slow run does not cross one.
  const alignTo = (windowMs: number) => {
    const now = Date.now() + t.clock.offsetMs;
    t.clock.offsetMs += Math.ceil(now / windowMs) * windowMs - now + 500;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    token = await t.login('teacher01');
    const classes = (await get('mclass/list?pageSize=100')).json().data.list as { id: number; name: string; classCode: string }[];
    const c1 = classes.find((c) => c.name === '七年级1班')!;
    classCode = c1.classCode;
    classId = c1.id;
    const task = await post('tasks/add', { title: '我的同桌', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 2 * 86400_000).toISOString(), classIds: [classId] });
    expect(task.statusCode, task.body).toBe(200);
    taskId = task.json().data.id;
    students = (await get(`mStudent/list?classId=${classId}&pageSize=100`)).json().data.list;
  }, 120_000);
  afterAll(async () => t?.close());

  it('the class list gives each student a distinct code; messages answer only with the student’s own code', async () => {
    expect(students.length).toBeGreaterThan(40);
    expect(new Set(students.map((s) => s.h5Code)).size).toBe(students.length);
    expect((await post('writings/remind', { taskId, classId })).statusCode).toBe(200);
    const [a, b] = [students[0]!, students[1]!];
    // The old query-string route is gone (its code would sit in access logs).
    expect((await t.call('GET', `${MGMT}/h5/messages?classCode=${classCode}&studentId=${a.id}`)).statusCode).toBe(404);
    const foreign = await messages(b.id, a.h5Code);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'STUDENT_CODE_WRONG' });
    expect(foreign.json().data).toBeUndefined();
    const missing = await messages(b.id, '');
    expect(missing.statusCode).toBe(400);
    const mine = await messages(a.id, a.h5Code);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toHaveLength(1);
    const verified = await t.call(h5MessagesRoutes.studentVerify, { body: { classCode, studentId: a.id, studentCode: a.h5Code.toLowerCase() } }, { ip: '10.40.0.2' });
    expect(verified.body.data).toEqual({ studentId: a.id, name: a.name });
    const en = await t.call(h5MessagesRoutes.messages, { body: { classCode, studentId: b.id, studentCode: 'WRONG2' } }, { ip: '10.40.0.3', lang: 'en' });
    expect(en.body.message).toBe('The student code is wrong; ask your teacher for your student code');
  });

  it('a classmate cannot replace an essay; the student’s own re-submission keeps the old pages and tells the teacher', async () => {
    const [victim, mallory] = [students[2]!, students[3]!];
    const first = await submit(victim.id, victim.h5Code, 2);
    expect(first.statusCode, first.body).toBe(200);
    const essayId = first.json().data.essayId as number;
    const attack = await submit(victim.id, mallory.h5Code, 1, '10.41.0.9');
    expect(attack.statusCode).toBe(403);
    const after = (await get(`writings/get?id=${essayId}`)).json().data;
    expect(after.pages).toHaveLength(2);
    expect(await t.database.db.select().from(essayPageVersions).where(eq(essayPageVersions.essayId, essayId))).toHaveLength(0);

    const again = await submit(victim.id, victim.h5Code, 1);
    expect(again.json().data).toMatchObject({ essayId, replaced: true, pageCount: 1 });
    const kept = await t.database.db.select().from(essayPageVersions).where(eq(essayPageVersions.essayId, essayId));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.fileIds).toEqual(after.pages.map((p: { fileId: string }) => p.fileId));
    expect(kept[0]!.source).toBe('phone');
    const told = (await t.database.db.select().from(notifications).where(eq(notifications.kind, 'h5_resubmitted'))).filter((n) => n.link === `/homework/correctComment?essayId=${essayId}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(`《我的同桌》${victim.name}从手机重新提交了作文，之前的 2 页已保留为旧版本`);
  });

  it('100 parallel guesses of one student’s code: at most 5 are compared, the rest get 429; the student still gets in from elsewhere', async () => {
    const target = students[4]!;
    alignTo(3_600_000);
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => messages(target.id, `ZZZ${String(i).padStart(3, '2')}`.slice(0, 6), '10.42.0.1')));
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 403).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(95);
    expect(codes.every((c) => c === 403 || c === 429)).toBe(true);
    // The guessing address is refused even with the right code; the student's own phone is not.
    expect((await messages(target.id, target.h5Code, '10.42.0.1')).statusCode).toBe(429);
    expect((await messages(target.id, target.h5Code, '10.42.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('limits are counted in the database: two server processes share them, and class-code guessing is cut off', async () => {
    const twin = await t.twin();
    try {
      const calls = [t.call, twin.call];
      alignTo(60_000);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await calls[i % 2]!('GET', `${MGMT}/h5/class?code=${classCode}`, { ip: '10.43.0.1' })).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);

      // Random class codes from one address: 20 misses an hour, then 429 (even for a right code).
      alignTo(3_600_000);
      const guesses: number[] = [];
      for (let i = 0; i < 25; i++) guesses.push((await calls[i % 2]!('GET', `${MGMT}/h5/class?code=QQ${String(1000 + i)}XY`, { ip: `10.44.0.1` })).statusCode);
      expect(guesses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(guesses.slice(20).every((s) => s === 429)).toBe(true);
      expect((await twin.call(tasksRoutes.h5Class, { query: { code: classCode } }, { ip: '10.44.0.1' })).status).toBe(429);
      expect((await twin.call(tasksRoutes.h5Class, { query: { code: classCode } }, { ip: '10.44.0.2' })).status).toBe(200);

      // The upload context (60 a minute per address), across both processes.
      alignTo(60_000);
      const ctx: number[] = [];
      for (let i = 0; i < 61; i++) ctx.push((await calls[i % 2]!('GET', `${MGMT}/h5/upload/context?taskId=${taskId}&classCode=${classCode}`, { ip: '10.45.0.1' })).statusCode);
      expect(ctx.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(ctx[60]).toBe(429);
    } finally {
      t.clock.offsetMs = 0;
      await twin.close();
    }
  }, 120_000);
});
