import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser code takes its texts from catalogue-store.ts (one language, fetched). A value import of
// index.ts, zh.ts or en.ts would put every text of both languages back into the page's first chunk
// without any error, so this test is the guard. Type imports are free (erased).
const src = path.resolve(import.meta.dirname, '../..');
const BROWSER = ['app', 'h5', 'views', 'widgets', 'core'];
// Where a whole catalogue is fetched on purpose (dynamic imports, each its own chunk).
const ALLOWED = ['core/i18n/', 'widgets/widget-catalogues.ts', 'widgets/catalogue/'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('browser imports of the catalogues', () => {
  it('never import index.ts, zh.ts or en.ts for values', () => {
    const offenders: string[] = [];
    for (const file of BROWSER.flatMap((d) => files(path.join(src, d)))) {
      const rel = path.relative(src, file).split(path.sep).join('/');
      if (ALLOWED.some((a) => rel.startsWith(a))) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
        if (m[1]) continue;
        const target = path.resolve(path.dirname(file), m[2]!);
        const i18n = path.join(src, 'core/i18n');
        if ([i18n, path.join(i18n, 'index'), path.join(i18n, 'zh'), path.join(i18n, 'en')].includes(target)) offenders.push(`${rel}: ${m[2]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
