/**
 * Size of the partner-portal elements as a browser downloads them: per element, the files its loader
 * entry lists (its own module, the shared zp-runtime chunk, the bundler's runtime), raw, gzip -9 and
 * brotli q11 (what the server sends: it serves the .gz/.br files the build writes). Reads the built
 * loader dist/widgets/zp-widgets.js.
 *
 *   node --import tsx bench/widgets-size.ts [--build] [--breakdown] [--write]
 *
 * --build      runs the widgets build first (vite.widgets.config.ts)
 * --breakdown  also builds once unminified into a temp folder and shows which packages fill the runtime
 * --write      replaces the measured table in bench/README.md (between the widgets-size markers)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  for (const [name, list] of Object.entries(modules)) row(`\`<${name}>\` alone (loader + its module + runtime)`, total(list));
  row('both elements', total([...new Set(Object.values(modules).flat())]));
  for (const [file, s] of files) row(file.replace('./assets/', '').replace(/-[\w-]{8}\.js$/, '-<hash>.js'), s);
  row('zp-widgets.js (loader)', sizeOf(loader));
  return ['| what the browser fetches | raw | gzip -9 | brotli 11 |', '|---|---:|---:|---:|', ...rows].join('\n');
}

/** Unminified build → bytes per npm package (or our folder), as shares of the whole. */
async function breakdown(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zp-widgets-breakdown-'));
  try {
    await build({ configFile: path.join(root, 'vite.widgets.config.ts'), logLevel: 'error', build: { minify: false, outDir: dir, emptyOutDir: true } });
    const bytes = new Map<string, number>();
    let all = 0;
    for (const file of readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js'))) {
      // Unminified output marks each module with a `// path` comment line.
      for (const part of readFileSync(path.join(dir, 'assets', file), 'utf8').split(/^\/\/ (?=[\w@.\\])/m).slice(1)) {
        const id = part.slice(0, part.indexOf('\n'));
        const inModules = id.split('node_modules/').pop()!;
        const pkg = id.includes('node_modules/') ? inModules.split('/').slice(0, inModules.startsWith('@') ? 2 : 1).join('/') : id.split('/').slice(0, 2).join('/');
        bytes.set(pkg, (bytes.get(pkg) ?? 0) + part.length);
        all += part.length;
      }
    }
    const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 12);
    return ['| package (unminified share) | share |', '|---|---:|', ...top.map(([p, n]) => `| ${p} | ${((100 * n) / all).toFixed(1)} % |`)].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
