import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { seedDemoSchool } from '../../src/server/seed/demo-school';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { demoPartnerSecret, demoSsoRootSecret, seedDemoSso } from '../../src/server/seed/demo-sso';
import { createLaunch } from '../../src/server/sso/launch-token';
import { startServer, throwawayPostgres, type ServerProcess } from '../helpers/server-process';
import { databaseKinds } from '../helpers/test-database';

const EXCHANGE = '/correction-api/platform-system/auth/sso/exchange';

// A data folder first served in development keeps the demo partners (their secret
// in DATA_DIR/sso-demo-secret and their CORS origins). Before: after a restart with NODE_ENV=production
// a launch signed with the demo secret returned a headmaster's token.
describe.each(databaseKinds())('demo SSO partners after a switch to production on %s', (kind) => {
  let pgDb: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
  let server: ServerProcess | undefined;
  let dataDir = '';
  let rootSecret = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhipi-demo-sso-'));
    if (kind === 'postgres') pgDb = await throwawayPostgres();
    // What a development start with SEED_DEMO=true leaves behind (without the demo essays' AI jobs).
    const seed = await openDatabase(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'pglite', dataDir });
    await seedReferenceData(seed.db);
    await seedDemoSchool(seed.db);
    rootSecret = demoSsoRootSecret(dataDir);
    await seedDemoSso(seed.db, { rootSecret, standInUrl: 'http://127.0.0.1:9' });
    await seed.close();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pgDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a production start removes them: a launch signed with the demo secret is refused, the secret file is gone', { timeout: 180_000 }, async () => {
    const launch = createLaunch(demoPartnerSecret(rootSecret, 'demo'), { partnerId: 'demo', userId: 'p-headmaster01' });
    expect(existsSync(path.join(dataDir, 'sso-demo-secret'))).toBe(true);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', SEED_DEMO: 'false', NODE_ENV: 'production' });
    const res = await server.call('POST', EXCHANGE, { body: { partnerId: 'demo', launch } });
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body.error).toBe('SSO_UNKNOWN_PARTNER');
    expect(existsSync(path.join(dataDir, 'sso-demo-secret'))).toBe(false);
    // The demo portal's origin no longer passes CORS.
    const preflight = await fetch(`${server.baseUrl}${EXCHANGE}`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:18091', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The demo stand-in is not mounted either.
    expect((await fetch(`${server.baseUrl}/demo-partner/launch`, { method: 'POST' })).status).toBe(404);
  });
});
