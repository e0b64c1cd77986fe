// `npm run build:server`: compiles the server, the worker, the CLI's engine and every worker thread
// (src/core, src/correction, src/server, demo) to JavaScript in build/, one .js file per .ts file in the
// source tree's layout, so that the files read beside the code (migrations, dictionaries, demo essays,
// thread modules) sit where they sit in the sources. Imports between our files get their .js
// extension; packages stay imports of node_modules (installed with `npm ci --omit=dev`). The data files
// of those folders are copied beside the code. Plain JavaScript: runs without tsx.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// `node scripts/build-server.mjs DIR` builds into DIR instead (the compiled-server test, into a temp folder).
const target = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'build');
// Built beside and swapped in at the end: a server already running from build/ (npm start while
// npm run worker rebuilds) never finds a thread module missing while it starts a thread.
const outdir = `${target}.tmp-${process.pid}`;
const roots = ['src/core', 'src/correction', 'src/server', 'demo'];
const isSource = (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts');
/** not needed to run: tests, notes, and the loader of source-mode threads */
const skipCopy = (f) => isSource(f) || /\.test\.tsx?$/.test(f) || f.endsWith('.d.ts') || f.endsWith('.md') || f.endsWith('tsx-thread.mjs');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    // a folder with a package.json of its own is another app (demo/vue-app, demo/react-app: partner examples)
    if (statSync(p).isDirectory()) {
      if (!existsSync(path.join(p, 'package.json'))) walk(p, out);
    } else out.push(p);
  }
  return out;
}

/** `./x` or `./x.js` → the file it names (x.ts, x.tsx, x/index.ts), or undefined when it is not one of ours. */
function ourFile(spec, importer) {
  const base = path.resolve(path.dirname(importer), spec);
  // the engine writes its imports as './x.js' (the file they become), the server as './x'
  const stem = base.replace(/\.js$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, base, path.join(base, 'index.ts')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return undefined;
}

/** Relative imports of TypeScript files stay imports, of the compiled .js file. */
const relativeJs = {
  name: 'relative-js',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = ourFile(args.path, args.importer);
      if (!file || !isSource(file)) return undefined; // JSON is inlined; anything else resolves as usual
      let rel = path.relative(path.dirname(args.importer), file).replace(/\.tsx?$/, '.js').split(path.sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return { path: rel, external: true };
    });
  },
};

const started = process.cpuUsage();
rmSync(outdir, { recursive: true, force: true });
const files = roots.flatMap((r) => walk(path.join(root, r)));
const entryPoints = files.filter(isSource);
await build({
  entryPoints,
  outdir,
  outbase: root,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [relativeJs],
  logLevel: 'warning',
  legalComments: 'none',
});
let copied = 0;
for (const f of files.filter((f) => !skipCopy(f))) {
  cpSync(f, path.join(outdir, path.relative(root, f)));
  copied++;
}
const old = `${target}.old-${process.pid}`;
if (existsSync(target)) renameSync(target, old);
renameSync(outdir, target);
rmSync(old, { recursive: true, force: true });
const cpu = process.cpuUsage(started);
console.log(`${path.relative(root, target) || target}/: ${entryPoints.length} modules compiled, ${copied} data files copied (${Math.round((cpu.user + cpu.system) / 1000)} ms CPU)`);
