import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticApp } from './static-app';

// A miniature dist/ with the widgets delivery, served by the real static plugin in each environment.
let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'zhipi-static-widgets-'));
  const put = (file: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  };
  put('index.html', '<html lang="zh-CN"><!--zhipi-config-->app</html>');
  put('widgets/index.html', '<html lang="zh-CN"><!--zhipi-config-->preview</html>');
  put('widgets/zp-widgets.js', 'export const elements = [];');
  put('widgets/zp-widgets.js.gz', gzipSync('export const elements = [];'));
  put('widgets/assets/zp-task-board-AbCdEf12.js', 'console.log(1)');
  put('widgets/1.0.0/zp-widgets.js', 'export const elements = ["pinned"];');
  put('widgets/demo/index.html', '<html>demo portal</html>');
  put('widgets/demo/portal.js', 'console.log("portal")');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function serve(nodeEnv: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(staticApp, { distDir: dist, englishHosts: [], nodeEnv });
  await app.ready();
  return app;
}

describe('widgets under /teaching/widgets/', () => {
  it('sends the loader with no-cache and hashed modules as immutable, both readable from any origin', async () => {
    const app = await serve('test');
    const loader = await app.inject({ url: '/teaching/widgets/zp-widgets.js' });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['cache-control']).toBe('no-cache');
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    expect(loader.headers.etag).toBeTruthy();
    const gz = await app.inject({ url: '/teaching/widgets/zp-widgets.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    const mod = await app.inject({ url: '/teaching/widgets/assets/zp-task-board-AbCdEf12.js' });
    expect(mod.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(mod.headers['access-control-allow-origin']).toBe('*');
    expect(mod.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await app.close();
  });

  it('serves the loader pinned by version beside the latest, and says which versions it has for another', async () => {
    const app = await serve('production');
    const pinned = await app.inject({ url: '/teaching/widgets/1.0.0/zp-widgets.js' });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.body).toContain('pinned');
    expect(pinned.headers['cache-control']).toBe('no-cache');
    expect(pinned.headers['access-control-allow-origin']).toBe('*');
    const other = await app.inject({ url: '/teaching/widgets/0.9.0/zp-widgets.js' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('0.9.0');
    expect(other.body).toContain('/teaching/widgets/1.0.0/zp-widgets.js');
    expect((await app.inject({ url: '/teaching/widgets/nope/zp-widgets.js' })).body).toBe('Not found');
    await app.close();
  });

  it('serves the demo partner portal outside production and hides it, page and files, in production', async () => {
    const dev = await serve('test');
    expect((await dev.inject({ url: '/teaching/widgets/demo/' })).body).toContain('demo portal');
    expect((await dev.inject({ url: '/teaching/widgets/demo/portal.js' })).statusCode).toBe(200);
    expect((await dev.inject({ url: '/teaching/widgets/' })).body).toContain('preview');
    await dev.close();
    const prod = await serve('production');
    expect((await prod.inject({ url: '/teaching/widgets/demo/' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/teaching/widgets/demo' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/teaching/widgets/demo/portal.js' })).statusCode).toBe(404);
    expect((await prod.inject({ url: '/teaching/widgets/zp-widgets.js' })).statusCode).toBe(200);
    expect((await prod.inject({ url: '/teaching/widgets/' })).body).toContain('preview');
    // the app's own pages are untouched
    expect((await prod.inject({ url: '/teaching/teacherIndex' })).body).toContain('app');
    await prod.close();
  });
});
