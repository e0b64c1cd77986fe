// Single sign-on under attack: a CAS ticket issued to another site redeemed here by naming that site
// as the service (forwarded or forged host headers), partner isolation of user links, CORS answers
// that must not be cached across origins, and the stand-in partner never mounted in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerPortal, type RunningPartnerPortal } from '../../demo/partner-portal-server';
import { loadPasswordCipher } from '../../src/server/auth/rsa-keys';
import { TokenSigner } from '../../src/server/auth/tokens';
import { buildApp } from '../../src/server/app';
import { identitiesRepo } from '../../src/server/repositories/identities';
import { ssoRepo } from '../../src/server/repositories/sso';
import { usersRepo } from '../../src/server/repositories/users';
import { demoPartnerSecret, seedDemoSso } from '../../src/server/seed/demo-sso';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { createLaunch } from '../../src/server/sso/launch-token';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth';
import { sso as ssoRoutes } from '../../src/core/api/routes/sso';

const ROOT = 'sso-security-root-secret-0123456789-abcdef';
const HZY = `${SYS}/auth/hzy/ssoLogin`;
const PUBLIC_HOST = 'zhipi.test';
const SERVICE = `https://${PUBLIC_HOST}/teaching/goYueShen`;
const EVIL_SERVICE = 'http://evil.example/steal';

