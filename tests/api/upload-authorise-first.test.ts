import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app'; import { classes as classesRoutes } from '../../src/core/api/routes/classes';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';

// product-rules.md#security: a batch ZIP from another school's teacher was read whole (190 MB, 2.5 s) before
// the 404, and the batch limit was a fixed 200 MB instead of UPLOAD_MAX_MB.
describe('batch upload: authorise, then read; UPLOAD_MAX_MB honoured', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let taskId = 0;
  let classId = 0;
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobs: false, deps: { uploadMaxBytes: 2 * 1024 * 1024 } });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    const classes = (await t.call(classesRoutes.mclassList, { query: { pageSize: '100' } }, { token: tok.teacher01 })).body.data.list as { id: number; name: string }[];
    classId = classes.find((c) => c.name === '七年级1班')!.id;
    const task = await t.call(tasksRoutes.tasksAdd, { body: { title: '批量上传', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [classId] } }, { token: tok.teacher01 });
    taskId = task.body.data.id;
  }, 120_000);
  afterAll(async () => t?.close());

  /** A multipart body whose file part is produced lazily, 1 MB at a time; counts how much was pulled. */
  function lazyUpload(token: string, megabytes: number) {
    const boundary = '----zhipiLazy';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="taskId"\r\n\r\n${taskId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="classId"\r\n\r\n${classId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004`,
    );
    let pulled = 0;
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const stream = new Readable({
      read() {
        if (pulled === 0) this.push(head);
        if (pulled >= megabytes) {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
          return;
        }
        pulled += 1;
        this.push(chunk);
      },
    });
    const res = t.app.inject({ method: 'POST', url: `${MGMT}/writings/saveBatchUploadWritingFileByZIP`, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: stream });
    return { res, pulled: () => pulled };
  }

  it('another school’s teacher is refused before the file is read', async () => {
    const up = lazyUpload(tok.teacherB01!, 100);
    const res = await up.res;
    expect(res.statusCode).toBe(404);
    expect(up.pulled()).toBeLessThan(5);
  });

  it('the right teacher’s file over UPLOAD_MAX_MB (2 MB here) gets 413 with the limit in the message', async () => {
    const up = lazyUpload(tok.teacher01!, 5);
    const res = await up.res;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'FILE_TOO_LARGE' });
    expect(res.json().message).toContain('2');
  });
});
