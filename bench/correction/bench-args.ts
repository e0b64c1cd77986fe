// What the correction benchmarks share: reading `--name value` options, and finding ../shared/data.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The value after `--name` in the command line, if given. */
export function argValue(name: string, args = process.argv.slice(2)): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** `shared/data/<rel>` next to the repository, or next to the parent folder of a git worktree. */
export function sharedDataPath(rel: string): string {
  for (let dir = path.dirname(new URL(import.meta.url).pathname); dir !== '/'; dir = path.dirname(dir)) {
    const f = path.join(dir, 'shared/data', rel);
    if (existsSync(f)) return f;
  }
  throw new Error(`../shared/data/${rel} not found`);
}
