/**
 * Size of the partner-portal elements as a browser downloads them: per element, the files its loader
 * entry lists (its own module, the shared zp-runtime chunk, the chunks it shares with some other
 * elements, the bundler's runtime) plus the texts of one language (zp-catalogue-zh or -en, the larger,
 * fetched when the element connects), and the chunks fetched on demand (echarts), raw, gzip -9 and
 * brotli q11 (what the server sends: it serves the .gz/.br files the build writes). Reads the built
 * loader dist/widgets/zp-widgets.js.
 *
 *   node --import tsx bench/widgets-size.ts [--build] [--breakdown] [--write]
 *
 * --build      runs the widgets build first (vite.widgets.config.ts)
 * --breakdown  also builds in memory with a source map and shows what fills the shared zp-runtime chunk
 *              after minifying (brotli per package, antd per component)
 * --write      replaces the measured table in bench/README.md (between the widgets-size markers)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/widgets');
const flag = (name: string) => process.argv.includes(`--${name}`);

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(bytes: Buffer): Size {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
}

const add = (a: Size, b: Size): Size => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** The elements' catalogue of one language (the larger of zh and en): every element fetches one before it shows. */
export function catalogueChunk(dir = outDir): { file: string; size: Size } {
  const chunks = readdirSync(path.join(dir, 'assets')).filter((f) => /^zp-catalogue-(zh|en)-[\w-]+\.js$/.test(f));
  if (chunks.length !== 2) throw new Error(`expected the zh and en element catalogues in ${dir}/assets, found ${chunks.join(', ') || 'none'}`);
  const sized = chunks.map((file) => ({ file, size: sizeOf(readFileSync(path.join(dir, 'assets', file))) }));
  return sized.sort((a, b) => b.size.brotli - a.size.brotli)[0]!;
}

/** The module map the loader carries: element → [its module, chunks it imports]. */
export function loaderModules(loaderSource: string): Record<string, string[]> {
  const start = loaderSource.indexOf('const modules = ') + 'const modules = '.length;
  return JSON.parse(loaderSource.slice(start, loaderSource.indexOf('};', start) + 1)) as Record<string, string[]>;
}

function measure(): string {
  const loader = readFileSync(path.join(outDir, 'zp-widgets.js'));
  const modules = loaderModules(loader.toString('utf8'));
  const files = new Map<string, Size>();
  for (const file of new Set(Object.values(modules).flat())) files.set(file, sizeOf(readFileSync(path.join(outDir, file))));
  // The texts an element fetches before it shows: one language's catalogue, the larger of the two.
  const texts = catalogueChunk();
  const total = (list: string[]) => list.reduce((s, f) => add(s, files.get(f)!), add(sizeOf(loader), texts.size));
  const rows: string[] = [];
  const row = (what: string, s: Size) => rows.push(`| ${what} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`);
  for (const [name, list] of Object.entries(modules)) row(`\`<${name}>\` alone (loader + its module + the chunks it imports + its texts in one language)`, total(list));
  row('all elements on one page', total([...new Set(Object.values(modules).flat())]));
  const hashless = (file: string) => file.replace('./assets/', '').replace(/-[\w-]{8}\.js$/, '-<hash>.js');
  for (const [file, s] of [...files].sort((a, b) => b[1].brotli - a[1].brotli)) row(hashless(file), s);
  // chunks no element imports up front: fetched on demand (echarts, with the first chart)
  const eager = new Set([...files.keys()].map((f) => f.replace('./', '')));
  for (const file of readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js') && !eager.has(`assets/${f}`))) {
    row(`${hashless(file)} (on demand)`, sizeOf(readFileSync(path.join(outDir, 'assets', file))));
  }
  row('zp-widgets.js (loader)', sizeOf(loader));
  return ['| what the browser fetches | raw | gzip -9 | brotli 11 |', '|---|---:|---:|---:|', ...rows].join('\n');
}

