import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  resolved?: string;
  bin?: Record<string, string>;
}

/**
 * What `npm ci --omit=dev` lays down in `dir`, taken from this checkout's own install instead of
 * unpacked again from the npm cache (minutes of CPU on a busy machine): each package of the lockfile
 * that npm keeps without dev (not `dev`; `devOptional` stays, as npm keeps it unless optional is
 * omitted too), at the lockfile's own path, its files hard-linked (copied across file systems).
 * An optional package this platform did not install (another os or cpu) is left out, as npm leaves it.
 * Returns how many packages were placed.
 */
export function placeProductionPackages(root: string, dir: string): number {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  let placed = 0;
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.startsWith('node_modules/') || entry.dev) continue;
    if (entry.link) {
      // a file: dependency (e2e/hosts/react19): its folder's entry says whether npm keeps it
      if (lock.packages[entry.resolved ?? '']?.dev) continue;
      throw new Error(`${where} links a production folder: placeProductionPackages does not place those`);
    }
    const from = path.join(root, where);
    if (!existsSync(from)) {
      if (entry.optional || entry.devOptional) continue;
      throw new Error(`${where} is in the lockfile but not installed: run npm ci first`);
    }
    linkTree(from, path.join(dir, where), true);
    // the commands npm links for a top-level package (node_modules/.bin)
    if (!where.slice('node_modules/'.length).includes('node_modules/')) {
      for (const [command, file] of Object.entries(entry.bin ?? {})) {
        const bin = path.join(dir, 'node_modules/.bin', command);
        mkdirSync(path.dirname(bin), { recursive: true });
        if (!existsSync(bin)) symlinkSync(path.join('..', where.slice('node_modules/'.length), file), bin);
      }
    }
    placed++;
  }
  return placed;
}

/** A package's files, without its own node_modules folder (its packages are lockfile entries of their own). */
function linkTree(from: string, to: string, packageRoot = false) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (packageRoot && name === 'node_modules') continue;
    const src = path.join(from, name);
    const dest = path.join(to, name);
    const stat = lstatSync(src);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(src), dest);
    else if (stat.isDirectory()) linkTree(src, dest);
    else linkOrCopy(src, dest);
  }
}

let crossDevice = false;
function linkOrCopy(src: string, dest: string) {
  if (!crossDevice) {
    try {
      linkSync(src, dest);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      crossDevice = true;
    }
  }
  copyFileSync(src, dest);
}
