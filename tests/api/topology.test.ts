// The district topology on loopback: two API servers behind a round-robin reverse proxy, two job workers
// (AI_WORKERS=0 on the servers), one PostgreSQL database and S3-compatible storage (s3rver). Each server
// and worker has what a process of its own has: its own connection pool, LISTEN connection, session
// cache, job runner and storage client, so everything they share goes through PostgreSQL and S3 as it
// does between processes; they run in this test's process to keep it affordable on a busy 2-core
// machine (the OCR is the API tests' fake, see helpers/correction.ts). PostgreSQL only: PGlite is one
// process per data folder.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { buildApp } from '../../src/server/app';
import { loadPasswordCipher } from '../../src/server/auth/rsa-keys';
import { TokenSigner } from '../../src/server/auth/tokens';
import { openDatabase, type Database } from '../../src/server/db/database';
import { files, jobs } from '../../src/server/db/schema';
import { registerJobHandlers } from '../../src/server/jobs/handlers';
import { JobRunner } from '../../src/server/jobs/runner';
import { leasesRepo } from '../../src/server/repositories/leases';
import type { ServiceDeps } from '../../src/server/services/deps';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';
import { createFileStorage } from '../../src/server/storage/index';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { FakeOcr } from '../helpers/correction';
import { MGMT, SYS } from '../helpers/flows';
import { createScratchPostgres, seed, seededTemplate } from '../helpers/test-database';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
const BUCKET = 'zhipi-district';

const PG = !!process.env.TEST_DATABASE_URL;
const secret = new TextEncoder().encode('topology-secret-topology-secret-32+');
const cipher = loadPasswordCipher();
const ocr = new FakeOcr();