/**
 * What fills the shared runtime, after minifying: the chunk is built in memory with a source map, each
 * stretch of its code is credited to the module it came from, and each package's (or our folder's)
 * stretches are brotli-compressed together. Compressing parts apart costs more than the whole chunk,
 * so the shares are scaled to the chunk's real brotli size: read them as "about this much".
 */
async function breakdown(): Promise<string> {
  const result = await build({ configFile: path.join(root, 'vite.widgets.config.ts'), logLevel: 'error', build: { write: false, sourcemap: true } });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; name?: string; code?: string; map?: unknown }[] }[];
  const runtime = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk' && c.name === 'zp-runtime');
  if (!runtime?.code || !runtime.map) throw new Error('no zp-runtime chunk in the widgets build');
  const code = runtime.code;
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const marks: { at: number; source: string | null }[] = [];
  new SourceMapConsumer(runtime.map as RawSourceMap).eachMapping((m) => marks.push({ at: lineStarts[m.generatedLine - 1]! + m.generatedColumn, source: m.source }));
  marks.sort((a, b) => a.at - b.at);
  const owner = (source: string | null) => {
    if (!source) return '(bundler glue)';
    const id = source.replace(/\\/g, '/');
    if (!id.includes('node_modules/')) return id.replace(/^.*?src\//, 'src/').split('/').slice(0, 3).join('/');
    const parts = id.split('node_modules/').pop()!.split('/').filter((p) => p !== 'es' && p !== 'lib');
    // antd by component (antd/select, antd/modal, …), every other package whole
    return parts.slice(0, parts[0] === 'antd' ? 2 : parts[0]!.startsWith('@') ? 2 : 1).join('/');
  };
  const pieces = new Map<string, string[]>();
  marks.forEach((mark, i) => {
    const key = owner(mark.source);
    (pieces.get(key) ?? pieces.set(key, []).get(key)!).push(code.slice(mark.at, marks[i + 1]?.at ?? code.length));
  });
  const whole = sizeOf(Buffer.from(code)).brotli;
  const parts = [...pieces].map(([key, list]) => ({ key, brotli: sizeOf(Buffer.from(list.join(''))).brotli }));
  const sum = parts.reduce((n, p) => n + p.brotli, 0);
  const group = (test: (key: string) => boolean) => parts.filter((p) => test(p.key)).reduce((n, p) => n + p.brotli, 0);
  const rows = [
    ...parts.sort((a, b) => b.brotli - a.brotli).slice(0, 25).map((p) => [p.key, p.brotli] as const),
    ['(all of antd)', group((k) => k.startsWith('antd'))] as const,
    ['(all of @rc-component)', group((k) => k.startsWith('@rc-component'))] as const,
    ['(antd styling: @ant-design/cssinjs*, stylis, colors)', group((k) => /^(@ant-design\/(cssinjs|cssinjs-utils|fast-color|colors)|stylis|@emotion)/.test(k))] as const,
  ];
  return [
    `| zp-runtime (${kb(whole)} brotli): module, minified | ≈ brotli | share |`,
    '|---|---:|---:|',
    ...rows.map(([key, n]) => `| ${key} | ${kb((n * whole) / sum)} | ${((100 * n) / sum).toFixed(1)} % |`),
  ].join('\n');
}

if (flag('build')) await build({ configFile: path.join(root, 'vite.widgets.config.ts'), logLevel: 'warn' });
const table = measure();
console.log(table);
const parts = [table];
if (flag('breakdown')) {
  const shares = await breakdown();
  console.log(`\n${shares}`);
  parts.push(shares);
}
if (flag('write')) {
  const readme = path.join(root, 'bench/README.md');
  const text = readFileSync(readme, 'utf8');
  const [start, end] = ['<!-- widgets-size:start -->', '<!-- widgets-size:end -->'];
  if (!text.includes(start)) throw new Error('bench/README.md has no widgets-size markers');
  writeFileSync(readme, text.slice(0, text.indexOf(start) + start.length) + `\n${parts.join('\n\n')}\n` + text.slice(text.indexOf(end)));
  console.log('\nbench/README.md updated');
}
