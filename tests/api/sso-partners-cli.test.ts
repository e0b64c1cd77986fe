// The operator's partner CLI while the server runs. On PGlite the embedded database belongs to the
// server process, so the CLI used to need the server stopped; it now hands its command to the running
// server (DATA_DIR/operator.json). On PostgreSQL it opens the database beside the server. Either way a
// link to a teacher of another school is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, databaseKinds } from '../helpers/test-database';

const root = path.resolve(import.meta.dirname, '../..');

function cli(env: Record<string, string>, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sso-partners.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe.each(databaseKinds())('the partner CLI while the server runs on %s', { timeout: 900_000 }, (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-partner-cli-'));
  let env: Record<string, string> = {};
  let server: ChildProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  let log = '';

  beforeAll(async () => {
    let databaseUrl = '';
    if (kind === 'postgres') {
      const scratch = await createScratchPostgres();
      databaseUrl = scratch.url;
      drop = scratch.drop;
    }
    // no AI jobs: the demo essays need not be read for this
    env = { DATA_DIR: dataDir, JWT_SECRET: 'p'.repeat(32), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, AI_WORKERS: '0', NODE_ENV: 'development' };
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    // Up once it prints its logins (the demo school is seeded by then).
    const started = Date.now();
    while (!log.includes('Demo logins')) {
      if (server.exitCode !== null) throw new Error(`server exited: ${log}`);
      if (Date.now() - started > 600_000) throw new Error(`server did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 900_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('adds a partner and links a teacher of its school; refuses a teacher of another school', async () => {
    if (kind === 'pglite') {
      // the channel is the operator's alone
      const file = path.join(dataDir, 'operator.json');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o077).toBe(0);
    }
    const add = await cli(env, ['add', '--id', 'cli-portal', '--kind', 'launch', '--name', 'CLI 门户', '--school', '智批实验学校', '--origin', 'https://portal.cli.example']);
    expect(add.code, add.err + log.slice(-2000)).toBe(0);
    expect(add.out).toMatch(/partner cli-portal added\. Shared secret \(shown once\):\n[A-Za-z0-9_-]{43}/);

    const link = await cli(env, ['link', '--id', 'cli-portal', '--user', 'x-1', '--username', 'teacher01']);
    expect(link.code, link.err).toBe(0);
    expect(link.out).toMatch(/cli-portal:x-1 → teacher01/);

    const other = await cli(env, ['link', '--id', 'cli-portal', '--user', 'x-2', '--username', 'teacherB01']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/refused: teacherB01 has no identity in the partner's school/);

    const list = await cli(env, ['list']);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/cli-portal\tlaunch\tenabled/);
    const links = await cli(env, ['links', '--id', 'cli-portal']);
    expect(links.out.trim()).toMatch(/^x-1\tidentity \d+$/);

    // the server kept running throughout
    expect(server!.exitCode).toBeNull();
  });

  it.runIf(kind === 'pglite')('the operator channel refuses a caller without the token before reading the body', async () => {
    const url = JSON.parse(readFileSync(path.join(dataDir, 'operator.json'), 'utf8')).url as string;
    const res = await fetch(`${url}/correction-api/operator/sso-partners`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' }, body: JSON.stringify({ command: 'list' }) });
    expect(res.status).toBe(404);
    const none = await fetch(`${url}/correction-api/operator/sso-partners`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ command: 'list' }) });
    expect(none.status).toBe(404);
  });
});
