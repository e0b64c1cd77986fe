// A bad tuning value stops the server and the worker before they open anything, with a message that
// names the variable (config.ts parses every variable once; nothing below falls back silently).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-start-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs an entry point from source with `env` added; resolves with its exit code and stderr. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a bad AI_WORKERS or OCR_THREADS stops the start', { timeout: 600_000 }, () => {
  it('server: AI_WORKERS=abc; worker: OCR_THREADS=-1 (before it looks for its database)', async () => {
    const [server, worker] = await Promise.all([run('src/server/server.ts', { AI_WORKERS: 'abc' }), run('src/server/worker.ts', { OCR_THREADS: '-1', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })]);
    expect(server.code).toBe(2);
    expect(server.stderr).toContain('AI_WORKERS: must be a whole number ≥ 0');
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('OCR_THREADS: must be a whole number ≥ 0');
  });
});
