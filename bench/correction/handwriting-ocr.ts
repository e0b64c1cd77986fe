// Reads the handwriting development set (handwriting-set.ts) with the local OCR and reports, per kind
// and per font, Han CER (Han characters only) and all-character CER (punctuation, digits and letters
// too; whitespace ignored), empty results, and seconds per image:
//   node --import tsx bench/correction/handwriting-ocr.ts [--set DIR] [--make] [--json OUT.json] [--only FONT] [--kind photo] [--split dev|test] [--lm-weight W] [--quick] [--onnx-threads 1]
// --onnx-threads: ONNX Runtime threads per inference, 1 by default as in the server's OCR threads (ocr-pool.ts); 0 =
// one per core. On a shared machine two threads spin-wait for each other and the CPU seconds count the spinning.
// --quick reads one image of every kind, paper and font (the first page of each kind, the first line and strip
// crop of each paper): half the set, for a busy machine.
// --make renders the set first (2 pages per kind and font, 6 line crops per font). CER = edit distance /
// reference characters; a page or line that returns nothing counts 100%. The dev split (tuning fonts, dev
// titles) and the test split (held-out fonts, other titles) are summed apart: only the test figures say how
// handwriting in general reads. --lm-weight 0 reads with the best path only (no language model).
// Every image is also read by the recogniser alone (readRecogniserOnly: detector lines, model height, greedy
// CTC): a second table, the floor the pipeline must equal or beat on every kind.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTranscript } from '../../src/correction/ocr.js';
import { loadPaddleModels, PaddleOcrProvider, readRecogniserOnly, setPaddleThreads } from '../../src/correction/ocr/paddle.js';
import { decodeImage } from '../../src/correction/image/raster.js';
import { editDistance } from './handwriting-ocr-cer.js';
import { setLmDecodeParams, type LatticeChar } from '../../src/correction/ocr/lm-decode.js';
import { makeDevSet, type DevItem } from './handwriting-set.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, set: { type: 'string', default: '/tmp/zhipi-handwriting-set' }, make: { type: 'boolean', default: false }, json: { type: 'string' }, only: { type: 'string' }, kind: { type: 'string' }, split: { type: 'string' }, 'lm-weight': { type: 'string' }, 'onnx-threads': { type: 'string', default: '1' } } });
setPaddleThreads(Number(values['onnx-threads']));
if (values['lm-weight'] !== undefined) setLmDecodeParams({ weight: Number(values['lm-weight']) });
// --json also keeps each page's lines as the recogniser gave them to the language model (for tuning its weight offline)
let seen: LatticeChar[][] = [];
if (values.json) setLmDecodeParams({ observe: (l) => seen.push(l.map(({ text, confidence, candidates }) => ({ text, confidence, ...(candidates ? { candidates } : {}) }))) });

const HAN = /\p{Script=Han}/u;
const chars = (s: string, hanOnly: boolean): string[] => [...s.replace(/\s/g, '')].filter((c) => !hanOnly || HAN.test(c));

interface Agg {
  han: number;
  hanN: number;
  all: number;
  allN: number;
  n: number;
  empty: number;
  secs: number[];
  /** CPU seconds of the process per page (both cores count) */
  cpu: number[];
}
const agg = (): Agg => ({ han: 0, hanN: 0, all: 0, allN: 0, n: 0, empty: 0, secs: [], cpu: [] });

