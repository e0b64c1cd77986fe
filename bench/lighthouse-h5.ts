/**
 * Lighthouse (mobile profile, simulated slow 4G and 4× CPU slowdown) on the H5 pages students and parents
 * open from QR codes: the parents' report, the class page, the phone upload, the messages and the samples. Runs the real
 * server on the built app (`npm run build` first) with a fresh PGlite folder and the demo school, and
 * Debian's Chromium; prints performance, accessibility and the main timings per page.
 * `node --import tsx bench/lighthouse-h5.ts [--runs=1] [--only=<part of a page name>] [--dump=<folder for the reports' JSON>]`
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';

const root = path.resolve(import.meta.dirname, '..');
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const DUMP = process.argv.find((a) => a.startsWith('--dump='))?.split('=')[1];
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? '1');
if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('Build the app first: npm run build');

const dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-lh-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: 'true' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
// the server's last words, shown when a page could not be loaded (Chrome's error page instead of ours)
let serverErr = '';
server.stderr?.on('data', (d: Buffer) => (serverErr = (serverErr + d.toString()).slice(-4000)));
let stopping = false;
server.on('exit', (code, signal) => stopping || console.error(`server exited (${code ?? signal}) at ${new Date().toISOString()}`));
const base = `http://localhost:${port}`;

async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/correction-api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not start');
}

async function api<T>(token: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/correction-api${p}`, body === undefined ? { headers: { authorization: `Bearer ${token}` } } : { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { data: T }).data;
}

/** Waits (up to 5 min) for the AI to correct a demo essay of the task, then approves it as the teacher would. */
async function approveOneDemoEssay(token: string, taskId: number, classId: number) {
  for (let i = 0; i < 150; i++) {
    const list = await api<{ students: { essays: { id: number; status: string; draft: number }[] }[] }>(token, `/platform-management/writings/list?taskId=${taskId}&classId=${classId}`);
    const essays = list.students.flatMap((s) => s.essays.filter((e) => e.draft === 0));
    if (essays.some((e) => e.status === 'approved')) return;
    const ready = essays.find((e) => e.status === 'ai_done');
    if (ready) {
      await api(token, '/platform-management/review/approve', { essayId: ready.id, teacherComment: '细节写得真实，结尾再点明中心会更好。' });
      return;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('no demo essay was AI-corrected in 5 minutes');
}

async function main() {
  await waitUp();
  const key = ((await (await fetch(`${base}/correction-api/platform-system/auth/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const login = await fetch(`${base}/correction-api/platform-system/auth/loginTeacher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, key) }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const classes = await api<{ list: { id: number; name: string; classCode: string }[] }>(token, '/platform-management/mclass/list?pageSize=50');
  const klass = classes.list.find((c) => c.name === '七年级1班') ?? classes.list[0]!;
  const task = (await api<{ list: { id: number; status: string }[] }>(token, `/platform-management/tasks/list?classId=${klass.id}`)).list.find((t) => t.status === 'released')!;
  // the parents' page of a student with an approved essay: the teacher approves the first demo essay the AI has corrected
  await approveOneDemoEssay(token, task.id, klass.id);
  const links = await api<{ studentId: number; path: string | null }[]>(token, '/platform-management/report/parentLinks', { classId: klass.id });
  let parentPath = links[0]?.path ?? '';
  let parentLabel = 'parents’ report (no approved essay yet)';
  for (const l of links) {
    const t = new URL(`${base}${l.path}`).searchParams.get('t')!;
    const r = await (await fetch(`${base}/correction-api/platform-management/h5/parentReport?t=${encodeURIComponent(t)}`)).json() as { data?: { current: unknown } };
    if (r.data?.current) {
      parentPath = l.path!;
      parentLabel = 'parents’ report';
      break;
    }
  }
  const pages: Record<string, string> = {
    [parentLabel]: parentPath,
    'class page (join)': `/teaching/h5/join?code=${klass.classCode}`,
    'phone upload': `/teaching/h5/upload?taskId=${task.id}&classCode=${klass.classCode}`,
    messages: `/teaching/h5/messages?code=${klass.classCode}`,
    samples: `/teaching/h5/samples?code=${klass.classCode}`,
  };
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    console.log('| page | performance | accessibility | FCP | LCP | TBT | transferred |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [name, p] of Object.entries(pages).filter(([n]) => !ONLY || n.includes(ONLY))) {
      for (let r = 0; r < RUNS; r++) {
        const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile', screenEmulation: { mobile: true, width: 375, height: 667, deviceScaleFactor: 2, disabled: false } });
        const lhr = result!.lhr;
        if (lhr.runtimeError) {
          console.log(`| ${name} | not measured: ${lhr.runtimeError.code} | | | | | |`);
          if (serverErr) console.error(serverErr);
          continue;
        }
        if (DUMP) writeFileSync(path.join(DUMP, `${name.replace(/\W+/g, '-')}-${r}.json`), JSON.stringify(lhr));
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        const ms = (k: string) => `${((lhr.audits[k]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
        const kb = Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024);
        console.log(`| ${name} | ${score('performance')} | ${score('accessibility')} | ${ms('first-contentful-paint')} | ${ms('largest-contentful-paint')} | ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms | ${kb} KiB |`);
        const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id));
        if (failing.length) console.log(`|   accessibility to fix: ${failing.map((a) => a.id).join(', ')} | | | | | | |`);
      }
    }
  } finally {
    await chrome.kill();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    stopping = true;
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });
