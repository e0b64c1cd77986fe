/**
 * `node --import tsx bench/profile-route.ts --route="class essay list"|all [--requests=300] [--no-profile]`: where a hot
 * path's server CPU goes. Starts the bench server on BENCH_DISTRICT_URL (or the 1M district) under
 * `--cpu-prof`, sends the route's requests one after another (as teacher d01t01 / headmaster d01h, the
 * ids the scale bench uses), stops it and prints the functions with the most self time, plus the CPU
 * per request (process.cpuUsage over the requests). The .cpuprofile stays in --dir for DevTools.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startServer, stopServer } from './api-server-control';
import { findIds, ROUTES, signIn } from './scale';
import { districtUrl } from './seed-district';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=') ?? fallback;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

async function main() {
  const wanted = arg('route', 'class essay list');
  const routes = wanted === 'all' ? ROUTES : ROUTES.filter((r) => r.name === wanted);
  if (!routes.length) throw new Error(`routes: all, ${ROUTES.map((r) => r.name).join(', ')}`);
  const profiling = !process.argv.includes('--no-profile');
  const requests = Number(arg('requests', '300'));
  const dir = path.resolve(arg('dir', '/tmp/zhipi-profiles'));
  await mkdir(dir, { recursive: true });
  const before = new Set(await readdir(dir));
  const url = process.env.BENCH_DISTRICT_URL ?? districtUrl(1_000_000);
  const { child, ready } = await startServer({ kind: 'postgres', url }, { BENCH_SEED_DEMO: 'false', BENCH_JOBS: 'false' }, 600_000, profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m: { usage: NodeJS.CpuUsage }) => resolve((m.usage.user + m.usage.system) / 1000));
      child.send('cpu');
    });
  try {
    const base = `http://127.0.0.1:${ready.port}`;
    const teacher = await signIn(base, ready.publicKey, 'd01t01');
    const headmaster = await signIn(base, ready.publicKey, 'd01h');
    const ids = await findIds(base, teacher);
    for (const route of routes) {
      const token = { none: '', teacher, headmaster }[route.who];
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const send = () =>
        fetch(`${base}${route.path(ids)}`, { method: route.method ?? 'GET', headers, ...(route.body ? { body: JSON.stringify(route.body(ids)) } : {}) }).then(async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) throw new Error(`${route.name} answered ${r.status}`);
        });
      for (let i = 0; i < Math.min(30, requests); i++) await send();
      const ms: number[] = [];
      const c0 = await cpu();
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        await send();
        ms.push(performance.now() - t0);
      }
      const cpuMs = ((await cpu()) - c0) / requests;
      ms.sort((a, b) => a - b);
      const q = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!.toFixed(1);
      console.log(`| ${route.name} | ${cpuMs.toFixed(2)} | ${q(0.5)} | ${q(0.99)} | ${requests} |`);
    }
  } finally {
    await stopServer(child);
  }
  if (!profiling) return;
  const file = (await readdir(dir)).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  if (!file) return console.log('no profile written');
  const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/src\//, 'src/')}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  console.log(`profile ${path.join(dir, file)}: ${total} samples; top self time:`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(arg('top', '30')))) console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  // inclusive time of the app's own functions and of the libraries' entry points: where the time is spent from
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/src\//, 'src/')}:${n.callFrame.lineNumber + 1}`;
  for (const id of profile.samples) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur)!;
      if (!n.callFrame.url) continue;
      const k = keyOf(n);
      if (!seen.has(k)) {
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
      }
    }
  }
  console.log('top inclusive time (functions of src/ and libraries):');
  for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(arg('top', '30')) * 2)) console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
