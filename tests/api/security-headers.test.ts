import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MGMT, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';

// product-rules.md#security: no response carried CSP, frame-ancestors, nosniff, Referrer-Policy or no-store.
describe('security headers on every response', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'zhipi-dist-'));
  const page = '<!doctype html><html lang="zh-CN"><head><!--zhipi-config--><script type="module" src="/teaching/assets/app.js"></script></head><body></body></html>';
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), page);
    mkdirSync(path.join(dist, 'h5'));
    writeFileSync(path.join(dist, 'h5', 'index.html'), page);
    mkdirSync(path.join(dist, 'widgets'));
    writeFileSync(path.join(dist, 'widgets', 'index.html'), page);
    t = await createTestApp('pglite', { jobs: false, distDir: dist, corsOrigins: ['https://portal.example.edu'] });
  }, 120_000);
  afterAll(async () => t?.close());

  it('API answers: nosniff, same-origin referrer, never cached — errors too', async () => {
    const token = await t.login('teacher01');
    for (const res of [await t.call('GET', `${MGMT}/tasks/list`, { token }), await t.call('GET', `${MGMT}/tasks/list`), await t.call('GET', `${SYS}/auth/publicKey`)]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('app and H5 pages: strict script CSP with a per-response nonce on the inline config; framed only by the site', async () => {
    for (const url of ['/teaching/teacherIndex', '/teaching/h5/join?code=ABCD2345']) {
      const res = await t.call('GET', url);
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('portal.example.edu');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.body).toContain(`<script nonce="${nonce}">window.__ZHIPI__=`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const again = await t.call('GET', url);
      expect(String(again.headers['content-security-policy'])).not.toContain(nonce!);
    }
  });

  it('element pages may be framed by the configured partner origins only', async () => {
    const res = await t.call('GET', '/teaching/widgets/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.edu");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
