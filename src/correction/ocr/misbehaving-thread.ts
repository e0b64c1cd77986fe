// Test support for the OCR pool's failure tests (not used by the product): a thread module, as a data:
// URL, that runs `misbehave` the first time a thread starts (while a flag file exists) and otherwise the
// real ocr-thread, so one broken start is followed by a working thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REAL_THREAD = new URL('./ocr-thread.ts', import.meta.url).href;

export interface MisbehavingThread {
  /** a thread module whose next start runs `misbehave` (JavaScript with `parentPort` in scope) */
  once(misbehave: string): string;
  /** remove the flag folder */
  cleanUp(): void;
}

export function misbehavingThread(prefix: string): MisbehavingThread {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const flag = join(dir, 'misbehave');
  return {
    once(misbehave) {
      writeFileSync(flag, '');
      const body = `import { existsSync, rmSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
if (existsSync(${JSON.stringify(flag)})) { rmSync(${JSON.stringify(flag)}); ${misbehave} }
else await import(${JSON.stringify(REAL_THREAD)});`;
      return `data:text/javascript,${encodeURIComponent(body)}`;
    },
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}
