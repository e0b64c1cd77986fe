/**
 * First screens of the teacher's week on the production build, in Chromium at 4× CPU throttling
 * (CDP Emulation.setCPUThrottlingRate): the home (task board), the class essay list, batch review and
 * the correction panel, each opened cold in a fresh tab (cache disabled) by a signed-in teacher01.
 * "Interactive" = the screen's content is on the page and the main thread has had no long task for
 * QUIET_MS since: max(content shown, end of the last long task before the quiet window), from the
 * navigation start. Several builds in one run (`--dist=<folder>:<label>`, e.g. the build before a change
 * copied aside) are served by a small static server here that forwards /correction-api to one running
 * server, so they share the API, the machine and its load: compare them with each other, not with a
 * figure taken another day. The load average is printed with the results.
 *
 *   PORT=24731 SEED_DEMO=true COPY_CHECK=off node --import tsx src/server/server.ts   # wait for the demo essays' AI
 *   node --import tsx bench/first-screens.ts --api=http://127.0.0.1:24731 --dist=/tmp/dist-before:before --dist=dist:after [--runs=3] [--timeout=300]
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { encryptPassword } from '../src/core/security/encrypt-password';

const arg = (name: string) => process.argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const API = arg('api')[0] ?? 'http://127.0.0.1:8080';
const DISTS = (arg('dist').length ? arg('dist') : ['dist:current']).map((d) => {
  const at = d.lastIndexOf(':');
  return { dir: path.resolve(at > 0 ? d.slice(0, at) : d), label: at > 0 ? d.slice(at + 1) : d };
});
const RUNS = Number(arg('runs')[0] ?? 3);
const THROTTLE = Number(arg('throttle')[0] ?? 4);
/** the main thread must stay free of long tasks this long (wall clock, throttled) to count as interactive */
const QUIET_MS = 1000;
const TIMEOUT_MS = Number(arg('timeout')[0] ?? 300) * 1000;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.woff2': 'font/woff2', '.ico': 'image/x-icon' };

