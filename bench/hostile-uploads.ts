/**
 * `node --import tsx bench/hostile-uploads.ts`: product-rules.md#security's memory/latency target. The real app (bench/
 * api-server.ts, in-memory PGlite, its own process) receives hostile files one after another — the
 * 1.5 kB xlsx declaring cell XFD1048576, an xlsx of rows reaching column XFD, an xlsx inflating past
 * 50 MB, a 25 MB corrupt PDF and a 25 MB ZIP of one highly compressed entry — while /health is asked
 * back to back; then six anonymous 75 MB JSON bodies at once on the public phone upload and eight
 * sparse xlsx rosters at once (issue 31). Prints /health p50/p99/max during each and the server's RSS
 * growth over its idle baseline. Targets: p99 ≤ 100 ms, max ≤ 500 ms, RSS growth ≤ 100 MB for the
 * issue 31 rows (≤ 200 MB over all).
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { farCellXlsx, inflatingXlsx, manyCellsXlsx } from '../tests/helpers/hostile-xlsx';
import type { ServerReady } from './api-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const MGMT = '/correction-api/platform-management';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  const child = fork(path.join(here, 'api-server.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_TARGET: JSON.stringify({ kind: 'pglite' }), NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<ServerReady>((resolve) => child.once('message', (m) => resolve(m as ServerReady)));
  const base = `http://127.0.0.1:${ready.port}`;
  const call = async (method: string, url: string, body?: unknown, token?: string, raw?: { body: Buffer; type: string }) => {
    const res = await fetch(base + url, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(raw ? { 'content-type': raw.type } : body ? { 'content-type': 'application/json' } : {}) }, body: raw ? new Uint8Array(raw.body) : body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as { data?: unknown; error?: string } };
  };
  const login = await call('POST', '/correction-api/platform-system/auth/loginTeacher', { username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, ready.publicKey) });
  const token = (login.json.data as { token: string }).token;
  const classes = (await call('GET', `${MGMT}/mclass/list?pageSize=100`, undefined, token)).json.data as { list: { id: number; name: string }[] };
  const classId = classes.list.find((c) => c.name === '七年级1班')!.id;
  const task = await call('POST', `${MGMT}/tasks/add`, { title: '压力测试', genre: '记叙文', grade: 7, deadline: new Date(Date.now() + 86400_000).toISOString(), classIds: [classId] }, token);
  const taskId = (task.json.data as { id: number }).id;

  const multipart = (fields: Record<string, string>, name: string, type: string, content: Buffer) => {
    const b = `----bench${Math.random().toString(16).slice(2)}`;
    const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    return { body: Buffer.concat([...parts, Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from(`\r\n--${b}--\r\n`)]), type: `multipart/form-data; boundary=${b}` };
  };
  /**
   * A JSON body of `bytes` with its length declared, streamed 1 MB at a time and stopped once the server
   * answers (as a browser does); built lazily so the client's own work does not stall its /health calls.
   */
  const streamJson = (url: string, bytes: number) =>
    new Promise<{ status: number; json: { error?: string } }>((resolve) => {
      const req = http.request(base + url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes) } });
      let written = 0;
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, json: (() => { try { return JSON.parse(text) as { error?: string }; } catch { return {}; } })() });
        });
      });
      req.on('error', () => resolve({ status: 0, json: { error: 'closed' } }));
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      const pump = () => {
        while (written < bytes && !req.destroyed) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
  const sparseRoster = multipart({}, 'r.xlsx', 'application/octet-stream', await farCellXlsx());
  /** `n` requests at once; the answers summed up as "status×count". */
  const together = async (n: number, one: () => Promise<{ status: number; json: { error?: string } }>) => {
    const answers = await Promise.all(Array.from({ length: n }, one));
    const counts = new Map<string, number>();
    for (const a of answers) counts.set(`${a.status} ${a.json.error ?? ''}`.trim(), (counts.get(`${a.status} ${a.json.error ?? ''}`.trim()) ?? 0) + 1);
    return { status: answers[0]!.status, json: { error: [...counts].map(([k, c]) => `${k}×${c}`).join(', ') } };
  };
  const zip = new JSZip();
  zip.file('page1.jpg', Buffer.alloc(200 * 1024 * 1024));
  const files: { label: string; send: () => Promise<{ status: number; json: { error?: string } }> }[] = [
    { label: 'xlsx XFD1048576 (1.5 kB)', send: async () => call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, undefined, token, multipart({}, 'r.xlsx', 'application/octet-stream', await farCellXlsx())) },
    { label: 'xlsx rows to column XFD', send: async () => call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, undefined, token, multipart({}, 'r.xlsx', 'application/octet-stream', await manyCellsXlsx(2000))) },
    { label: 'xlsx inflating past 50 MB', send: async () => call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, undefined, token, multipart({}, 'r.xlsx', 'application/octet-stream', await inflatingXlsx())) },
    { label: 'corrupt PDF 25 MB', send: () => call('POST', `${MGMT}/writings/saveBatchUploadWritingFileByPDF`, undefined, token, multipart({ taskId: String(taskId), classId: String(classId) }, 'c.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(25 * 1024 * 1024)]))) },
    { label: 'ZIP entry 200 MB → 0.2 MB', send: async () => call('POST', `${MGMT}/writings/saveBatchUploadWritingFileByZIP`, undefined, token, multipart({ taskId: String(taskId), classId: String(classId) }, 'c.zip', 'application/zip', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))) },
    // Six anonymous 75 MB JSON bodies at once on the public phone upload (refused from the
    // missing identity before a byte is parsed), and eight sparse xlsx rosters at once (one school reads
    // one roster at a time; the others are told at once that the server is busy).
    { label: '6 × anonymous JSON 75 MB at once (H5 upload)', send: () => together(6, () => streamJson(`${MGMT}/h5/upload/submit`, 75 * 1024 * 1024)) },
    { label: '8 × sparse xlsx 1.5 kB at once (roster)', send: () => together(8, () => call('POST', `${MGMT}/mStudent/import/preview?classId=${classId}`, undefined, token, sparseRoster)) },
  ];

  // Idle baseline, then /health back to back while each file is handled.
  for (let i = 0; i < 50; i++) await call('GET', '/correction-api/health');
  const baseline = rssMb(child.pid!);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 50);
  console.log(`server RSS idle ${baseline.toFixed(0)} MB`);
  console.log('| file | answer | ms | health answers | p50 ms | p99 ms | max ms | RSS growth MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  const all: number[] = [];
  // HOSTILE_ONLY=text runs only the rows whose label contains it.
  for (const f of files.filter((x) => !process.env.HOSTILE_ONLY || x.label.includes(process.env.HOSTILE_ONLY))) {
    const rowStart = rssMb(child.pid!);
    let rowPeak = rowStart;
    const rowSampler = setInterval(() => (rowPeak = Math.max(rowPeak, rssMb(child.pid!))), 50);
    let done = false;
    const started = Date.now();
    const answer = f.send().finally(() => (done = true));
    const lat: number[] = [];
    while (!done) {
      const t0 = performance.now();
      await call('GET', '/correction-api/health');
      lat.push(performance.now() - t0);
    }
    const res = await answer;
    clearInterval(rowSampler);
    all.push(...lat);
    console.log(`| ${f.label} | ${res.status} ${res.json.error ?? ''} | ${Date.now() - started} | ${lat.length} | ${pct(lat, 50).toFixed(1)} | ${pct(lat, 99).toFixed(1)} | ${Math.max(...lat).toFixed(1)} | +${(rowPeak - rowStart).toFixed(0)} |`);
  }
  clearInterval(sampler);
  console.log(`all uploads: /health p99 ${pct(all, 99).toFixed(1)} ms over ${all.length} answers; server RSS peak ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB over idle)`);
  child.send('stop');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
