// The real server (src/server/server.ts) as a child process, for tests that kill and restart it:
// `npm start` without the build, on a data folder and database the test chooses, port 0 (the port is
// read from the start banner). Talks HTTP like any client.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** JSON request; returns status and the parsed body (untyped like inject's res.json(): the assertions check it). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: 'GET' | 'POST', url: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  login(username: string, password?: string): Promise<string>;
  /** Sends the signal and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server with `env` on top of the test environment and waits until /health answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + timeoutMs;
  let baseUrl = '';
  while (!baseUrl) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`server exited early:\n${out}`);
    const port = /App:\s+http:\/\/localhost:(\d+)\//.exec(out)?.[1];
    if (port) baseUrl = `http://127.0.0.1:${port}`;
    else if (Date.now() > deadline) throw new Error(`server did not start in ${timeoutMs} ms:\n${out}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  const call: ServerProcess['call'] = async (method, url, opts = {}) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'accept-language': 'zh-CN', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  };
  return {
    child,
    pid: child.pid!,
    baseUrl,
    output: () => out,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const key = (await call('GET', '/correction-api/platform-system/auth/publicKey')).body.data.publicKey as string;
      const res = await call('POST', '/correction-api/platform-system/auth/loginTeacher', { body: { username, password: await encryptPassword(password, key) } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && !child.signalCode) child.kill(signal);
      await exited;
    },
  };
}

/** A throwaway PostgreSQL database on TEST_DATABASE_URL's server; drop() removes it. */
export async function throwawayPostgres(prefix = 'zhipi_proc'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