/** Serves one build under /teaching/ (index.html for app routes, h5/index.html under /teaching/h5/) and forwards the API. */
function serve(dist: string): Promise<Server> {
  const api = new URL(API);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/correction-api/')) {
      const up = request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    const rel = url.pathname.replace(/^\/teaching\/?/, '');
    let file = path.join(dist, rel);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, rel.startsWith('h5') ? 'h5/index.html' : 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

async function apiData<T>(p: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}/correction-api${p}`, { method: body ? 'POST' : 'GET', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

async function screens() {
  const { publicKey } = await apiData<{ publicKey: string }>('/platform-system/auth/publicKey');
  const { token } = await apiData<{ token: string }>('/platform-system/auth/loginTeacher', undefined, { username: 'teacher01', password: await encryptPassword('Zhipi@2026', publicKey) });
  const klass = (await apiData<{ list: { id: number; name: string }[] }>('/platform-management/mclass/list?pageSize=50', token)).list.find((c) => c.name === '七年级1班')!;
  const task = (await apiData<{ list: { id: number; title: string }[] }>(`/platform-management/tasks/list?classId=${klass.id}&pageSize=50`, token)).list.filter((t) => t.title === '我的老师').sort((a, b) => a.id - b.id)[0]!;
  // the correction panel needs an AI-corrected essay: the server corrects the demo essays after its start
  let essay: { id: number } | undefined;
  for (const deadline = Date.now() + 20 * 60_000; !essay; await new Promise((r) => setTimeout(r, 3000))) {
    const list = await apiData<{ students: { essays: { id: number; status: string }[] }[] }>(`/platform-management/writings/list?taskId=${task.id}&classId=${klass.id}`, token);
    essay = list.students.flatMap((s) => s.essays).find((e) => e.status === 'ai_done' || e.status === 'abnormal' || e.status === 'approved');
    if (!essay && Date.now() > deadline) throw new Error('no AI-corrected demo essay after 20 minutes');
  }
  const q = `taskId=${task.id}&classId=${klass.id}`;
  return {
    token,
    screens: [
      { name: 'home (task board)', path: '/teacherIndex', ready: '[data-testid=task-board] .ant-card, [data-testid=task-board] .ant-empty' },
      { name: 'class essay list', path: `/homework/situation/writinglist?${q}`, ready: '.ant-table-tbody .ant-table-row' },
      { name: 'batch review', path: `/homework/situation/Review?${q}`, ready: '[data-testid=review-card], [data-testid=batch-review-page] .ant-empty' },
      { name: 'correction panel', path: `/homework/correctComment?essayId=${essay.id}`, ready: '.zp-cp-text' },
    ],
  };
}

async function measure(browser: Browser, origin: string, token: string, screen: { path: string; ready: string }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript((t) => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: t, expire: Date.now() + 86400_000 }));
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__longTasks.push(e.startTime + e.duration))).observe({ type: 'longtask', buffered: true });
  }, token);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    let bytes = 0;
    let jsBytes = 0;
    const scriptIds = new Set<string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => e.type === 'Script' && scriptIds.add(e.requestId));
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      if (scriptIds.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    await page.goto(`${origin}/teaching${screen.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.locator(screen.ready).first().waitFor({ timeout: TIMEOUT_MS });
    const shownAt = await page.evaluate(() => performance.now());
    // wait for a quiet main thread
    for (;;) {
      const { now, last } = await page.evaluate(() => ({ now: performance.now(), last: Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks) }));
      if (now - Math.max(last, shownAt) >= QUIET_MS) {
        // main-thread time (CDP, throttled seconds): far less sensitive to the machine's load than wall time
        const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
        const metric = (name: string) => (metrics.find((x) => x.name === name)?.value ?? NaN) * 1000;
        const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).length);
        return { interactiveMs: Math.max(shownAt, last), shownMs: shownAt, scripts, kB: bytes / 1024, jsKB: jsBytes / 1024, scriptMs: metric('ScriptDuration'), taskMs: metric('TaskDuration') };
      }
      await page.waitForTimeout(200);
    }
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { token, screens: list } = await screens();
const browser = await launchBrowser();
const servers: Server[] = [];
try {
  const results: { label: string; screen: string; interactive: number; shown: number; kB: number; jsKB: number; scripts: number; scriptMs: number; taskMs: number }[] = [];
  const origins = await Promise.all(DISTS.map(async (d) => {
    const s = await serve(d.dir);
    servers.push(s);
    return { ...d, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
  }));
  const loadBefore = loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  for (const screen of list) {
    const per = new Map<string, { i: number[]; s: number[]; sc: number[]; t: number[]; kB: number; jsKB: number; scripts: number }>();
    // builds interleaved run by run, so a load spike hits them alike
    for (let r = 0; r < RUNS; r++) {
      for (const d of origins) {
        // a screen that never becomes interactive within TIMEOUT_MS is reported as such, not dropped
        const m = await measure(browser, d.origin, token, screen).catch(() => ({ interactiveMs: Infinity, shownMs: Infinity, kB: NaN, jsKB: NaN, scripts: NaN, scriptMs: NaN, taskMs: NaN }));
        const acc = per.get(d.label) ?? { i: [], s: [], sc: [], t: [], kB: m.kB, jsKB: m.jsKB, scripts: m.scripts };
        acc.i.push(m.interactiveMs);
        acc.s.push(m.shownMs);
        acc.sc.push(m.scriptMs);
        acc.t.push(m.taskMs);
        per.set(d.label, acc);
      }
    }
    for (const [label, acc] of per) results.push({ label, screen: screen.name, interactive: median(acc.i), shown: median(acc.s), kB: acc.kB, jsKB: acc.jsKB, scripts: acc.scripts, scriptMs: median(acc.sc), taskMs: median(acc.t) });
  }
  const cpu = process.cpuUsage(cpuBefore);
  console.log(`CPU ${THROTTLE}× throttled, cache disabled, median of ${RUNS}; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; bench process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
  console.log('| screen | build | interactive (s) | content shown (s) | script (s, CDP) | main-thread tasks (s, CDP) | JS (KiB) | transferred (KiB) | scripts |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const s = (ms: number) => (ms / 1000).toFixed(2);
  for (const r of results) console.log(`| ${r.screen} | ${r.label} | ${s(r.interactive)} | ${s(r.shown)} | ${s(r.scriptMs)} | ${s(r.taskMs)} | ${r.jsKB.toFixed(0)} | ${r.kB.toFixed(0)} | ${r.scripts} |`);
  // ratio of each build to the first one, screen by screen
  const base = new Map(results.filter((r) => r.label === DISTS[0]!.label).map((r) => [r.screen, r]));
  for (const r of results.filter((x) => x.label !== DISTS[0]!.label)) {
    const b = base.get(r.screen)!;
    console.log(`${r.screen}: ${r.label}/${DISTS[0]!.label} interactive ×${(r.interactive / b.interactive).toFixed(2)}, script ×${(r.scriptMs / b.scriptMs).toFixed(2)}, tasks ×${(r.taskMs / b.taskMs).toFixed(2)}, JS ×${(r.jsKB / b.jsKB).toFixed(2)}`);
  }
} finally {
  await browser.close();
  for (const s of servers) s.close();
}
