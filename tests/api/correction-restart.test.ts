// The AI correction job across a real server crash: the server process (src/server/server.ts, local
// OCR, a loopback model service) is SIGKILLed while a job runs and started again on the same data
// folder (PGlite) or database (PostgreSQL); the job completes exactly once. Then the model service goes
// down: the local result is stored with the "AI service call failed" flag, the job is retried and
// recovers when the service answers again.
//
// Deterministic without blind sleeps: the model service holds its answer, so the job is known to be
// mid-run (OCR done, progress reported, waiting on the review) when the process is killed.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { openDatabase } from '../../src/server/db/database';
import { seedDemoSchool } from '../../src/server/seed/demo-school';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { corrections, essays, jobs, notifications, studentNotifications } from '../../src/server/db/schema';
import { MGMT } from '../helpers/flows';
import { startServer, throwawayPostgres, type ServerProcess } from '../helpers/server-process';
import { databaseKinds } from '../helpers/test-database';

type Mode = 'ok' | 'down' | 'hold';

/** OpenAI-compatible chat completions on loopback: answers a review (ok), 500 (down) or holds the request (hold). */
async function modelService() {
  const state = { mode: 'ok' as Mode, calls: 0, held: [] as ServerResponse[] };
  const review = {
    total: 88,
    dimensions: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id) => ({ id, percent: 86, comment: `模型点评：${id} 方面表现较好，细节具体。` })),
    overall: '模型总评：文章围绕运动会展开，长跑过程写得具体生动，结尾点明道理。',
    notes: [],
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.calls++;
      if (state.mode === 'hold') return void state.held.push(res);
      if (state.mode === 'down') return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream overloaded' } }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(review) } }], usage: { prompt_tokens: 100, completion_tokens: 50 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    state,
    close: () => {
      for (const r of state.held) r.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Polls `read` until `done` holds (every 100 ms, at most `ms`). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseKinds())('server process killed during an AI correction on %s', (kind) => {
  let ms: Awaited<ReturnType<typeof modelService>>;
  let pgDb: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
  let server: ServerProcess | undefined;
  let dataDir = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    ms = await modelService();
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-restart-'));
    if (kind === 'postgres') pgDb = await throwawayPostgres();
    // The demo school (teacher01, 七年级1班) without the demo tasks and essays `npm start` seeds: their
    // AI jobs would queue ahead of this test's essay.
    const seed = await openDatabase(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'pglite', dataDir });
    await seedReferenceData(seed.db);
    await seedDemoSchool(seed.db);
    await seed.close();
    // One job at a time, first retry of a failed model review after 1 s (30 s in production).
    env = { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', SEED_DEMO: 'false', AI_BASE_URL: ms.url, AI_MODEL: 'stub-model', AI_RETRIES: '0', AI_TIMEOUT_MS: '20000', AI_WORKERS: '1', AI_RETRY_SECONDS: '1' };
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await ms?.close();
    await pgDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('upload → delay → job runs → SIGKILL mid-job → restart → the job completes once; model service down → flag, retried, recovered', { timeout: 400_000 }, async () => {
    server = await startServer(env);
    let token = await server.login('teacher01');
    const get = (url: string) => server!.call('GET', `${MGMT}/${url}`, { token });
    const post = (url: string, body: unknown) => server!.call('POST', `${MGMT}/${url}`, { token, body });
    const jobOf = async (id: number) => (await get(`workManager/jobs/${id}`)).body.data as { essayStatus: string; job: { status: string; progress: number; attempts: number; runAt: string; lastError: string | null } | null };

    // A task for 七年级1班 and one student's page, uploaded as a teacher would.
    expect((await post('writingAutoCorrectionConfig/updateConfig/2/1', {})).status).toBe(200);
    const cls = ((await get('mclass/list?pageSize=100')).body.data.list as Array<{ id: number; name: string }>).find((c) => c.name === '七年级1班')!;
    const task = await post('tasks/add', { title: '难忘的一次运动会', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [cls.id], requirements: ['写出比赛的经过'] });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    const student = (await get(`mStudent/list?classId=${cls.id}&pageSize=1`)).body.data.list[0] as { id: number };
    const page = (await renderEssayPage(NORMAL_ESSAY, {})).image;
    const file = await server.call('POST', '/correction-api/file-service/files/base64', { token, body: { fileName: 'page1.png', contentBase64: Buffer.from(page).toString('base64') } });
    expect(file.status, JSON.stringify(file.body)).toBe(200);

    ms.state.mode = 'hold';
    const uploadedAt = Date.now();
    const saved = await post('writings/saveSingle', { taskId: task.body.data.id, classId: cls.id, studentId: student.id, draft: 0, fileIds: [file.body.data.id] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id as number;

    // The teacher's 2 s delay: queued first, then running.
    const queued = await jobOf(id);
    expect(queued).toMatchObject({ essayStatus: 'awaiting_ai', job: { status: 'queued', attempts: 0 } });
    expect(new Date(queued.job!.runAt).getTime()).toBeGreaterThanOrEqual(uploadedAt + 1500);
    const running = await until(() => jobOf(id), (j) => j.job?.status === 'running' && ms.state.held.length > 0, 45_000, 'the job to reach the model service');
    expect(Date.now() - uploadedAt).toBeGreaterThanOrEqual(1500);
    expect(running).toMatchObject({ essayStatus: 'ai_running', job: { attempts: 1 } });
    expect(running.job!.progress).toBeGreaterThanOrEqual(10);

    // Killed mid-job: no chance to give the job back or to unlock the data folder.
    const killedPid = server.pid;
    await server.stop('SIGKILL');
    if (kind === 'pglite') expect(readFileSync(path.join(dataDir, 'zhipi.lock'), 'utf8').trim()).toBe(String(killedPid));
    const callsBefore = ms.state.calls;
    ms.state.mode = 'ok';

    // Restarted on the same data: the stale lock is taken over and the dead server's job at once, not after the 60 s lease.
    // Timed from the moment the new server answers (its start, which reclaims the dead server's jobs, can
    // take a minute on a busy machine): done well before a 60 s lease would have let anyone take the job.
    server = await startServer(env);
    const upAt = Date.now();
    token = await server.login('teacher01');
    const done = await until(() => jobOf(id), (j) => j.job?.status === 'done', 60_000, 'the job to finish after the restart');
    const recoveredIn = Date.now() - upAt;
    if (process.env.ZHIPI_TEST_TIMINGS) console.info(`${kind}: job done ${recoveredIn} ms after the restarted server answered`);
    expect(recoveredIn).toBeLessThan(40_000);
    expect(done.job).toMatchObject({ status: 'done', progress: 100, attempts: 2 });
    expect(ms.state.calls - callsBefore).toBe(1);
    let c = (await get(`workManager/correction/${id}`)).body.data;
    expect(c).toMatchObject({ essayId: id, status: 'done', engine: 'model:stub-model', attempts: 2 });
    expect(c.transcript).toContain('八百米长跑');
    expect(c.result.comments.overall).toContain('模型总评');
    expect(c.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');

    // Model service down: the local result is stored with the flag, the job is queued again.
    ms.state.mode = 'down';
    expect((await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true })).status).toBe(200);
    const flagged = await until(
      async () => (await get(`workManager/correction/${id}`)).body.data,
      (d) => d.job?.status === 'queued' && d.job.attempts >= 1 && d.flags.some((f: { code: string }) => f.code === 'AI_SERVICE_FAILED'),
      45_000,
      'the AI_SERVICE_FAILED flag',
    );
    expect(flagged).toMatchObject({ essayStatus: 'abnormal', status: 'done', engine: 'local' });
    expect(flagged.result.score.label).toBeTruthy();
    expect(flagged.job.lastError).toMatch(/model service failed/);
    // retried (1 s, then 2 s later) while the service stays down
    await until(() => jobOf(id), (j) => (j.job?.attempts ?? 0) >= 2 && j.job?.status === 'queued', 45_000, 'a second attempt');
    ms.state.mode = 'ok';
    c = await until(async () => (await get(`workManager/correction/${id}`)).body.data, (d) => d.job?.status === 'done', 45_000, 'recovery');
    expect(c.engine).toBe('model:stub-model');
    expect(['ai_done', 'abnormal']).toContain(c.essayStatus);
    expect(c.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');
    expect(c.job.attempts).toBeGreaterThanOrEqual(3);
    const attempts = c.job.attempts as number;

    await server.stop('SIGTERM');
    server = undefined;
    if (kind === 'pglite') expect(existsSync(path.join(dataDir, 'zhipi.lock'))).toBe(false);

    // The rows, read straight from the database: one correction, two jobs (upload, re-run), no duplicates.
    const database = await openDatabase(kind === 'pglite' ? { kind: 'pglite', dataDir } : { kind: 'postgres', url: pgDb!.url });
    try {
      const db = database.db;
      const jobRows = await db.select().from(jobs).where(eq(jobs.dedupeKey, `essay:${id}`)).orderBy(jobs.id);
      expect(jobRows.map((j) => [j.status, j.attempts, j.lockedBy])).toEqual([
        ['done', 2, null],
        ['done', attempts, null],
      ]);
      expect(await db.select().from(corrections).where(eq(corrections.essayId, id))).toHaveLength(1);
      expect(await db.select().from(essays).where(and(eq(essays.studentId, student.id), eq(essays.taskId, task.body.data.id)))).toHaveLength(1);
      const dupTeacher = await db
        .select({ n: sql<number>`count(*)` })
        .from(notifications)
        .where(sql`${notifications.link} ~ ${`(^|[^0-9])${id}([^0-9]|$)`}`)
        .groupBy(notifications.userId, notifications.kind, notifications.message, notifications.link)
        .having(sql`count(*) > 1`);
      expect(dupTeacher).toEqual([]);
      const dupStudent = await db
        .select({ n: sql<number>`count(*)` })
        .from(studentNotifications)
        .where(eq(studentNotifications.essayId, id))
        .groupBy(studentNotifications.studentId, studentNotifications.kind, studentNotifications.message)
        .having(sql`count(*) > 1`);
      expect(dupStudent).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