const items: DevItem[] = values.make ? await makeDevSet(values.set, 2, 6) : (JSON.parse(readFileSync(join(values.set, 'manifest.json'), 'utf8')) as DevItem[]);
await loadPaddleModels();
const ocr = new PaddleOcrProvider();
const groups = new Map<string, Agg>();
const add = (key: string, f: (a: Agg) => void): void => {
  const a = groups.get(key) ?? agg();
  f(a);
  groups.set(key, a);
};
const perItem: Array<{ file: string; han: number; all: number; secs: number; text: string; recHan: number; recText: string; lattice?: LatticeChar[][] }> = [];
for (const it of items) {
  if (values.only && it.font !== values.only) continue;
  if (values.kind && !it.kind.includes(values.kind)) continue;
  if (values.split && it.split !== values.split) continue;
  if (values.quick && !/-(0|1|2)\.(png|jpg)$/.test(it.file)) continue;
  if (values.quick && !it.line && !/-0\.(png|jpg)$/.test(it.file)) continue;
  const img = readFileSync(join(values.set, it.file));
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  seen = [];
  const page = await ocr.recognize(img);
  const secs = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const hyp = buildTranscript([page]).text;
  const refHan = chars(it.text, true);
  const refAll = chars(it.text, false);
  const held = it.split === 'dev' ? 'dev split' : 'test split';
  const score = (text: string, prefix: string, s: number, c: number): { han: number; all: number } => {
    const empty = !text.trim();
    const han = empty ? refHan.length : editDistance(refHan, chars(text, true));
    const all = empty ? refAll.length : editDistance(refAll, chars(text, false));
    for (const key of [`${it.kind} | ${it.font}`, `${it.kind} | ${held}`, `all | ${it.font}`, `all | ${held}`]) {
      add(prefix + key, (a) => {
        a.han += han;
        a.hanN += refHan.length;
        a.all += all;
        a.allN += refAll.length;
        a.n++;
        if (empty) a.empty++;
        if (!it.line) {
          a.secs.push(s);
          a.cpu.push(c);
        }
      });
    }
    return { han, all };
  };
  const { han, all } = score(hyp, '', secs, (cpu.user + cpu.system) / 1e6);
  const t1 = performance.now();
  const floor = await readRecogniserOnly(await decodeImage(img));
  const floorText = buildTranscript([floor]).text;
  const rec = score(floorText, 'rec | ', (performance.now() - t1) / 1000, 0);
  perItem.push({ file: it.file, han: han / Math.max(1, refHan.length), all: all / Math.max(1, refAll.length), secs, text: hyp, recHan: rec.han / Math.max(1, refHan.length), recText: floorText, ...(values.json ? { lattice: seen } : {}) });
  if (values.json) writeFileSync(values.json, JSON.stringify({ groups: Object.fromEntries(groups), perItem }));
  process.stderr.write(`${it.file}: Han ${((100 * han) / Math.max(1, refHan.length)).toFixed(1)}% all ${((100 * all) / Math.max(1, refAll.length)).toFixed(1)}% ${secs.toFixed(2)} s; recogniser only Han ${((100 * rec.han) / Math.max(1, refHan.length)).toFixed(1)}%\n`);
}

const pct = (e: number, n: number): string => `${((100 * e) / Math.max(1, n)).toFixed(1)}%`;
const median = (xs: number[]): string => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2) : '–');
// one row per kind, one column per font: "Han CER / all-character CER" (empty results in brackets)
const cols = ['long-cang', 'ma-shan-zheng', 'dev split', 'zcool-kuaile', 'liu-jian-mao-cao', 'test split'];
const kinds = [...new Set([...groups.keys()].filter((k) => !k.startsWith('rec | ')).map((k) => k.split(' | ')[0]!))].sort((a, b) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)));
for (const [title, prefix] of [['pipeline', ''], ['recogniser only', 'rec | ']] as const) {
  console.log(`\n${title}\n`);
  console.log(`| kind (Han / all-char CER) | ${cols.join(' | ')} | s/page median | CPU s/page median |`);
  console.log(`| --- | ${cols.map(() => '---:').join(' | ')} | ---: | ---: |`);
  for (const kind of kinds) {
    const cells = cols.map((c) => {
      const a = groups.get(`${prefix}${kind} | ${c}`);
      return a ? `${pct(a.han, a.hanN)} / ${pct(a.all, a.allN)}${a.empty ? ` (${a.empty} empty)` : ''}` : '–';
    });
    const perFont = cols.filter((c) => !c.endsWith('split')).map((c) => groups.get(`${prefix}${kind} | ${c}`));
    console.log(`| ${kind} | ${cells.join(' | ')} | ${median(perFont.flatMap((a) => a?.secs ?? []))} | ${median(perFont.flatMap((a) => a?.cpu ?? []))} |`);
  }
}
if (values.json) writeFileSync(values.json, JSON.stringify({ groups: Object.fromEntries(groups), perItem }, null, 1));
