// `npm start` (the server) and `npm run worker`: run the compiled code in build/ on production
// dependencies only. In a checkout with the dev tools installed (npm install) it builds first, as
// `npm start` always has: the server the whole build (app pages and server), the worker the server
// part only. An installation without them (npm ci --omit=dev beside a copied build) runs what is there.
// Plain JavaScript, so that nothing here needs tsx.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const what = process.argv[2] === 'worker' ? 'worker' : 'server';
const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'build', 'src', 'server', `${what}.js`);
const installed = (name) => {
  try {
    createRequire(path.join(root, 'package.json')).resolve(name);
    return true;
  } catch {
    return false;
  }
};

if (existsSync(path.join(root, 'src', 'server', 'server.ts')) && installed('esbuild') && installed('vite')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['run', what === 'server' ? 'build' : 'build:server'], { cwd: root, stdio: 'inherit' });
}
if (!existsSync(entry)) {
  console.error(`No build of the ${what} in build/: run "npm install" and "npm run build" first.`);
  process.exit(2);
}
await import(pathToFileURL(entry).href);
