import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, multipartBody } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { farCellXlsx, inflatingXlsx, manyCellsXlsx } from '../helpers/hostile-xlsx';
import { parseRosterOffThread } from '../../src/server/services/roster/parse-roster-off-thread'; import { classes as classesRoutes } from '../../src/core/api/routes/classes';
import { health as healthRoutes } from '../../src/core/api/routes/health';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// product-rules.md#security: a roster is read on a worker thread, streamed, under size, cell, time and heap
// limits; a small hostile xlsx neither stalls the server nor takes its memory.
describe.each(databaseKinds())('roster import off the request thread on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let classId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    token = await t.login('teacher01');
    const classes = (await t.call(classesRoutes.mclassList, { query: { pageSize: '100' } }, { token })).body.data.list as { id: number; name: string }[];
    classId = classes.find((c) => c.name === '七年级2班')!.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const preview = (content: Buffer, lang: 'zh' | 'en' = 'zh') => {
    const { payload, headers } = multipartBody({ classId: String(classId) }, { field: 'file', name: 'roster.xlsx', type: XLSX, content });
    return t.call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, { token, payload, headers, lang });
  };

  it('the 1.5 kB xlsx declaring cell XFD1048576 is read as what it holds, without stalling the server', async () => {
    const file = await farCellXlsx();
    expect(file.length).toBeLessThan(2048);
    // The event loop's longest stall while the roster is read (ExcelJS took 4.6 s on this file).
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = Date.now();
    const res = await preview(file);
    const total = Date.now() - started;
    lag.disable();
    expect((await t.call(healthRoutes.health, {})).status).toBe(200);
    expect(lag.max / 1e6).toBeLessThan(Math.max(total / 2, 200));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, rows: [{ line: 2, name: '张三', studentNo: '1' }] });
  });

  it('a sheet of far more cells than a roster is refused while reading, in zh and en', async () => {
    const file = await manyCellsXlsx(500);
    const res = await preview(file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'IMPORT_TOOLARGE', message: '名单文件过大或过于复杂，请只保留学生名单（最多 2000 行）后重新上传' });
    expect((await preview(file, 'en')).json().message).toBe('The roster file is too large or too complex; keep only the student list (at most 2000 rows) and upload it again');
  });

  it('an xlsx whose parts inflate past 50 MB is refused from its zip directory, before inflating', async () => {
    const file = await inflatingXlsx();
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    expect((await preview(file)).json().error).toBe('IMPORT_TOOLARGE');
  });

  it('a roster over the thread’s time or heap limit is refused as too large, the server unharmed', async () => {
    const file = await manyCellsXlsx(2_000);
    expect(await parseRosterOffThread('r.xlsx', file, { timeoutMs: 1, maxHeapMb: 256 })).toEqual({ ok: false, reason: 'tooLarge' });
    expect((await parseRosterOffThread('r.csv', Buffer.from('姓名,学号\n张三,1'))).ok).toBe(true);
    expect((await t.call(healthRoutes.health, {})).status).toBe(200);
  });
});