/** A decoded answer or event: the test reads the fields it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read back from the API
type Json = any;

interface Server {
  name: string;
  app: FastifyInstance;
  database: Database;
  url: string;
}
interface Worker {
  runner: JobRunner;
  database: Database;
  done: number[];
}

describe.skipIf(!PG)('district topology: 2 servers behind a proxy, 2 workers, PostgreSQL, S3 (PostgreSQL only: PGlite is one process per data folder)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let admin: Database;
  let s3dir: string;
  let s3: S3rverInstance;
  let s3endpoint: string;
  const servers: Server[] = [];
  const workers: Worker[] = [];
  let proxy: http.Server;
  let proxyUrl: string;
  const proxied: string[] = [];
  let token: string;
  let taskId: number;
  let classId: number;
  let students: { id: number }[];
  let page: Uint8Array;

  const storage = () => createFileStorage({ kind: 's3', endpoint: s3endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const deps = async (database: Database): Promise<ServiceDeps> => ({
    db: database.db,
    events: database.events,
    signer: new TokenSigner(secret),
    cipher,
    sms: { send: async () => undefined },
    now: () => new Date(),
    storage: await storage(),
    ocr,
    copyCheck: false,
  });

  /** A JSON call through `base` (the proxy by default). */
  const call = async (method: string, url: string, body?: unknown, base = proxyUrl, auth = token) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'accept-language': 'zh-CN', ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text, json: () => JSON.parse(text) as { data: Json; error?: string } };
  };

  /** Reads a server-sent event stream to its end (or `maxMs`), with the time each event came. */
  const readEvents = async (url: string, base: string, maxMs = 120_000) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' }, signal: AbortSignal.timeout(maxMs) });
    expect(res.status).toBe(200);
    const events: { event: string; data: Json; at: number }[] = [];
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push({ event, data: JSON.parse(data), at: Date.now() });
      }
    }
    return events;
  };

  const upload = async (base: string) => {
    const res = await call('POST', '/correction-api/file-service/files/base64', { fileName: 'page.png', contentBase64: Buffer.from(page).toString('base64') }, base);
    expect(res.status, res.body).toBe(200);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    // a copy of the run's seeded database, or seeded here when the run made none
    const template = seededTemplate();
    scratch = await createScratchPostgres(template);
    admin = await openDatabase({ kind: 'postgres', url: scratch.url });
    if (!template) await seed(admin);
    s3dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-topology-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
    s3endpoint = `http://127.0.0.1:${(await s3.run()).port}`;

    for (const name of ['A', 'B']) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      const { db: _db, events: _events, ...rest } = await deps(database);
      const app = await buildApp({ database, deps: rest, englishHosts: [], nodeEnv: 'test', jobs: false, trustProxy: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push({ name, app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      const done: number[] = [];
      const log = {
        info: (o: object) => {
          const e = o as { event?: string; jobId?: number };
          if (e.event === 'job_done' && e.jobId) done.push(e.jobId);
        },
        warn: () => undefined,
        error: () => undefined,
      };
      // A safety poll of 10 minutes: only NOTIFY can start a job within this test's time.
      const runner = registerJobHandlers(new JobRunner({ db: database.db, events: database.events, now: () => new Date(), log, concurrency: 1, pollMs: 600_000, workerId: `topology-worker-${i}:${process.pid}:${i}` }), await deps(database));
      runner.start();
      workers.push({ runner, database, done });
    }
    // The reverse proxy: round robin over the two servers, responses streamed (SSE passes through).
    let next = 0;
    proxy = http.createServer((req, res) => {
      const target = servers[next++ % servers.length]!;
      proxied.push(target.name);
      const forward = http.request(`${target.url}${req.url}`, { method: req.method, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

    const login = await call('POST', `${SYS}/auth/loginTeacher`, { username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, cipher.publicKeySpki) }, proxyUrl, '');
    expect(login.status, login.body).toBe(200);
    token = login.json().data.token;
    // The AI starts 1 s after an upload (the teacher's delay), so the stream below sees it queued first.
    expect((await call('POST', `${MGMT}/writingAutoCorrectionConfig/updateConfig/1/1`, {})).status).toBe(200);
    const classes = (await call('GET', `${MGMT}/mclass/list?pageSize=100`)).json().data.list as { id: number; name: string }[];
    classId = classes.find((c) => c.name === '七年级1班')!.id;
    const task = await call('POST', `${MGMT}/tasks/add`, { title: '难忘的一次运动会', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 2 * 86400_000).toISOString(), classIds: [classId], requirements: ['写出场面'] });
    expect(task.status, task.body).toBe(200);
    taskId = task.json().data.id;
    students = (await call('GET', `${MGMT}/mStudent/list?classId=${classId}&pageSize=100`)).json().data.list;
    page = (await renderEssayPage(NORMAL_ESSAY, {})).image;
    ocr.register(page, NORMAL_ESSAY);
  }, 600_000);

  afterAll(async () => {
    for (const w of workers) await w.runner.stop();
    proxy?.closeAllConnections();
    await new Promise((r) => (proxy ? proxy.close(r) : r(null)));
    for (const s of servers) await s.app.close();
    for (const d of [...workers.map((w) => w.database), ...servers.map((s) => s.database)]) await d.close();
    await admin?.close();
    await s3?.close();
    if (s3dir) await rm(s3dir, { recursive: true, force: true });
    await scratch?.drop();
  }, 120_000);

  it('upload on A → AI by a worker, followed live on B → approve through the proxy', async () => {
    const [A, B] = servers as [Server, Server];
    const fileId = await upload(A.url);
    const saved = await call('POST', `${MGMT}/writings/saveSingle`, { taskId, classId, studentId: students[0]!.id, draft: 0, fileIds: [fileId] }, A.url);
    expect(saved.status, saved.body).toBe(200);
    const essayId = saved.json().data.id as number;
    // the page is in the bucket, not on a server's disk: B serves it too
    const [file] = await admin.db.select().from(files).where(eq(files.id, fileId));
    expect(await (await storage()).exists(file!.storageKey)).toBe(true);
    expect((await fetch(`${B.url}${saved.json().data.pages[0].url}`)).status).toBe(200);

    // A client on B follows the job a worker runs: pushed by NOTIFY (the streams' re-read is every 5 s).
    const cpu = process.cpuUsage();
    const events = await readEvents(`${MGMT}/workManager/jobs/${essayId}/events`, B.url);
    const used = process.cpuUsage(cpu);
    const states = events.map((e) => `${e.event}:${e.data.job?.status}:${e.data.job?.progress}`);
    console.info(`SSE on B saw ${states.join(' → ')} (test process CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, load ${os.loadavg()[0]!.toFixed(1)})`);
    expect(events[0]).toMatchObject({ event: 'job', data: { essayId, job: { status: 'queued' } } });
    expect(events.some((e) => e.data.job?.status === 'running')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { job: { status: 'done', progress: 100 } } });
    const ranBy = workers.filter((w) => w.done.length).length;
    expect(ranBy).toBe(1);

    let essay = (await call('GET', `${MGMT}/workManager/correction/${essayId}`)).json().data;
    if (essay.essayStatus === 'abnormal') {
      // the engine flagged it: the teacher corrects it anyway (through B), as the helpers do
      expect((await call('POST', `${MGMT}/workManager/correction/${essayId}/insist`, undefined, B.url)).status).toBe(200);
      await readEvents(`${MGMT}/workManager/jobs/${essayId}/events`, A.url);
      essay = (await call('GET', `${MGMT}/workManager/correction/${essayId}`)).json().data;
    }
    expect(essay).toMatchObject({ essayId, status: 'done' });
    expect(essay.transcript).toContain('八百米长跑');

    const approved = await call('POST', `${MGMT}/review/approve`, { essayId, teacherComment: '内容具体，结尾点题。' });
    expect(approved.status, approved.body).toBe(200);
    for (const s of servers) {
      const w = await call('GET', `${MGMT}/review/workspace?essayId=${essayId}`, undefined, s.url);
      expect(w.status, w.body).toBe(200);
      expect(w.json().data.review).toMatchObject({ approved: true });
    }
    expect(new Set(proxied)).toEqual(new Set(['A', 'B']));
  }, 600_000);

  it('jobs enqueued through both servers are claimed exactly once by the two workers, each on NOTIFY', async () => {
    const fileId = await upload(servers[0]!.url);
    const ids: number[] = [];
    for (const [i, student] of students.slice(1, 9).entries()) {
      const res = await call('POST', `${MGMT}/writings/saveSingle`, { taskId, classId, studentId: student.id, draft: 0, fileIds: [fileId] }, servers[i % 2]!.url);
      expect(res.status, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const keys = ids.map((id) => `essay:${id}`);
    const deadline = Date.now() + 300_000;
    let rows: (typeof jobs.$inferSelect)[] = [];
    for (;;) {
      rows = await admin.db.select().from(jobs).where(inArray(jobs.dedupeKey, keys));
      if (rows.length === ids.length && rows.every((r) => r.status === 'done')) break;
      if (Date.now() > deadline) throw new Error(`jobs not done: ${rows.map((r) => r.status).join(',')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // one claim each (attempts 1), and each finished by exactly one worker
    expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    const finished = workers.flatMap((w) => w.done).filter((id) => rows.some((r) => r.id === id));
    expect(finished.sort()).toEqual(rows.map((r) => r.id).sort());
    console.info(`8 jobs: worker 1 ran ${workers[0]!.done.length}, worker 2 ran ${workers[1]!.done.length} (all files, load ${os.loadavg()[0]!.toFixed(1)})`);
  }, 600_000);

  it('a token signed out through A is refused by B as soon as the notification lands', async () => {
    const [A, B] = servers as [Server, Server];
    const login = await call('POST', `${SYS}/auth/loginTeacher`, { username: 'headmaster01', password: await encryptPassword(DEMO_PASSWORD, cipher.publicKeySpki) }, A.url, '');
    const mine = login.json().data.token as string;
    for (const s of servers) expect((await call('GET', `${SYS}/auth/info`, undefined, s.url, mine)).status).toBe(200);
    expect((await call('DELETE', `${SYS}/auth/logout`, undefined, A.url, mine)).status).toBe(200);
    expect((await call('GET', `${SYS}/auth/info`, undefined, A.url, mine)).status).toBe(401);
    const started = Date.now();
    while ((await call('GET', `${SYS}/auth/info`, undefined, B.url, mine)).status !== 401) {
      expect(Date.now() - started).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 5));
    }
    console.info(`B refused the revoked token after ${Date.now() - started} ms`);
  }, 120_000);

  it('a per-school lease (the roster import gate) is held by one process at a time', async () => {
    const [A, B] = servers as [Server, Server];
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    expect(await leasesRepo.acquire(A.database.db, 'roster-import:topology', 'A', until, now)).toBe(true);
    expect(await leasesRepo.acquire(B.database.db, 'roster-import:topology', 'B', until, now)).toBe(false);
    await leasesRepo.release(B.database.db, 'roster-import:topology', 'B'); // not B's: nothing happens
    expect(await leasesRepo.acquire(B.database.db, 'roster-import:topology', 'B', until, now)).toBe(false);
    await leasesRepo.release(A.database.db, 'roster-import:topology', 'A');
    expect(await leasesRepo.acquire(B.database.db, 'roster-import:topology', 'B', until, now)).toBe(true);
    // a holder that died frees the school when its lease runs out
    expect(await leasesRepo.acquire(A.database.db, 'roster-import:topology', 'A', until, new Date(until.getTime() + 1))).toBe(true);
  });
});
