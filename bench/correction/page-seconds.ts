// Seconds per page of the local OCR, as a page job costs them (readPage: the image checks and the reading),
// over the development set's pages (handwriting-set.ts; line and strip crops left out):
//   node --import tsx bench/correction/page-seconds.ts [--set DIR] [--split dev|test|all] [--onnx-threads 1]
//        [--stages] [--out TRANSCRIPTS.json] [--compare OLD.json] [--limit N]
// Prints the median and p90 of wall and CPU seconds per page (CPU: process.cpuUsage, every thread of the
// process), the load average before and after, and with --stages the CPU milliseconds per page of each
// model call site (the recogniser's and the detector's runs, told apart by their callers) and of the rest
// (image checks, layout, packing, CTC and LM decoding). On a quiet 2-core machine wall ≈ CPU / parallelism;
// on a busy one only the CPU seconds compare. --out keeps every page's reading; --compare reports pages
// whose reading differs from such a file (the same set read by other code).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { InferenceSession } from 'onnxruntime-node';
import { buildTranscript } from '../../src/correction/ocr.js';
import { loadPaddleModels, PaddleOcrProvider, setPaddleThreads } from '../../src/correction/ocr/paddle.js';
import { readPage } from '../../src/correction/ocr/page-reader.js';
import type { DevItem } from './handwriting-set.js';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: '/tmp/zhipi-handwriting-set' },
    split: { type: 'string', default: 'dev' },
    'onnx-threads': { type: 'string', default: '1' },
    stages: { type: 'boolean', default: false },
    out: { type: 'string' },
    compare: { type: 'string' },
    limit: { type: 'string' },
  },
});
setPaddleThreads(Number(values['onnx-threads']));

const items = (JSON.parse(readFileSync(join(values.set, 'manifest.json'), 'utf8')) as DevItem[])
  .filter((it) => !it.line && (values.split === 'all' || it.split === values.split))
  .slice(0, values.limit ? Number(values.limit) : undefined);

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// --stages: every model run timed and charged to its call site (the innermost OCR functions on the stack)
const stageMs = new Map<string, { ms: number; calls: number }>();
let pageStages = new Map<string, { ms: number; calls: number }>();
const m = await loadPaddleModels();
if (values.stages) {
  const site = (model: string): string => {
    const frames = (new Error().stack ?? '').split('\n').slice(2);
    const names = frames
      .filter((f) => f.includes('/src/correction/'))
      .map((f) => /at (?:async )?(?:\w+\.)?(\w+)/.exec(f)?.[1] ?? '?')
      .filter((n) => !['run', 'recognizeLineImage', 'runDetector', 'detectBoxes'].includes(n));
    return `${model}: ${names.slice(0, 3).join(' < ')}`;
  };
  for (const [model, session] of [['rec', m.recognition], ['det', m.detection]] as Array<[string, InferenceSession]>) {
    const run = session.run.bind(session) as (...a: unknown[]) => Promise<InferenceSession.OnnxValueMapType>;
    (session as { run: unknown }).run = async (...a: unknown[]) => {
      const key = site(model);
      const c0 = cpuNow();
      try {
        return await run(...a);
      } finally {
        const s = pageStages.get(key) ?? { ms: 0, calls: 0 };
        s.ms += cpuNow() - c0;
        s.calls++;
        pageStages.set(key, s);
      }
    };
  }
}

const provider = new PaddleOcrProvider();
const load0 = loadavg();
const wall: number[] = [];
const cpu: number[] = [];
const perStage: Array<Map<string, { ms: number; calls: number }>> = [];
const readings: Record<string, unknown> = {};
for (const it of items) {
  const img = readFileSync(join(values.set, it.file));
  pageStages = new Map();
  const t0 = performance.now();
  const c0 = cpuNow();
  const read = await readPage(img, provider);
  const c = cpuNow() - c0;
  const w = performance.now() - t0;
  wall.push(w / 1000);
  cpu.push(c / 1000);
  const model = [...pageStages.values()].reduce((a, s) => a + s.ms, 0);
  pageStages.set('rest: checks, layout, packing, CTC and LM decoding', { ms: c - model, calls: 0 });
  perStage.push(pageStages);
  for (const [k, s] of pageStages) {
    const a = stageMs.get(k) ?? { ms: 0, calls: 0 };
    a.ms += s.ms;
    a.calls += s.calls;
    stageMs.set(k, a);
  }
  readings[it.file] = read.page ?? null;
  const text = read.page ? buildTranscript([read.page]).text : '';
  process.stderr.write(`${it.file}: wall ${(w / 1000).toFixed(2)} s, CPU ${(c / 1000).toFixed(2)} s, ${[...text.replace(/\s/g, '')].length} chars, load ${loadavg()[0]!.toFixed(1)}\n`);
}
const load1 = loadavg();

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
console.log(`\n${items.length} pages (${values.split} split), ONNX threads ${values['onnx-threads']}, load average ${load0.map((l) => l.toFixed(1)).join(' ')} → ${load1.map((l) => l.toFixed(1)).join(' ')}`);
console.log(`| per page | median | p90 |\n| --- | ---: | ---: |`);
console.log(`| wall s | ${q(wall, 0.5).toFixed(2)} | ${q(wall, 0.9).toFixed(2)} |`);
console.log(`| CPU s | ${q(cpu, 0.5).toFixed(2)} | ${q(cpu, 0.9).toFixed(2)} |`);
if (values.stages) {
  console.log(`\n| stage (call site) | CPU ms per page, median | mean | calls per page, mean |\n| --- | ---: | ---: | ---: |`);
  for (const [k, s] of [...stageMs].sort((a, b) => b[1].ms - a[1].ms)) {
    const med = q(perStage.map((p) => p.get(k)?.ms ?? 0), 0.5);
    console.log(`| ${k} | ${med.toFixed(0)} | ${(s.ms / items.length).toFixed(0)} | ${(s.calls / items.length).toFixed(1)} |`);
  }
}
if (values.out) writeFileSync(values.out, JSON.stringify(readings));
if (values.compare) {
  const old = JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, unknown>;
  const same = (f: string): boolean => JSON.stringify(old[f] ?? null) === JSON.stringify(readings[f] ?? null);
  const changed = items.map((it) => it.file).filter((f) => f in old && !same(f));
  console.log(`\nreadings identical to ${values.compare}: ${items.length - changed.length} of ${items.length}${changed.length ? `; changed: ${changed.join(', ')}` : ''}`);
}
