import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { waitForDemoEssays } from './demo-essays';
import { PASSWORD } from './demo-users';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}

/**
 * How long the seeded demo essays may take to be AI-corrected before the first spec (one AI worker,
 * the ten essays ≈ 60–80 s on a 2-core machine at load 5–10): ≥ 5× that.
 */
const DEMO_ESSAYS_LIMIT_MS = 600_000;

/**
 * Starts the real server (src/server/server.ts) on a free port with a fresh PGlite data folder,
 * serving the built app, waits until its seeded demo essays are AI-corrected, and stops it after
 * the e2e run. Waiting here, once, keeps every spec's hook short: a spec's own essays are corrected
 * before background work anyway (the seed's jobs have a lower priority), and a spec that reads the
 * demo task finds it done instead of waiting for the AI behind another spec.
 */
export default async function setup(project: TestProject) {
  // A server already started and seeded by hand (E2E_BASE_URL=http://localhost:PORT): re-running one
  // spec while working on it skips the start and the AI wait. Left running afterwards.
  if (process.env.E2E_BASE_URL) {
    const url = new URL(process.env.E2E_BASE_URL);
    project.provide('baseUrl', url.origin);
    project.provide('port', Number(url.port));
    return () => undefined;
  }
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('Build the app first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-e2e-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    // SEED_DEMO: the demo school, its tasks and the demo essays (AI-corrected by the server's job runner; e2e/support/demo-essays.ts).
    // COPY_CHECK off: specs hand the demo essays' committed pages in again for their own pupils, which the
    // copy check rightly flags as another pupil's; copy detection has its own API test (tests/api/copy-detection.test.ts).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: 'true', COPY_CHECK: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await startAndWait(child, baseUrl, () => output);
  } catch (err) {
    // A failed start or wait must not leave the server and its AI worker running on the machine.
    await stop();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  return stop;
}

/** Waits until the server answers, then until its seeded demo essays are AI-corrected. */
async function startAndWait(child: ChildProcess, baseUrl: string, output: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/correction-api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const started = Date.now();
  await waitForDemoEssays(baseUrl, await signInTeacher(baseUrl), { timeoutMs: DEMO_ESSAYS_LIMIT_MS });
  if (process.env.E2E_TIMINGS) console.log(`demo essays AI-corrected ${((Date.now() - started) / 1000).toFixed(1)} s after the server answered`);
}

/** teacher01's token (support/api.ts needs the provided baseUrl, which specs have and this setup does not yet). */
async function signInTeacher(baseUrl: string): Promise<string> {
  const call = async <T>(p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/correction-api/platform-system/auth${p}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
    const json = (await res.json()) as { data: T; message: string };
    if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
    return json.data;
  };
  const { publicKey } = await call<{ publicKey: string }>('/publicKey');
  return (await call<{ token: string }>('/loginTeacher', { username: 'teacher01', password: await encryptPassword(PASSWORD, publicKey) })).token;
}
