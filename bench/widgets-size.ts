/**
 * Size of the partner-portal elements as a browser downloads them: per element, the files its loader
 * entry lists (its own module, the shared zp-runtime chunk, the chunks it shares with some other
 * elements, the bundler's runtime) and the chunks fetched on demand (echarts), raw, gzip -9 and
 * brotli q11 (what the server sends: it serves the .gz/.br files the build writes). Reads the built
 * loader dist/widgets/zp-widgets.js.
 *
 *   node --import tsx bench/widgets-size.ts [--build] [--breakdown] [--write]
 *
 * --build      runs the widgets build first (vite.widgets.config.ts)
 * --breakdown  also builds in memory and shows which packages fill the shared zp-runtime chunk
 * --write      replaces the measured table in bench/README.md (between the widgets-size markers)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';

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
  const total = (list: string[]) => list.reduce((s, f) => add(s, files.get(f)!), sizeOf(loader));
  const rows: string[] = [];
  const row = (what: string, s: Size) => rows.push(`| ${what} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`);
  for (const [name, list] of Object.entries(modules)) row(`\`<${name}>\` alone (loader + its module + the chunks it imports)`, total(list));
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

/** What fills the shared runtime: bytes per npm package (or our folder) of the zp-runtime chunk, from the bundler's module sizes before minifying. */
async function breakdown(): Promise<string> {
  const result = await build({ configFile: path.join(root, 'vite.widgets.config.ts'), logLevel: 'error', build: { write: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; name?: string; modules?: Record<string, { renderedLength: number }> }[] }[];
  const runtime = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk' && c.name === 'zp-runtime');
  if (!runtime?.modules) throw new Error('no zp-runtime chunk in the widgets build');
  const bytes = new Map<string, number>();
  let all = 0;
  for (const [id, info] of Object.entries(runtime.modules)) {
    const inModules = id.split('node_modules/').pop()!;
    const pkg = id.includes('node_modules/') ? inModules.split('/').slice(0, inModules.startsWith('@') ? 2 : 1).join('/') : path.relative(root, id).split(path.sep).slice(0, 3).join('/');
    bytes.set(pkg, (bytes.get(pkg) ?? 0) + info.renderedLength);
    all += info.renderedLength;
  }
  const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return ['| zp-runtime: package (share before minifying) | share |', '|---|---:|', ...top.map(([p, n]) => `| ${p} | ${((100 * n) / all).toFixed(1)} % |`)].join('\n');
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
