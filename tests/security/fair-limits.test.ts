import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

interface Row { id: number; name: string; h5Code: string }

// Before: 50 wrong student codes an hour from all addresses together locked
// the pupil's own right code out (429); and a burst across a minute boundary passed 129 of 130 through
// a 120-a-minute limit, the windows being fixed calendar minutes.
describe.each(databaseKinds())('limits that hold and cannot lock a pupil out on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let classCode = '';
  let pupils: Row[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    token = await t.login('teacher01');
    const classes = (await t.call('GET', `${MGMT}/mclass/list?pageSize=100`, { token })).json().data.list as { id: number; name: string; classCode: string }[];
    const c = classes.find((x) => x.name === '七年级1班')!;
    classCode = c.classCode;
    pupils = (await t.call('GET', `${MGMT}/mStudent/list?classId=${c.id}&pageSize=100`, { token })).json().data.list;
  }, 300_000);
  afterAll(async () => {
    if (t) t.clock.offsetMs = 0;
    await t?.close();
  });

  const verify = (studentId: number, studentCode: string, ip: string) => t.call('POST', `${MGMT}/h5/student/verify`, { body: { classCode, studentId, studentCode }, ip });

  it('60 wrong codes for one pupil from 60 addresses: the pupil’s own code still works', async () => {
    const victim = pupils[7]!;
    for (let i = 0; i < 60; i++) expect((await verify(victim.id, 'ZZZZZZ', `10.77.${i}.1`)).statusCode).toBe(403);
    expect((await verify(victim.id, victim.h5Code, '10.78.0.1')).statusCode).toBe(200);
  }, 120_000);

  it('an address that guessed one pupil too often is refused for that pupil; the teacher’s reset lets the pupil in from it at once', async () => {
    const pupil = pupils[8]!;
    const home = '10.79.0.1';
    for (let i = 0; i < 5; i++) expect((await verify(pupil.id, 'ZZZZZZ', home)).statusCode).toBe(403);
    expect((await verify(pupil.id, pupil.h5Code, home)).statusCode).toBe(429);
    const reset = await t.call('POST', `${MGMT}/mStudent/resetCode`, { token, body: { id: pupil.id } });
    expect((await verify(pupil.id, reset.json().data.h5Code, home)).statusCode).toBe(200);
  });

  it('a burst across a window boundary is counted as one: 30 a minute means about 30, not 60', async () => {
    // 30 class-page reads 10 s before a minute boundary, then 30 just after it. The clock is set before
    // each read (a busy machine may take longer than 10 s for 30 reads of real time).
    const at = (ms: number) => (t.clock.offsetMs = ms - Date.now());
    const boundary = Math.ceil((Date.now() + t.clock.offsetMs) / 60_000) * 60_000 + 60_000;
    const ip = '10.80.0.1';
    const statuses: number[] = [];
    const read = async (ms: number) => {
      at(ms);
      statuses.push((await t.call('GET', `${MGMT}/h5/class?code=${classCode}`, { ip })).statusCode);
    };
    for (let i = 0; i < 30; i++) await read(boundary - 10_000 + i * 10);
    for (let i = 0; i < 30; i++) await read(boundary + 1_000 + i * 10);
    const passed = statuses.filter((s) => s === 200).length;
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(passed).toBeLessThanOrEqual(32);
    // Half a window later there is room again.
    at(boundary + 31_000);
    const later = await t.call('GET', `${MGMT}/h5/class?code=${classCode}`, { ip });
    expect(later.statusCode, later.body).toBe(200);
  }, 120_000);

  it('sign-in failures slide: three in seconds across the old window’s edge need the challenge; spread out, they are forgotten', async () => {
    const LOGIN = '/correction-api/platform-system/auth/loginTeacher';
    const wrong = async (username: string, ip: string) => t.call('POST', LOGIN, { body: { username, password: await t.encrypt('not-it-123') }, ip });
    const needs = (res: Awaited<ReturnType<typeof wrong>>) => res.json().details?.captchaRequired === true;
    // The old window opened at the first failure and restarted 15 minutes later, so two failures just
    // before and two just after its end never reached three.
    t.clock.offsetMs = 0;
    expect(needs(await wrong('classrole01', '10.81.0.1'))).toBe(false);
    t.clock.offsetMs = 14 * 60_000 + 59_000;
    expect(needs(await wrong('classrole01', '10.81.0.2'))).toBe(false);
    t.clock.offsetMs = 15 * 60_000 + 1_000;
    expect(needs(await wrong('classrole01', '10.81.0.3'))).toBe(false);
    t.clock.offsetMs = 15 * 60_000 + 2_000;
    expect(needs(await wrong('classrole01', '10.81.0.4'))).toBe(true);
    // One failure every six minutes stays under three per fifteen: never the challenge.
    for (let k = 0; k < 5; k++) {
      t.clock.offsetMs = 60 * 60_000 + k * 6 * 60_000;
      expect(needs(await wrong('multi01', `10.82.0.${k + 1}`))).toBe(false);
    }
    t.clock.offsetMs = 0;
  }, 120_000);
});
