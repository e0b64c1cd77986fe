import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { PARTNER_ORIGIN } from './hosts';

// The @zhipi/elements package as a partner installs it (e2e/widgets-package.spec.ts): `npm pack` of
// packages/elements, the tarball installed into a copy of a demo app (demo/vue-app, demo/react-app)
// in a temp folder, its framework packages linked from this repo (offline, no download), then the
// app's own type check and build, run as the partner would run them.
const root = path.resolve(import.meta.dirname, '../..');
const react19 = path.join(root, 'e2e/hosts/react19/node_modules');
export type AppKind = 'vue' | 'react';

/** What each example links instead of installing: package → where it is in this repo. */
const FRAMEWORK: Record<AppKind, Record<string, string>> = {
  vue: {
    vue: path.join(root, 'node_modules/vue'),
    vite: path.join(root, 'node_modules/vite'),
    '@vitejs/plugin-vue': path.join(root, 'node_modules/@vitejs/plugin-vue'),
    'vue-tsc': path.join(root, 'node_modules/vue-tsc'),
    typescript: path.join(root, 'node_modules/typescript'),
  },
  react: {
    react: path.join(react19, 'react'),
    'react-dom': path.join(react19, 'react-dom'),
    '@types/react': path.join(react19, '@types/react'),
    '@types/react-dom': path.join(react19, '@types/react-dom'),
    vite: path.join(root, 'node_modules/vite'),
    '@vitejs/plugin-react': path.join(root, 'node_modules/@vitejs/plugin-react'),
    typescript: path.join(root, 'node_modules/typescript'),
  },
};

export interface Run {
  code: number;
  output: string;
}

/** Runs a command to its end (never throws on a non-zero exit): its exit code and output. */
export function run(command: string, args: string[], cwd: string, timeoutMs = 600_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** `npm pack` in packages/elements (its prepack assembles dist/ from the widgets build): the tarball's path. */
export async function packElements(): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), 'zhipi-elements-pack-'));
  const packed = await run('npm', ['pack', '--pack-destination', out, '--no-audit', '--no-fund'], path.join(root, 'packages/elements'));
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
  const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball:\n${packed.output}`);
  return path.join(out, tarball);
}

/**
 * A fresh copy of demo/<kind>-app with the tarball installed by npm (offline: it has no dependencies)
 * and the framework packages linked. Returns the app's folder.
 */
export async function installApp(kind: AppKind, tarball: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), `zhipi-${kind}-app-`));
  const source = path.join(root, 'demo', `${kind}-app`);
  cpSync(source, dir, { recursive: true, filter: (from) => !/[\\/](node_modules|dist)$/.test(from) });
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  // only the package under test is installed; the example's other dependencies are linked below
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `zhipi-${kind}-app-test`, private: true, type: 'module', dependencies: { '@zhipi/elements': `file:${tarball}` } }, null, 2));
  const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], dir);
  if (installed.code !== 0) throw new Error(`npm install of ${tarball} failed:\n${installed.output}`);
  for (const [name, target] of Object.entries(FRAMEWORK[kind])) {
    if (!(name in pkg.dependencies) && !existsSync(target)) throw new Error(`${name} is not installed in this repo (${target})`);
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(target, link, 'dir');
  }
  return dir;
}

/** The example's own type check (vue-tsc with strict templates, or tsc), as its package.json runs it. */
export function typecheck(kind: AppKind, dir: string): Promise<Run> {
  const bin = kind === 'vue' ? path.join(dir, 'node_modules/vue-tsc/bin/vue-tsc.js') : path.join(dir, 'node_modules/typescript/bin/tsc');
  return run(process.execPath, [bin, '--noEmit', '-p', 'tsconfig.json'], dir);
}

/** `vite build` of the example: its dist/ folder. */
export async function buildApp(dir: string): Promise<string> {
  const built = await run(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], dir);
  if (built.code !== 0) throw new Error(`vite build failed:\n${built.output}`);
  return path.join(dir, 'dist');
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

/** Serves a built app on the partner origin (its index.html for any page path); the URL of its page. */
export async function serveApp(context: BrowserContext, dist: string): Promise<string> {
  await context.grantPermissions(['local-network-access']);
  await context.route(`${PARTNER_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    const file = path.join(dist, path.normalize(url.pathname));
    const inside = file.startsWith(dist + path.sep) && existsSync(file) && !file.endsWith(path.sep);
    const served = inside && path.extname(file) ? file : path.join(dist, 'index.html');
    return route.fulfill({ contentType: TYPES[path.extname(served)] ?? 'application/octet-stream', body: readFileSync(served) });
  });
  return `${PARTNER_ORIGIN}/portal`;
}

export const removeDir = (dir: string | undefined) => dir && rmSync(dir, { recursive: true, force: true });
