import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret file, creating it on first use so that every process sharing the folder agrees on
 * it: the content is written to a temp file and hard-linked into place, which fails if another
 * process got there first; then the winner's file is read. No process ever reads a half-written key.
 */
export function readOrCreateOnce(file: string, make: () => string | Buffer): Buffer {
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(tmp, make(), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  return readFileSync(file);
}
