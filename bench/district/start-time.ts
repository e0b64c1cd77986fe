import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StartTimes {
  healthMs: number;
  signInMs: number;
  rssMb: number;
  /** the server process's CPU (user + system) at its first /health answer and after the sign-in */
  healthCpuS: number;
  signInCpuS: number;
  /** what ran: the compiled build or the sources through tsx */
  entry: string;
}

/** CPU seconds of a process so far (/proc/<pid>/stat utime + stime, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts the real server on `databaseUrl` with a temporary DATA_DIR and a port in 20000–40000: the
 * compiled build (build/src/server/server.js, what `npm start` runs; `npm run build:server` first)
 * when there is one, else src/server/server.ts through tsx. Times its first /health answer and a
 * teacher's sign-in from the spawn, with its CPU time at both; then stops it.
 */
export async function measureStart(databaseUrl: string, username: string, limitMs = 120_000): Promise<StartTimes> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-start-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const t0 = performance.now();
  const built = path.join(root, 'build', 'src', 'server', 'server.js');
  const compiled = await readFile(built).then(() => true, () => false);
  const args = compiled ? [built] : ['--import', 'tsx', 'src/server/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED_DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/correction-api`;
  try {
    let healthMs = NaN;
    let healthCpuS = NaN;
    while (performance.now() - t0 < limitMs) {
      const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
      if (ok) {
        healthMs = performance.now() - t0;
        healthCpuS = await cpuSeconds(child.pid!);
        break;
      }
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!Number.isFinite(healthMs)) throw new Error(`no /health answer within ${limitMs / 1000} s`);
    const key = ((await (await fetch(`${base}/platform-system/auth/publicKey`)).json()) as { data: { publicKey?: string } | string }).data;
    const publicKey = typeof key === 'string' ? key : key.publicKey!;
    const res = await fetch(`${base}/platform-system/auth/loginTeacher`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: await encryptPassword(DEMO_PASSWORD, publicKey) }) });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    const signInMs = performance.now() - t0;
    const signInCpuS = await cpuSeconds(child.pid!);
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { healthMs, signInMs, rssMb: rssKb / 1024, healthCpuS, signInCpuS, entry: compiled ? 'build/src/server/server.js' : 'src/server/server.ts (tsx)' };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    await rm(dir, { recursive: true, force: true });
  }
}
