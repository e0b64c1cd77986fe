import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR/operator.json: where the running server on PGlite takes operator commands (its loopback URL
 * and a fresh token per start). Written with mode 0600, so only the account that runs the server (the
 * operator) reads it; removed at shutdown. A file left by a killed server points at nothing and is
 * ignored by the CLI, which then opens the database itself.
 */
export interface OperatorChannel {
  url: string;
  token: string;
  pid: number;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'operator.json');

export const newOperatorToken = () => randomBytes(32).toString('base64url');

export function writeOperatorFile(dataDir: string, channel: OperatorChannel): void {
  writeFileSync(fileOf(dataDir), JSON.stringify(channel), { mode: 0o600 });
}

export function removeOperatorFile(dataDir: string, token: string): void {
  // Only our own: a second server started on the same folder (refused by PGlite) must not remove it.
  if (readOperatorFile(dataDir)?.token === token) rmSync(fileOf(dataDir), { force: true });
}

export function readOperatorFile(dataDir: string): OperatorChannel | undefined {
  try {
    const c = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as Partial<OperatorChannel>;
    return typeof c.url === 'string' && typeof c.token === 'string' && typeof c.pid === 'number' ? { url: c.url, token: c.token, pid: c.pid } : undefined;
  } catch {
    return undefined;
  }
}
