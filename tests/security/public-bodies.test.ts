import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, multipartBody } from '../helpers/flows';
import { solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { manyCellsXlsx } from '../helpers/hostile-xlsx';

const MB = 1024 * 1024;

// Who is asking and how much they send are settled before a body is read.
// Before: the phone upload parsed up to ~80 MB of anonymous JSON before checking the student code, the
// roster preview read a whole body even for another school's teacher, and eight sparse xlsx files at
// once each took 20 s and stalled the server.
describe.each(databaseKinds())('bodies are refused before they are read on %s', (kind) => {
  let t: TestApp;
  let port = 0;
  const tok: Record<string, string> = {};
  let classCode = '';
  let classId = 0;
  let taskId = 0;
  let student = { id: 0, h5Code: '' };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    const classes = (await t.call('GET', `${MGMT}/mclass/list?pageSize=100`, { token: tok.teacher01 })).json().data.list as { id: number; name: string; classCode: string }[];
    const c1 = classes.find((c) => c.name === '七年级1班')!;
    classCode = c1.classCode;
    classId = c1.id;
    const task = await t.call('POST', `${MGMT}/tasks/add`, { token: tok.teacher01, body: { title: '我的书桌', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 2 * 86400_000).toISOString(), classIds: [classId] } });
    taskId = task.json().data.id;
    student = (await t.call('GET', `${MGMT}/mStudent/list?classId=${classId}&pageSize=100`, { token: tok.teacher01 })).json().data.list[3];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(async () => t?.close());

  /** Streams a JSON body of `bytes` (declared); resolves with the answer and how much the client managed to write. */
  const stream = (path: string, bytes: number, headers: Record<string, string> = {}) =>
    new Promise<{ status?: number; body?: string; error?: string; written: number }>((resolve) => {
      let written = 0;
      let answered = false;
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': String(bytes), ...headers } });
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode, body, written });
          req.destroy();
        });
      });
      req.on('error', (e) => {
        if (!answered) resolve({ error: e.message, written });
        req.destroy();
      });
      const chunk = Buffer.alloc(MB, 0x20);
      const pump = () => {
        while (written < bytes && !req.destroyed) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      req.write('{"pages":"');
      pump();
    });

  it('anonymous 75 MB JSON on the phone upload: refused before it is read, the server unharmed', async () => {
    const before = process.memoryUsage().rss;
    const anonymous = await stream(`${MGMT}/h5/upload/submit`, 75 * MB);
    expect(anonymous.status, anonymous.error).toBe(400);
    expect(JSON.parse(anonymous.body!)).toMatchObject({ error: 'IDENTITY_FIRST' });
    expect(anonymous.written).toBeLessThan(16 * MB);
    // A wrong student code in the header: 403 from the header alone.
    const wrong = await stream(`${MGMT}/h5/upload/submit?taskId=${taskId}&classCode=${classCode}&studentId=${student.id}`, 75 * MB, { 'x-student-code': 'WRONG1' });
    expect(wrong.status, wrong.error).toBe(403);
    expect(wrong.written).toBeLessThan(16 * MB);
    // The right pupil sending too much JSON: 413 from the declared length.
    const large = await stream(`${MGMT}/h5/upload/submit?taskId=${taskId}&classCode=${classCode}&studentId=${student.id}`, 75 * MB, { 'x-student-code': student.h5Code });
    expect(large.status, large.error).toBe(413);
    expect(large.written).toBeLessThan(16 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
    expect((await t.call('GET', '/correction-api/health')).statusCode).toBe(200);
  });

  it('the pupil’s small JSON page with the code in the header is accepted; the body cannot name another pupil', async () => {
    const page = (await solidImage(120, 160, 3101)).toString('base64');
    const other = (await t.call('GET', `${MGMT}/mStudent/list?classId=${classId}&pageSize=100`, { token: tok.teacher01 })).json().data.list[4] as { id: number };
    const res = await t.call('POST', `${MGMT}/h5/upload/submit?taskId=${taskId}&classCode=${classCode}&studentId=${student.id}`, {
      headers: { 'x-student-code': student.h5Code },
      body: { taskId, classCode, studentId: other.id, studentCode: 'XXXXXX', pages: [{ fileName: 'p.png', contentBase64: page }] },
      ip: '10.31.1.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const essay = (await t.call('GET', `${MGMT}/writings/get?id=${res.json().data.essayId}`, { token: tok.teacher01 })).json().data;
    expect(essay.studentId).toBe(student.id);
  });

  it('roster preview: another school’s teacher and a missing class are refused before the body is read', async () => {
    const foreign = await stream(`${MGMT}/mStudent/import/preview?classId=${classId}`, 100 * MB, { authorization: `Bearer ${tok.teacherB01}` });
    expect(foreign.status, foreign.error).toBe(404);
    expect(foreign.written).toBeLessThan(16 * MB);
    const noClass = await stream(`${MGMT}/mStudent/import/preview`, 100 * MB, { authorization: `Bearer ${tok.teacher01}` });
    expect(noClass.status, noClass.error).toBe(400);
    expect(JSON.parse(noClass.body!)).toMatchObject({ error: 'CLASS_FIRST' });
    expect(noClass.written).toBeLessThan(16 * MB);
  });

  it('eight sparse xlsx rosters at once: the extra ones are answered at once as busy, a real roster still goes through after', async () => {
    const file = await manyCellsXlsx(2000);
    const send = (content: Buffer, name = 'r.xlsx') => {
      const { payload, headers } = multipartBody({}, { field: 'file', name, type: 'application/octet-stream', content });
      return t.call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, { token: tok.teacher01, payload, headers });
    };
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, async () => {
      const res = await send(file);
      return { status: res.statusCode, error: res.json().error as string | undefined, ms: Date.now() - started };
    }));
    // Each is answered quickly, read or refused as busy: never eight parsers on two cores at once.
    for (const a of answers) {
      expect([200, 400, 503]).toContain(a.status);
      if (a.status === 503) expect(a.error).toBe('IMPORT_BUSY');
      expect(a.ms).toBeLessThan(15_000);
    }
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    // Answered at once (measured under 1 s), not after a parse of their own.
    for (const b of busy) expect(b.ms).toBeLessThan(5_000);
    expect(answers.filter((a) => a.status !== 503).length).toBeGreaterThanOrEqual(1);
    const real = await send(Buffer.from('姓名,学号\n张三,88\n'), 'r.csv');
    expect(real.statusCode, real.body).toBe(200);
  });
});
