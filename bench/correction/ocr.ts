// OCR and whole-pipeline benchmark on rendered essay pages (node --import tsx bench/correction/ocr.ts).
// Renders ≥ 20 pages (grid and lined paper, clean and photo-like: lighting, noise, blur, tilt, JPEG)
// from the test fixtures and the aes-calibration essays, then measures per page:
//   - OCR seconds (PaddleOcrProvider.recognize: decode, level, layout, recognition)
//   - whole pipeline seconds (correctEssay: image checks, OCR, correctText)
//   - character error rate per set (edit distance / reference characters, line breaks ignored)
// and, with --workers 2, the wall time of the whole set split over two processes (each with its own
// model instance), as the server's workers would run it.
//   options: --pages N (default 24)  --workers 1|2 (default 1)  --save DIR (keep the rendered pages)
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { correctEssay } from '../../src/correction/correct-essay.js';
import { loadPaddleModels, PaddleOcrProvider } from '../../src/correction/ocr/paddle.js';
import { buildTranscript } from '../../src/correction/ocr.js';
import { kaiFontMissing, renderEssayPage, type RenderOptions } from '../../src/correction/ocr/render-page.js';
import { ARGUMENT_ESSAY, NORMAL_ESSAY } from '../../src/correction/test-fixtures.js';
import { loadAes } from './aes-data.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '24' }, workers: { type: 'string', default: '1' }, save: { type: 'string' }, child: { type: 'string' } } });

function cer(ref: string, hyp: string): { edits: number; n: number } {
  const a = [...ref.replace(/\s/g, '')];
  const b = [...hyp.replace(/\s/g, '')];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return { edits: prev[b.length]!, n: a.length };
}

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN;
};

interface PageSpec {
  set: string;
  file: string;
  text: string;
}

// child mode: run the whole pipeline on the given page files, print the seconds
if (values.child) {
  const files = JSON.parse(values.child) as string[];
  await loadPaddleModels();
  for (const f of files) await correctEssay({ images: [readFileSync(f)], grade: 8 });
  process.send?.({ done: files.length });
  process.exit(0);
}

const missing = kaiFontMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}
const total = Number(values.pages);
const dir = values.save ?? mkdtempSync(join(tmpdir(), 'zhipi-ocr-bench-'));
mkdirSync(dir, { recursive: true });

let texts: string[] = [NORMAL_ESSAY, ARGUMENT_ESSAY];
try {
  texts = [...texts, ...loadAes().map((e) => e.transcript)];
} catch {
  console.warn('aes-calibration not found: using the test fixtures only');
}
const SETS: Array<[string, RenderOptions]> = [
  ['grid clean', { noise: 8 }],
  ['grid photo', { photo: true, noise: 25, blur: 1, jpeg: true }],
  ['lined clean', { paper: 'lined', noise: 8 }],
  ['lined photo', { paper: 'lined', photo: true, noise: 22, blur: 0.8, jpeg: true }],
];
const specs: PageSpec[] = [];
for (let i = 0; i < total; i++) {
  const [set, base] = SETS[i % SETS.length]!;
  const photo = !!base.photo;
  // photo-like pages get a different tilt each (±3°)
  const o: RenderOptions = { ...base, seed: i + 1, ...(photo ? { rotate: (((i * 37) % 60) - 30) / 10 } : {}) };
  const text = texts[i % texts.length]!.replace(/[ \t\u3000]+/g, '');
  const page = await renderEssayPage(text, o);
  const file = join(dir, `page-${String(i).padStart(2, '0')}.${o.jpeg ? 'jpg' : 'png'}`);
  writeFileSync(file, page.image);
  specs.push({ set, file, text: page.text });
}

const t0 = performance.now();
await loadPaddleModels();
const loadS = (performance.now() - t0) / 1000;
const ocr = new PaddleOcrProvider();
const ocrS: number[] = [];
const pipeS: number[] = [];
const bySet = new Map<string, { edits: number; n: number; pages: number }>();
for (const s of specs) {
  const img = readFileSync(s.file);
  let t = performance.now();
  const page = await ocr.recognize(img);
  ocrS.push((performance.now() - t) / 1000);
  const c = cer(s.text, buildTranscript([page]).text);
  const agg = bySet.get(s.set) ?? { edits: 0, n: 0, pages: 0 };
  agg.edits += c.edits;
  agg.n += c.n;
  agg.pages++;
  bySet.set(s.set, agg);
  t = performance.now();
  await correctEssay({ images: [img], grade: 8 });
  pipeS.push((performance.now() - t) / 1000);
}
const rssMb = Math.round(process.memoryUsage().rss / 1048576);

const out: string[] = [];
out.push(`pages: ${specs.length} (${[...bySet].map(([k, v]) => `${k} ${v.pages}`).join(', ')}), rendered in ${dir}`);
out.push(`model load: ${loadS.toFixed(2)} s; process RSS after the run: ${rssMb} MB`);
out.push(`OCR s/page: median ${q(ocrS, 0.5).toFixed(2)}, p95 ${q(ocrS, 0.95).toFixed(2)}`);
out.push(`whole pipeline s/page (1 worker): median ${q(pipeS, 0.5).toFixed(2)}, p95 ${q(pipeS, 0.95).toFixed(2)}`);
for (const [k, v] of bySet) out.push(`CER ${k}: ${((100 * v.edits) / v.n).toFixed(2)}% (${v.edits} edits / ${v.n} chars)`);
const gridE = [...bySet].filter(([k]) => k.startsWith('grid')).reduce((a, [, v]) => ({ edits: a.edits + v.edits, n: a.n + v.n }), { edits: 0, n: 0 });
out.push(`CER all grid pages: ${((100 * gridE.edits) / gridE.n).toFixed(2)}%`);

const workers = Number(values.workers);
if (workers > 1) {
  const files = specs.map((s) => s.file);
  const t = performance.now();
  await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const mine = files.filter((_, i) => i % workers === w);
      return new Promise<void>((resolve, reject) => {
        const child = fork(new URL(import.meta.url).pathname, ['--child', JSON.stringify(mine)], { execArgv: ['--import', 'tsx'] });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited ${code}`))));
      });
    }),
  );
  const wall = (performance.now() - t) / 1000;
  out.push(`whole pipeline, ${workers} worker processes: ${wall.toFixed(1)} s wall for ${files.length} pages = ${(wall / files.length).toFixed(2)} s/page (incl. each worker's start and model load); a class of 45 pages ≈ ${((wall / files.length) * 45).toFixed(0)} s`);
}
console.log(out.join('\n'));
