/**
 * `node --import tsx bench/start-time.ts [runs]`: how long a server process takes from spawn to
 * /health and to a teacher's sign-in, its CPU time to that point and its RSS then, for the compiled
 * server (build/src/server/server.js, `npm run build:server` first) and for the TypeScript sources
 * through tsx (`npm run dev`). PGlite in a temp folder, first start (initdb, migrations, demo seed) and
 * a restart on the same folder; AI_WORKERS=0 so no correction runs meanwhile. Prints a Markdown table
 * and the load average (wall times on a shared machine say little without it; CPU times say more).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { encryptPassword } from '../src/core/security/encrypt-password';

const root = path.resolve(import.meta.dirname, '..');
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts clock ticks (USER_HZ 100 on Linux)

interface Sample { healthMs: number; signInMs: number; cpuMs: number; rssMb: number }

/** user + system CPU of a process so far, ms, and its resident memory, MB */
function usage(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!;
  return { cpuMs: (Number(stat[11]) + Number(stat[12])) * TICK_MS, rssMb: Math.round(Number(rss) / 1024) };
}

async function startOnce(args: string[], dataDir: string, port: number): Promise<Sample> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AI_WORKERS: '0', LOG_LEVEL: 'warn' } });
  const base = `http://127.0.0.1:${port}/correction-api`;
  try {
    let healthMs = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
      const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
      if (ok) { healthMs = performance.now() - t0; break; }
      await new Promise((r) => setTimeout(r, 50));
    }
    const key = (await (await fetch(`${base}/platform-system/auth/publicKey`)).json()).data.publicKey as string;
    for (;;) {
      // the demo logins exist once the seed ran (first start): health answers only after it anyway
      const res = await fetch(`${base}/platform-system/auth/loginTeacher`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher01', password: await encryptPassword('Zhipi@2026', key) }) });
      if (res.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const signInMs = performance.now() - t0;
    return { healthMs, signInMs, ...usage(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const runs = Number(process.argv[2] ?? 1);
const modes = [
  { name: 'compiled (build/)', args: ['build/src/server/server.js'] },
  { name: 'tsx (sources)', args: ['--import', 'tsx', 'src/server/server.ts'] },
];
const rows: string[] = [];
const load0 = loadavg()[0]!.toFixed(1);
for (let i = 0; i < runs; i++) {
  for (const m of modes) {
    const dir = mkdtempSync(path.join(tmpdir(), 'zhipi-start-'));
    try {
      for (const which of ['first start', 'restart']) {
        const s = await startOnce(m.args, dir, 20_000 + Math.floor(Math.random() * 20_000));
        rows.push(`| ${m.name} | ${which} | ${(s.healthMs / 1000).toFixed(1)} s | ${(s.signInMs / 1000).toFixed(1)} s | ${(s.cpuMs / 1000).toFixed(1)} s | ${s.rssMb} MB | ${loadavg()[0]!.toFixed(1)} |`);
        console.error(rows.at(-1));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
console.log(`load average at start ${load0}\n\n| server | start | to /health | to sign-in | CPU to sign-in | RSS at sign-in | load (1 min) |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}`);
