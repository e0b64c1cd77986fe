import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { staticApp } from './static-app';

// /teaching/h5/… is the H5 face; the app's own public route /teaching/h5Pdf (product-rules.md#screens) is not, though it
// starts with the same letters (it was served the H5 page, whose router then matched nothing).
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'zhipi-static-h5-'));
  for (const [file, body] of [['index.html', '<html><!--zhipi-config-->app</html>'], ['h5/index.html', '<html><!--zhipi-config-->h5</html>']]) {
    mkdirSync(path.dirname(path.join(dist, file!)), { recursive: true });
    writeFileSync(path.join(dist, file!), body!);
  }
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('serves the H5 face under /teaching/h5/ only, and /teaching/h5Pdf from the app', async () => {
  const app = Fastify();
  await app.register(staticApp, { distDir: dist, englishHosts: [], nodeEnv: 'production' });
  await app.ready();
  const page = async (url: string) => (await app.inject({ url })).body;
  expect(await page('/teaching/h5/report?t=1.x')).toMatch(/h5<\/html>$/);
  expect(await page('/teaching/h5/pdf?t=1.x')).toMatch(/h5<\/html>$/);
  expect(await page('/teaching/h5Pdf?t=1.x')).toMatch(/app<\/html>$/);
  expect(await page('/teaching/report')).toMatch(/app<\/html>$/);
  await app.close();
});
