import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// The whole OpenAPI UI was public in production and had none of the app pages' CSP.
describe.each(databaseKinds())('the OpenAPI UI in production on %s', (kind) => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp(kind, { jobs: false, nodeEnv: 'production' });
    on = await createTestApp(kind, { jobs: false, nodeEnv: 'production', apiDocs: true });
  }, 120_000);
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  it('is not served unless API_DOCS=1', async () => {
    for (const url of ['/correction-api/docs', '/correction-api/docs/', '/correction-api/docs/json', '/correction-api/docs/static/index.html']) {
      expect((await off.call('GET', url)).statusCode, url).toBe(404);
    }
    // The API itself is unaffected.
    expect((await off.call('GET', '/correction-api/health')).statusCode).toBe(200);
  });

  it('with API_DOCS=1: served under a CSP without outside sources', async () => {
    const page = await on.call('GET', '/correction-api/docs/');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy'] ?? '');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/https:|validator\.swagger\.io|unsafe-eval/);
    expect(String((await on.call('GET', '/correction-api/docs/json')).headers['content-security-policy'] ?? '')).toContain("default-src 'self'");
  });
});
