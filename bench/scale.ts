/**
 * `npm run bench -- --scale`: what each hot path costs the server on a generated district. For every
 * route: server CPU per request (the server process's CPU time over the measured run divided by the
 * requests it answered), p50/p99 latency, requests/s and the ratio to the health route measured in
 * the same run, at 50 connections. Databases: the million-essay PostgreSQL district
 * (BENCH_DISTRICT_URL, or district_1m once `node --import tsx bench/seed-district.ts` has built it)
 * and PGlite holding one school (built into a temporary folder, --pglite-essays=20000).
 * Options: --duration=5 --warmup=1 --connections=50 --only=pglite|postgres --pglite-essays=N.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { encryptPassword } from '../src/core/security/encrypt-password';
import type { DatabaseTarget } from '../src/server/db/database';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { startServer, stopServer } from './api-server-control';
import { buildPgliteDistrict } from './district/build-district';
import { planDistrict } from './district/plan';
import { measureStart } from './district/start-time';
import { districtUrl } from './seed-district';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const DURATION = Number(arg('duration', '5'));
const WARMUP = Number(arg('warmup', '1'));
const CONNECTIONS = Number(arg('connections', '50'));
const ONLY = arg('only', '');
const PGLITE_ESSAYS = Number(arg('pglite-essays', '20000'));
const SYS = '/correction-api/platform-system';
const MGMT = '/correction-api/platform-management';

interface Route {
  name: string;
  who: 'none' | 'teacher' | 'headmaster';
  method?: 'GET' | 'POST';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** targets of the issue: CPU per request (ms) */
  cpuTarget?: number;
}

export interface Ids {
  taskId: number;
  classId: number;
  essayId: number;
  studentId: number;
}

export const ROUTES: Route[] = [
  { name: 'health', who: 'none', path: () => '/correction-api/health' },
  { name: 'auth/info', who: 'teacher', path: () => `${SYS}/auth/info`, cpuTarget: 1 },
  { name: 'task board', who: 'teacher', path: () => `${MGMT}/tasks/list?pageNum=1&pageSize=10`, cpuTarget: 3 },
  { name: 'class essay list', who: 'teacher', path: (i) => `${MGMT}/writings/list?taskId=${i.taskId}&classId=${i.classId}`, cpuTarget: 3 },
  { name: 'correction workspace', who: 'teacher', path: (i) => `${MGMT}/review/workspace?essayId=${i.essayId}`, cpuTarget: 3 },
  { name: 'statistics', who: 'teacher', path: (i) => `${MGMT}/writings/statistics?taskId=${i.taskId}&classId=${i.classId}` },
  { name: 'report data', who: 'teacher', method: 'POST', path: () => `${MGMT}/tasks/getReportData`, body: (i) => ({ taskId: i.taskId, classId: i.classId }) },
  { name: 'growth profile', who: 'teacher', path: (i) => `${MGMT}/studentGrowing/single?studentId=${i.studentId}` },
  { name: 'notifications', who: 'teacher', path: () => `${MGMT}/message/getSysMessages?isRead=2` },
  { name: 'leaders overview', who: 'headmaster', path: () => `${MGMT}/leaders/overview` },
];

