/**
 * What a phone fetches before each H5 page can paint, from the built app (`npm run build` first): the
 * H5 entry's static imports, the page chunk's static imports, the stylesheets of h5/index.html and those
 * Vite preloads with the page; brotli sizes (the .br files beside each asset). The language's texts
 * (zh-/en-*.js, ≈ 22 KiB) come on top, the same for every page.
 * `node --import tsx bench/h5-first-load.ts [--only=<part of a chunk name>] [--verbose]`
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
const html = readFileSync(path.resolve(assets, '../h5/index.html'), 'utf8');
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const VERBOSE = process.argv.includes('--verbose');

const entry = html.match(/src="\/teaching\/assets\/(h5-[^"]+\.js)"/)![1]!;
const htmlCss = [...html.matchAll(/href="\/teaching\/assets\/([^"]+\.css)"/g)].map((m) => m[1]!);
const source = (f: string) => readFileSync(path.join(assets, f), 'utf8');
const staticImports = (f: string) => [...source(f).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
const brotli = (f: string) => statSync(path.join(assets, existsSync(path.join(assets, `${f}.br`)) ? `${f}.br` : f)).size;
const kB = (n: number) => (n / 1024).toFixed(1);

function closure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

// Vite's preload list of each dynamic import in the entry: `import(`./Page.js`),__vite__mapDeps([i, …])`
const code = source(entry);
const deps = (JSON.parse(code.match(/m\.f=(\[[^\]]*\])/)![1]!) as string[]).map((f) => f.replace(/^assets\//, ''));
const preloads = new Map<string, string[]>();
for (const m of code.matchAll(/import\(`\.\/([^`]+\.js)`\)[^;]{0,40}?__vite__mapDeps\(\[([0-9,]*)\]\)/g)) preloads.set(m[1]!, m[2]!.split(',').map((i) => deps[Number(i)]!));
const pages = [...code.matchAll(/import\(`\.\/([A-Z][A-Za-z]*Page-[^`]+\.js)`\)/g)].map((m) => m[1]!);

const entryFiles = closure([entry]);
console.log(`H5 entry and its imports: ${kB([...entryFiles].reduce((s, f) => s + brotli(f), 0))} KiB br`);
console.log('| page chunk | before the first paint (KiB br) | files |');
console.log('|---|---:|---:|');
for (const page of pages.filter((p) => !ONLY || p.includes(ONLY))) {
  const files = [...closure([entry, page]), ...new Set([...htmlCss, ...(preloads.get(page) ?? []).filter((f) => f.endsWith('.css'))])];
  console.log(`| ${page.match(/^[A-Za-z]+/)![0]} | ${kB(files.reduce((s, f) => s + brotli(f), 0))} | ${files.length} |`);
  if (VERBOSE) for (const f of files.filter((x) => !entryFiles.has(x)).sort((a, b) => brotli(b) - brotli(a))) console.log(`|   ${f} | ${kB(brotli(f))} | |`);
}
