import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, multipartBody } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { classes as classesRoutes } from '../../src/core/api/routes/classes'; import { health as healthRoutes } from '../../src/core/api/routes/health';
import { tasks as tasksRoutes } from '../../src/core/api/routes/tasks';

// product-rules.md#security: a large corrupt PDF kept the event loop busy for seconds while MuPDF read it on
// the request thread. Now it is opened on a worker thread: the server keeps answering meanwhile, and
// the file is refused with the batch's "corrupt PDF" message.
describe.each(databaseKinds())('batch PDF opened off the request thread on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let taskId = 0;
  let classId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, deps: { uploadMaxBytes: 100 * 1024 * 1024 } });
    token = await t.login('teacher01');
    const classes = (await t.call(classesRoutes.mclassList, { query: { pageSize: '100' } }, { token })).body.data.list as { id: number; name: string }[];
    classId = classes.find((c) => c.name === '七年级1班')!.id;
    const task = await t.call(tasksRoutes.tasksAdd, { body: { title: 'PDF 线程', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [classId] } }, { token });
    taskId = task.body.data.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('a 60 MB corrupt PDF is refused while /health keeps answering', async () => {
    // MuPDF scans the whole file looking for objects: about 5 s of work on one core.
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(60 * 1024 * 1024)]);
    const { payload, headers } = multipartBody({ taskId: String(taskId), classId: String(classId) }, { field: 'file', name: 'class.pdf', type: 'application/pdf', content });
    // The event loop's longest stall while the upload is handled, and /health asked meanwhile.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = Date.now();
    const upload = t.call('POST', `${MGMT}/writings/saveBatchUploadWritingFileByPDF`, { token, payload, headers });
    await new Promise((r) => setTimeout(r, 500));
    const health = await t.call(healthRoutes.health, {});
    const res = await upload;
    const total = Date.now() - started;
    lag.disable();
    const longestStall = lag.max / 1e6;
    console.info(`${kind}: upload answered in ${total} ms, longest event-loop stall ${Math.round(longestStall)} ms`);
    expect(health.status).toBe(200);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BATCH_PDF_CORRUPT', message: 'PDF 文件已损坏或不完整，无法读取，请重新扫描或导出' });
    // On the request thread the parse was most of the upload's time, in one single stall.
    expect(longestStall).toBeLessThan(total / 2);
  });
});