interface Row {
  database: string;
  route: string;
  cpuMs: number;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  note?: string;
  cpuTarget?: number;
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (msg: { type?: string; usage?: NodeJS.CpuUsage }) => {
      if (msg?.type !== 'cpu' || !msg.usage) return;
      child.off('message', onMessage);
      resolve((msg.usage.user + msg.usage.system) / 1000);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

export async function signIn(base: string, publicKey: string, username: string): Promise<string> {
  const res = await fetch(`${base}${SYS}/auth/loginTeacher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await encryptPassword(DEMO_PASSWORD, publicKey) }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`${username} could not sign in: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** A released task of the teacher, its first class, an AI-corrected essay and its student, found through the API. */
export async function findIds(base: string, token: string): Promise<Ids> {
  const get = async (url: string) => ((await (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown }).data;
  const tasks = (await get(`${MGMT}/tasks/list?pageNum=1&pageSize=10&status=released`)) as { list: { id: number; classes: { id: number }[] }[] };
  // the second newest: its essays are mostly corrected, as on a teacher's usual day
  const task = tasks.list[1] ?? tasks.list[0];
  if (!task) throw new Error('the teacher has no released task');
  const classId = task.classes[0]!.id;
  const list = (await get(`${MGMT}/writings/list?taskId=${task.id}&classId=${classId}`)) as { students: { studentId: number; essays: { id: number; status: string }[] }[] };
  const withEssay = list.students.find((s) => s.essays.some((e) => e.status === 'approved' || e.status === 'ai_done'));
  if (!withEssay) throw new Error(`no corrected essay on task ${task.id}`);
  return { taskId: task.id, classId, essayId: withEssay.essays[0]!.id, studentId: withEssay.studentId };
}

async function measure(label: string, child: ChildProcess, base: string, tokens: Record<Route['who'], string>, ids: Ids): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of ROUTES) {
    const token = tokens[route.who];
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const body = route.body ? JSON.stringify(route.body(ids)) : undefined;
    const opts = { url: `${base}${route.path(ids)}`, connections: CONNECTIONS, headers, method: route.method ?? 'GET', ...(body ? { body } : {}) };
    // the first request may build what later ones read (the leaders' facts): time it apart
    const t0 = performance.now();
    const probe = await fetch(opts.url, { method: opts.method, headers, body, signal: AbortSignal.timeout(600_000) }).catch((err: Error) => ({ status: 0, text: async () => err.message }));
    const firstMs = performance.now() - t0;
    if (probe.status !== 200) {
      rows.push({ database: label, route: route.name, cpuMs: NaN, p50: NaN, p99: NaN, rps: NaN, non2xx: 1, errors: 0, note: `first answer ${probe.status}: ${(await probe.text()).slice(0, 80)}` });
      continue;
    }
    if (WARMUP > 0) await autocannon({ ...opts, duration: WARMUP });
    const cpu0 = await cpuOf(child);
    const r = await autocannon({ ...opts, duration: DURATION });
    const cpuMs = (await cpuOf(child)) - cpu0;
    const answered = r['2xx'] + r.non2xx;
    const row: Row = { database: label, route: route.name, cpuMs: answered ? cpuMs / answered : NaN, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors + r.timeouts, ...(route.cpuTarget ? { cpuTarget: route.cpuTarget } : {}) };
    const notes = [firstMs > 1000 ? `first request ${(firstMs / 1000).toFixed(1)} s` : '', answered ? '' : `no answer within the ${DURATION} s run (${(cpuMs / 1000).toFixed(1)} s of server CPU)`].filter(Boolean);
    if (notes.length) row.note = notes.join('; ');
    rows.push(row);
    process.stderr.write(`  ${label.padEnd(14)} ${route.name.padEnd(21)} CPU ${answered ? row.cpuMs.toFixed(2) : 'n/a'} ms/req  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s\n`);
  }
  return rows;
}

function table(rows: Row[]): string {
  const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(1)}×` : 'n/a');
  const lines = [`| database | route | CPU ms/req | p50 (ms) | p99 (ms) | req/s | p99 / health | non-2xx | errors | note |`, `|---|---|---:|---:|---:|---:|---:|---:|---:|---|`];
  for (const row of rows) {
    const health = rows.find((r) => r.database === row.database && r.route === 'health');
    const cpu = Number.isFinite(row.cpuMs) ? row.cpuMs.toFixed(2) + (row.cpuTarget ? (row.cpuMs <= row.cpuTarget ? ` (≤ ${row.cpuTarget} ✓)` : ` (> ${row.cpuTarget} ✗)`) : '') : 'n/a';
    lines.push(`| ${row.database} | ${row.route} | ${cpu} | ${row.p50} | ${row.p99} | ${Number.isFinite(row.rps) ? Math.round(row.rps) : 'n/a'} | ${ratio(row.p99, health?.p99 ?? 0)} | ${row.non2xx} | ${row.errors} | ${row.note ?? ''} |`);
  }
  return lines.join('\n');
}

async function postgresDistrict(): Promise<string | undefined> {
  const url = process.env.BENCH_DISTRICT_URL ?? districtUrl(1_000_000);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(`select plan from district_build where finished_at is not null`);
    return rows.length ? url : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function runOn(label: string, target: DatabaseTarget): Promise<Row[]> {
  const t0 = performance.now();
  const { child, ready } = await startServer(target, { BENCH_SEED_DEMO: 'false', BENCH_JOBS: 'false' }, 600_000);
  process.stderr.write(`  ${label}: server answered after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const teacher = await signIn(base, ready.publicKey, 'd01t01');
    const headmaster = await signIn(base, ready.publicKey, 'd01h');
    const ids = await findIds(base, teacher);
    return await measure(label, child, base, { none: '', teacher, headmaster }, ids);
  } finally {
    await stopServer(child);
  }
}

export async function main() {
  const started = Date.now();
  const load0 = os.loadavg();
  const rows: Row[] = [];
  const labels: string[] = [];
  const starts: string[] = [];
  if (ONLY !== 'pglite') {
    const url = await postgresDistrict();
    if (url) {
      // the real server, compiled as `npm start` runs it: its first answers on the million-essay database
      const start = await measureStart(url, 'd01t01');
      starts.push(`${start.entry} on postgres 1M: /health after ${(start.healthMs / 1000).toFixed(1)} s (${start.healthCpuS.toFixed(1)} s CPU), a teacher signed in after ${(start.signInMs / 1000).toFixed(1)} s (${start.signInCpuS.toFixed(1)} s CPU), ${Math.round(start.rssMb)} MB resident`);
      rows.push(...(await runOn('postgres 1M', { kind: 'postgres', url })));
      labels.push(`postgres 1M = ${new URL(url).pathname.slice(1)}`);
    } else process.stderr.write('PostgreSQL district not built: run `node --import tsx bench/seed-district.ts` (once) or set BENCH_DISTRICT_URL\n');
  }
  if (ONLY !== 'postgres') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-scale-'));
    try {
      const t0 = performance.now();
      const plan = planDistrict(PGLITE_ESSAYS, new Date(), 1);
      await buildPgliteDistrict(dir, plan);
      process.stderr.write(`  pglite: one school of ${PGLITE_ESSAYS} essays built in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
      rows.push(...(await runOn('pglite 1 school', { kind: 'pglite', dataDir: dir })));
      labels.push(`pglite 1 school = ${plan.tasksPerTeacher} tasks per teacher, about ${PGLITE_ESSAYS} essays`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const load1 = os.loadavg();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nServer CPU per request on a generated district (${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up; Node ${process.version}, ${os.cpus().length} × ${cpu})`);
  console.log(`${labels.join('; ')}. Load average (1/5/15 min) at start ${load0.map((l) => l.toFixed(1)).join(' / ')}, at end ${load1.map((l) => l.toFixed(1)).join(' / ')}.\n`);
  console.log(table(rows));
  if (starts.length) console.log(`\n${starts.join('\n')}`);
  console.log(`\nfinished in ${Math.round((Date.now() - started) / 1000)} s`);
}
