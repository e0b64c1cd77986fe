/**
 * `npm run bench`: API latency of the real app on PGlite (temp DATA_DIR, as in production) and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (a throwaway database it creates and
 * drops). Each route gets a warm-up, then a measured run at 50 concurrent connections (autocannon);
 * the table gives p50 / p99 latency, requests/s and each route's ratio to the bare health route.
 * Loopback traffic only. Options: --duration=5 --warmup=1 --connections=50 --only=pglite|postgres.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { encryptPassword } from '../src/core/security/encrypt-password';
import type { DatabaseTarget } from '../src/server/db/database';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { startServer, stopServer } from './api-server-control';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const DURATION = Number(arg('duration', '5'));
const WARMUP = Number(arg('warmup', '1'));
const CONNECTIONS = Number(arg('connections', '50'));
const ONLY = arg('only', '');

const ROUTES = [
  { name: 'health', path: '/correction-api/health', auth: false },
  { name: 'auth/info', path: '/correction-api/platform-system/auth/info', auth: true },
  { name: 'menus/infoMenu', path: '/correction-api/platform-system/api/menus/infoMenu', auth: true },
] as const;

interface Row {
  database: string;
  route: string;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

interface Target {
  label: 'pglite' | 'postgres';
  target: DatabaseTarget;
  cleanup(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-bench-'));
  return { label: 'pglite', target: { kind: 'pglite', dataDir: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `zhipi_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'postgres',
    target: { kind: 'postgres', url: url.toString() },
    async cleanup() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function signIn(base: string, publicKey: string): Promise<string> {
  const res = await fetch(`${base}/correction-api/platform-system/auth/loginTeacher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, publicKey) }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`teacher01 could not sign in: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

async function measure(label: string, base: string, token: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of ROUTES) {
    const headers: Record<string, string> = route.auth ? { authorization: `Bearer ${token}` } : {};
    const opts = { url: `${base}${route.path}`, connections: CONNECTIONS, headers };
    // sanity: the route answers 200 with this token before we time it
    const probe = await fetch(opts.url, { headers: opts.headers });
    if (probe.status !== 200) throw new Error(`${route.path} answered ${probe.status}: ${await probe.text()}`);
    if (WARMUP > 0) await autocannon({ ...opts, duration: WARMUP });
    const r = await autocannon({ ...opts, duration: DURATION });
    rows.push({ database: label, route: route.name, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    process.stderr.write(`  ${label.padEnd(8)} ${route.name.padEnd(15)} p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s\n`);
  }
  return rows;
}

function table(rows: Row[]): string {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  const lines = [
    `| database | route | p50 (ms) | p99 (ms) | req/s | p50 / health | p99 / health | non-2xx | errors |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const row of rows) {
    const health = rows.find((r) => r.database === row.database && r.route === 'health')!;
    lines.push(
      `| ${row.database} | ${row.route} | ${row.p50} | ${row.p99} | ${Math.round(row.rps)} | ${ratio(row.p50, health.p50)} | ${ratio(row.p99, health.p99)} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (pgUrl) kinds.push('postgres');
  const selected = ONLY ? kinds.filter((k) => k === ONLY) : kinds;
  if (!pgUrl && ONLY === 'postgres') throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to bench PostgreSQL');

  const started = Date.now();
  process.stderr.write(`API latency: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per route, on ${selected.join(' and ')}\n`);
  const rows: Row[] = [];
  for (const kind of selected) {
    const target = kind === 'pglite' ? await pgliteTarget() : await postgresTarget(pgUrl!);
    let child: ChildProcess | undefined;
    try {
      const server = await startServer(target.target);
      child = server.child;
      const base = `http://127.0.0.1:${server.ready.port}`;
      const token = await signIn(base, server.ready.publicKey);
      rows.push(...(await measure(kind, base, token)));
    } finally {
      if (child) await stopServer(child);
      await target.cleanup();
    }
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nAPI latency (${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up; Node ${process.version}, ${os.cpus().length} × ${cpu})\n`);
  console.log(table(rows));
  console.log(`\nfinished in ${Math.round((Date.now() - started) / 1000)} s`);
  if (!pgUrl) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
  const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (failed.length) {
    console.error(`\nnon-2xx answers or errors on: ${failed.map((r) => `${r.database} ${r.route}`).join(', ')}`);
    process.exitCode = 1;
  }
}

// --scale: CPU per request on the hot paths of a generated district (bench/scale.ts)
(process.argv.includes('--scale') ? import('./scale').then((m) => m.main()) : main()).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
