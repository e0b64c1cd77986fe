// The compiled server as an operator installs it: the build (scripts/build-server.mjs) with
// package.json, the lockfile and .npmrc copied into an empty folder, `npm ci --omit=dev` there (no tsx,
// no vite), then `npm start`: it seeds the demo school on PGlite, prints the URL and the logins, answers
// /health and signs a teacher in. A thread of the build (OCR) starts from its .js file without tsx.
// The install is the operator's own command on purpose (about a minute from the warm npm cache): it is
// what shows the production dependencies alone are enough.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../src/core/security/encrypt-password';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'zhipi-compiled-'));
/** only what a server needs: no DATABASE_URL or TEST_* of the test runner */
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? dir, '.npm') };

let server: ChildProcess | undefined;
let out = '';
let base = '';

beforeAll(async () => {
  await run(process.execPath, ['scripts/build-server.mjs', path.join(dir, 'build')], { cwd: root });
  for (const f of ['package.json', 'package-lock.json', '.npmrc', 'bin', 'scripts/start.mjs']) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 });
  mkdirSync(path.join(dir, 'data'));
  // detached: its own process group, so the stop reaches node behind npm
  server = spawn('npm', ['start'], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), AI_WORKERS: '0', LOG_LEVEL: 'warn' } });
  // ready once the output holds the URL and the last demo login (checked as it arrives, not polled)
  await new Promise<void>((resolve, reject) => {
    const read = (c: Buffer) => {
      out += c.toString();
      const port = /App: +http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      if (port && out.includes('teacherB01') && !base) {
        base = `http://127.0.0.1:${port}/correction-api`;
        resolve();
      }
    };
    server!.stdout!.on('data', read);
    server!.stderr!.on('data', read);
    server!.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
}, 1_200_000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    const t0 = performance.now();
    // npm and the server behind it; the server closes PGlite (a checkpoint) before it exits
    process.kill(-server.pid, 'SIGTERM');
    const late = setTimeout(() => process.kill(-server!.pid!, 'SIGKILL'), 60_000);
    await exited;
    clearTimeout(late);
    if (process.env.ZHIPI_TEST_TIMINGS) console.info(`npm start stopped ${Math.round(performance.now() - t0)} ms after SIGTERM`);
  }
  // (the install's 30,000 files take a while to remove on a busy disk)
  rmSync(dir, { recursive: true, force: true });
}, 600_000);

describe('the compiled server from an npm ci --omit=dev install', { timeout: 120_000 }, () => {
  it('has no build tool installed', () => {
    expect(existsSync(path.join(dir, 'node_modules', 'fastify'))).toBe(true);
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'react']) expect(existsSync(path.join(dir, 'node_modules', devOnly))).toBe(false);
  });

  it('prints the URL and the demo logins, answers /health and signs a teacher in', async () => {
    expect(out).toContain('智批 zhipi is running on PGlite');
    expect(out).toContain('Demo logins (password Zhipi@2026)');
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).data).toMatchObject({ status: 'ok', database: 'pglite' });
    const key = (await (await fetch(`${base}/platform-system/auth/publicKey`)).json()).data.publicKey as string;
    const res = await fetch(`${base}/platform-system/auth/loginTeacher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher01', password: await encryptPassword('Zhipi@2026', key) }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.token).toMatch(/\S{20,}/);
  });

  it('starts a worker thread from its built .js file (no tsx in the install)', async () => {
    // a file, not -e: a thread inherits its process's flags, and --input-type is refused in a thread
    writeFileSync(path.join(dir, 'read-page.mjs'), `const { OcrWorkerPool } = await import('./build/src/correction/ocr/ocr-pool.js');
const pool = new OcrWorkerPool({ threads: 1 });
const read = await pool.readPage(new Uint8Array([1, 2, 3]));
await pool.close();
console.log(JSON.stringify({ ok: read.check.ok }));`);
    const { stdout } = await run(process.execPath, ['read-page.mjs'], { cwd: dir, env });
    expect(JSON.parse(stdout.trim())).toEqual({ ok: false });
  });
});
