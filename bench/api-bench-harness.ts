// What the API latency benches share (bench/growth.ts, bench/report-data.ts): the app in a child process
// (bench/api-server.ts), the server's own CPU time, and a throwaway PostgreSQL database.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/db/database';
import type { ServerReady } from './api-server';

const here = path.dirname(fileURLToPath(import.meta.url));

/** User + system CPU of a process so far (Linux /proc; clock ticks of 10 ms). */
export function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The real app in its own process (production mode) on the given database; resolves once it listens. */
export function startServer(target: DatabaseTarget): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(path.join(here, 'api-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_TARGET: JSON.stringify(target), NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, ready: msg as ServerReady }));
    child.once('exit', (code) => reject(new Error(`the bench server exited with code ${code}`)));
  });
}

/** Stops a server started by startServer. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Runs `fn` on a PostgreSQL database made for it on BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin
 * connection) and dropped afterwards; without either, says what to set and fails.
 */
export async function withThrowawayPostgres(prefix: string, fn: (target: DatabaseTarget) => Promise<void>): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server it may create databases on)');
    process.exitCode = 1;
    return;
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await fn({ kind: 'postgres', url: url.toString() });
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
