// Does the API keep answering while the server AI-corrects a class? Starts the real server
// (src/server/server.ts, PGlite in a temporary DATA_DIR, local engine only), uploads N rendered pages
// (one essay each, students of 七年级1班), starts their AI correction at once, and probes
// GET /correction-api/health every 50 ms until every job is done. Reports the health latency
// (p50/p95/p99/max), the wall time for the class and the seconds per essay job (corrections
// startedAt → finishedAt: image checks, OCR, correctText, storing).
//
//   node --import tsx bench/correction/health-under-load.ts [--pages 45] [--ocr-threads 0|1|2] [--workers 1|2]
//
// --ocr-threads 0 reads pages in the server's own thread (before the OCR pool); the default follows
// AI_WORKERS like the server does. Loopback traffic only; bounded by the page count and a 15 min cap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { kaiFontMissing, renderEssayPage } from '../../src/correction/ocr/render-page.js';
import { openDatabase } from '../../src/server/db/database.js';
import { seedDemoSchool } from '../../src/server/seed/demo-school.js';
import { seedReferenceData } from '../../src/server/seed/reference-data.js';
import { startServer } from '../../tests/helpers/server-process.js';
import { loadAes } from './aes-data.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '45' }, 'ocr-threads': { type: 'string' }, workers: { type: 'string', default: '1' }, cache: { type: 'string', default: path.join(tmpdir(), 'zhipi-health-bench-pages') } } });
const N = Number(values.pages);
const MGMT = '/correction-api/platform-management';

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
};
const r1 = (x: number) => Math.round(x * 10) / 10;

async function pages(): Promise<Buffer[]> {
  const missing = kaiFontMissing();
  if (missing) throw new Error(missing);
  mkdirSync(values.cache!, { recursive: true });
  const texts = loadAes().map((e) => e.transcript);
  const out: Buffer[] = [];
  for (let i = 0; i < N; i++) {
    const file = path.join(values.cache!, `page-${i}.${i % 2 ? 'jpg' : 'png'}`);
    if (!existsSync(file)) {
      // grid paper, every other page photo-like (lighting, noise, blur, tilt, JPEG)
      const photo = i % 2 === 1;
      const page = await renderEssayPage(texts[i % texts.length]!, photo ? { photo: true, noise: 22, blur: 0.8, rotate: ((i % 5) - 2) * 0.8, jpeg: true, seed: i } : { noise: 8, seed: i });
      writeFileSync(file, page.image);
    }
    out.push(readFileSync(file));
  }
  return out;
}

async function main() {
  const images = await pages();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-health-bench-'));
  const seed = await openDatabase({ kind: 'pglite', dataDir });
  await seedReferenceData(seed.db);
  await seedDemoSchool(seed.db);
  await seed.close();
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'production', AI_WORKERS: values.workers!, AI_BASE_URL: '', AI_MODEL: '' };
  if (values['ocr-threads'] !== undefined) env.OCR_THREADS = values['ocr-threads'];
  const server = await startServer(env, 120_000);
  try {
    const token = await server.login('teacher01');
    const get = (url: string) => server.call('GET', `${MGMT}/${url}`, { token });
    const post = (url: string, body: unknown) => server.call('POST', `${MGMT}/${url}`, { token, body });
    // Uploads wait an hour, so every job starts together below (re-run starts at once).
    await post('writingAutoCorrectionConfig/updateConfig/3600/1', {});
    const cls = ((await get('mclass/list?pageSize=100')).body.data.list as Array<{ id: number; name: string }>).find((c) => c.name === '七年级1班')!;
    const task = await post('tasks/add', { title: '我的一次经历', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [cls.id], requirements: ['写真实的经历'] });
    const students = (await get(`mStudent/list?classId=${cls.id}&pageSize=100`)).body.data.list as Array<{ id: number }>;
    if (students.length < N) throw new Error(`only ${students.length} students in the class`);
    const ids: number[] = [];
    for (let i = 0; i < N; i++) {
      const f = await server.call('POST', '/correction-api/file-service/files/base64', { token, body: { fileName: `p${i}.${i % 2 ? 'jpg' : 'png'}`, contentBase64: images[i]!.toString('base64') } });
      const e = await post('writings/saveSingle', { taskId: task.body.data.id, classId: cls.id, studentId: students[i]!.id, draft: 0, fileIds: [f.body.data.id] });
      if (e.status !== 200) throw new Error(JSON.stringify(e.body));
      ids.push(e.body.data.id);
    }

    // Idle baseline, then all jobs at once while health is probed.
    const probe = async (ms: number, until?: () => boolean) => {
      const lat: number[] = [];
      const end = Date.now() + ms;
      while (Date.now() < end && !until?.()) {
        const t0 = performance.now();
        await fetch(`${server.baseUrl}/correction-api/health`);
        lat.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
      return lat;
    };
    const idle = await probe(3000);
    const started = Date.now();
    for (const id of ids) await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true });
    let finished = false;
    const watcher = (async () => {
      while (!finished && Date.now() - started < 15 * 60_000) {
        await new Promise((r) => setTimeout(r, 3000));
        const states = await Promise.all(ids.map(async (id) => (await get(`workManager/jobs/${id}`)).body.data.job?.status as string | undefined));
        if (states.every((s) => s === 'done' || s === 'failed')) finished = true;
      }
      finished = true;
    })();
    const busy = await probe(15 * 60_000, () => finished);
    await watcher;
    const wall = (Date.now() - started) / 1000;
    const per: number[] = [];
    for (const id of ids) {
      const c = (await get(`workManager/correction/${id}`)).body.data as { startedAt: string | null; finishedAt: string | null; job: { status: string } };
      if (c.startedAt && c.finishedAt) per.push((new Date(c.finishedAt).getTime() - new Date(c.startedAt).getTime()) / 1000);
    }
    const row = (name: string, l: number[]) => `| ${name} | ${l.length} | ${r1(q(l, 0.5))} | ${r1(q(l, 0.95))} | ${r1(q(l, 0.99))} | ${r1(Math.max(...l))} |`;
    console.log(`\nOCR threads: ${values['ocr-threads'] ?? `default (AI_WORKERS=${values.workers})`}, AI_WORKERS=${values.workers}, ${N} essays of one page, PGlite\n`);
    console.log('| health probes | n | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|');
    console.log(row('idle', idle));
    console.log(row('during the class', busy));
    console.log(`\nclass of ${N}: ${r1(wall)} s wall (${r1(wall / N)} s/essay); per essay job (startedAt → finishedAt): median ${r1(q(per, 0.5))} s, p95 ${r1(q(per, 0.95))} s over ${per.length} jobs`);
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