describe.each(databaseKinds())('single sign-on under attack on %s', (kind) => {
  let portal: RunningPartnerPortal;

  /** The stand-in CAS issues a ticket for `service` (as it would for any of its client sites). */
  async function casTicket(user: string, service: string): Promise<string> {
    const res = await fetch(`${portal.url}/demo-partner/cas/login?${new URLSearchParams({ service, user })}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!).searchParams.get('ticket')!;
  }
  const refusedTicket = (res: { statusCode: number; body: string; json(): { error: string } }) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toBe('SSO_TICKET_INVALID');
  };

  beforeAll(async () => {
    portal = await startPartnerPortal({ rootSecret: ROOT });
  });
  afterAll(async () => {
    await portal?.close();
  });

  describe('hzy CAS service must be this server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { jobs: false });
      await seedDemoSso(t.database.db, { rootSecret: ROOT, standInUrl: portal.url });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('without PUBLIC_URL: the Host header decides; an X-Forwarded-Host naming another site does not', async () => {
      const ticket = await casTicket('p-headmaster01', EVIL_SERVICE);
      refusedTicket(await t.call('GET', `${HZY}?${new URLSearchParams({ ticket, service: EVIL_SERVICE })}`, { headers: { host: PUBLIC_HOST, 'x-forwarded-host': 'evil.example' } }));
      // the genuine flow on this host still works
      const mine = await casTicket('p-headmaster01', `http://${PUBLIC_HOST}/teaching/goYueShen`);
      const ok = await t.call('GET', `${HZY}?${new URLSearchParams({ ticket: mine, service: `http://${PUBLIC_HOST}/teaching/goYueShen` })}`, { headers: { host: PUBLIC_HOST } });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('hzy with PUBLIC_URL configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { jobs: false, deps: { publicUrl: `https://${PUBLIC_HOST}` } });
      await seedDemoSso(t.database.db, { rootSecret: ROOT, standInUrl: portal.url });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a ticket issued to another site is refused whatever Host or X-Forwarded-Host the caller sends', async () => {
      const attempts: Record<string, string>[] = [{ host: 'evil.example' }, { host: PUBLIC_HOST, 'x-forwarded-host': 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }];
      for (const headers of attempts) {
        const ticket = await casTicket('p-headmaster01', EVIL_SERVICE);
        refusedTicket(await t.call('GET', `${HZY}?${new URLSearchParams({ ticket, service: EVIL_SERVICE })}`, { headers }));
      }
      // user-info tricks in the service URL do not pass either
      const trick = `https://${PUBLIC_HOST}@evil.example/x`;
      refusedTicket(await t.call('GET', `${HZY}?${new URLSearchParams({ ticket: await casTicket('p-headmaster01', trick), service: trick })}`, { headers: { host: PUBLIC_HOST } }));
    });

    it('a ticket for the public URL works behind a proxy that sends its own Host', async () => {
      const ticket = await casTicket('p-teacher01', SERVICE);
      const ok = await t.call('GET', `${HZY}?${new URLSearchParams({ ticket, service: SERVICE })}`, { headers: { host: '10.0.0.5:8080' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.user.username).toBe('teacher01');
    });
  });

  describe('partners and CORS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { jobs: false });
      await seedDemoSso(t.database.db, { rootSecret: ROOT, standInUrl: portal.url });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("a partner cannot sign in a user linked only through another partner, even with the same external id", async () => {
      const school = (await identitiesRepo.listForUser(t.database.db, (await usersRepo.findByUsername(t.database.db, 'teacherB01'))!.id))[0]!;
      await ssoRepo.upsertPartner(t.database.db, { id: 'iso', name: 'isolated partner', kind: 'launch', schoolId: school.schoolId, secret: 'iso-secret-0123456789-0123456789-abc', allowedOrigins: [] });
      await ssoRepo.upsertLink(t.database.db, 'iso', 'only-at-iso', school.id);
      const asDemo = createLaunch(demoPartnerSecret(ROOT, 'demo'), { partnerId: 'demo', userId: 'only-at-iso' });
      const refused = await t.call(ssoRoutes.ssoExchange, { body: { partnerId: 'demo', launch: asDemo } });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('SSO_USER_NOT_LINKED');
      // the demo partner's secret cannot speak for iso, nor iso's for demo's users
      const forged = createLaunch(demoPartnerSecret(ROOT, 'demo'), { partnerId: 'iso', userId: 'only-at-iso' });
      expect((await t.call(ssoRoutes.ssoExchange, { body: { partnerId: 'iso', launch: forged } })).body.error).toBe('SSO_BAD_SIGNATURE');
      const isoForDemoUser = createLaunch('iso-secret-0123456789-0123456789-abc', { partnerId: 'iso', userId: 'p-teacher01' });
      expect((await t.call(ssoRoutes.ssoExchange, { body: { partnerId: 'iso', launch: isoForDemoUser } })).body.error).toBe('SSO_USER_NOT_LINKED');
      const ok = await t.call(ssoRoutes.ssoExchange, { body: { partnerId: 'iso', launch: createLaunch('iso-secret-0123456789-0123456789-abc', { partnerId: 'iso', userId: 'only-at-iso' }) } });
      expect(ok.body.data.user.username).toBe('teacherB01');
    });

    it('answers that depend on Origin say so (Vary: Origin), so a shared cache never hands one origin’s answer to another', async () => {
      t.app.corsPolicy.refresh();
      const allowed = await t.call(authRoutes.publicKey, {}, { headers: { origin: 'http://127.0.0.1:18091' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:18091');
      expect(String(allowed.headers.vary ?? '').toLowerCase()).toContain('origin');
      const other = await t.call(authRoutes.publicKey, {}, { headers: { origin: 'http://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(other.headers.vary ?? '').toLowerCase()).toContain('origin');
    });
  });

  it('the stand-in partner is never mounted in production, even when asked to', async () => {
    const database = await createTestDatabase(kind);
    await seedReferenceData(database.db);
    const app = await buildApp({
      database,
      deps: { signer: new TokenSigner(new TextEncoder().encode('test-secret-test-secret-test-secret!')), cipher: loadPasswordCipher(), sms: { send: async () => undefined }, now: () => new Date(), storage: new MemoryFileStorage() },
      englishHosts: [],
      nodeEnv: 'production',
      demoPartner: { rootSecret: ROOT },
      jobs: false,
    });
    try {
      await app.ready();
      for (const url of ['/demo-partner/', '/demo-partner/cas/login?service=http://x/', '/demo-partner/open/launch?user=p-teacher01']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).not.toBe(200);
        expect(res.headers.location ?? '', url).not.toMatch(/ticket=|launch=/);
      }
      const launch = await app.inject({ method: 'POST', url: '/demo-partner/launch', payload: { user: 'p-teacher01' } });
      expect(launch.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
