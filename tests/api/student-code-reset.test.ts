import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { classes as classesRoutes } from '../../src/core/api/routes/classes';
import { students as studentsRoutes } from '../../src/core/api/routes/students';

interface Row { id: number; name: string; h5Code: string }

// product-rules.md#security: a student's code (学生码) that got out can be replaced by the class's teacher; the
// old code stops working at once, in every process sharing the database.
describe.each(databaseKinds())('resetting a student’s code on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let classId = 0;
  let otherClassId = 0;
  let classCode = '';
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    const classes = (await t.call(classesRoutes.mclassList, { query: { pageSize: '100' } }, { token: tok.headmaster01 })).body.data.list as { id: number; name: string; classCode: string }[];
    const own = classes.find((c) => c.name === '七年级1班')!;
    classId = own.id;
    classCode = own.classCode;
    otherClassId = classes.find((c) => c.name === '八年级3班')!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const roster = async (id = classId, who = 'teacher01') => (await t.call(studentsRoutes.mStudentList, { query: { classId: id, pageSize: '100' } }, { token: tok[who] })).body.data.list as Row[];
  const verify = (studentId: number, studentCode: string, call = t.call) => call('POST', `${MGMT}/h5/student/verify`, { body: { classCode, studentId, studentCode }, ip: `10.61.${studentId % 250}.9` });

  it('the teacher gets a new code; the old one is refused and the new one works, also in a second process', async () => {
    const [student, classmate] = await roster();
    const old = student!.h5Code;
    expect((await verify(student!.id, old)).statusCode).toBe(200);

    const reset = await t.call(studentsRoutes.mStudentResetCode, { body: { id: student!.id } }, { token: tok.teacher01 });
    expect(reset.status, reset.raw.body).toBe(200);
    const fresh = reset.body.data.h5Code as string;
    expect(fresh).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(fresh).not.toBe(old);
    const after = await roster();
    expect(after.find((s) => s.id === student!.id)!.h5Code).toBe(fresh);
    // Nobody else's code moves.
    expect(after.find((s) => s.id === classmate!.id)!.h5Code).toBe(classmate!.h5Code);

    const refused = await verify(student!.id, old);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'STUDENT_CODE_WRONG' });
    expect((await verify(student!.id, fresh)).json().data).toEqual({ studentId: student!.id, name: student!.name });
    const twin = await t.twin();
    try {
      expect((await verify(student!.id, old, twin.call)).statusCode).toBe(403);
      expect((await verify(student!.id, fresh, twin.call)).statusCode).toBe(200);
    } finally {
      await twin.close();
    }
    // A second reset moves on again; no earlier code comes back.
    const again = (await t.call(studentsRoutes.mStudentResetCode, { body: { id: student!.id } }, { token: tok.teacher01 })).body.data.h5Code;
    expect([old, fresh]).not.toContain(again);
    expect((await verify(student!.id, fresh)).statusCode).toBe(403);
  });

  it('only someone who may edit the student’s class can reset: another school 404, a teacher of another class 403, the read-only headmaster 403', async () => {
    const [student] = await roster();
    const [elsewhere] = await roster(otherClassId, 'headmaster01');
    expect((await t.call(studentsRoutes.mStudentResetCode, { body: { id: student!.id } }, { token: tok.teacherB01 })).status).toBe(404);
    expect((await t.call(studentsRoutes.mStudentResetCode, { body: { id: elsewhere!.id } }, { token: tok.teacher01 })).status).toBe(403);
    expect((await t.call(studentsRoutes.mStudentResetCode, { body: { id: student!.id } }, { token: tok.headmaster01 })).status).toBe(403);
    expect((await t.call(studentsRoutes.mStudentResetCode, { body: { id: student!.id } })).status).toBe(401);
    expect((await roster()).find((s) => s.id === student!.id)!.h5Code).toBe(student!.h5Code);
  });
});
