import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerPortal, type RunningPartnerPortal } from '../../demo/partner-portal-server';
import { sessions, ssoPartners } from '../../src/server/db/schema';
import { ssoRepo } from '../../src/server/repositories/sso';
import { demoPartnerSecret, seedDemoSso } from '../../src/server/seed/demo-sso';
import { corsOriginPolicy } from '../../src/server/sso/cors-origins';
import { createLaunch, signLaunch } from '../../src/server/sso/launch-token';
import { signQuery } from '../../src/server/sso/signed-query';
import { SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { auth as authRoutes } from '../../src/core/api/routes/auth';
import { sso as ssoRoutes } from '../../src/core/api/routes/sso';
import { classes as classesRoutes } from '../../src/core/api/routes/classes';

const ROOT = 'sso-test-root-secret-0123456789-abcdefghij';
const EXCHANGE = `${SYS}/auth/sso/exchange`;
const HZY = `${SYS}/auth/hzy/ssoLogin`;
const GZ = `${SYS}/auth/gz/ssoLogin`;
const TIANYU = `${SYS}/auth/tianyu/login`;
const HOST = 'zhipi.test';
const SERVICE = `http://${HOST}/teaching/goYueShen`;
const PORTAL_ORIGIN = 'http://127.0.0.1:18091';
const nowS = () => Math.floor(Date.now() / 1000);
const secretOf = (partnerId: string) => demoPartnerSecret(ROOT, partnerId);

describe.each(databaseKinds())('single sign-on on %s', (kind) => {
  let t: TestApp;
  let portal: RunningPartnerPortal;

  /** A launch from the stand-in partner's server, as a partner portal would fetch it. */
  async function portalLaunch(user: string, partnerId = 'demo'): Promise<{ partnerId: string; launch: string }> {
    const res = await fetch(`${portal.url}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, partnerId }) });
    expect(res.status).toBe(200);
    return (await res.json()) as { partnerId: string; launch: string };
  }
  /** The stand-in CAS issues a ticket for `service` and redirects there. */
  async function casTicket(user: string, service = SERVICE): Promise<URL> {
    const res = await fetch(`${portal.url}/demo-partner/cas/login?${new URLSearchParams({ service, user })}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }
  const exchange = (body: unknown, lang?: 'zh' | 'en') => t.call('POST', EXCHANGE, { body, ...(lang ? { lang } : {}) });
  const refused = (res: { statusCode: number; json(): { error: string; showMsg?: string } }, error: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(error === 'SSO_PARTNER_UNREACHABLE' ? 502 : 401);
    expect(res.json().error).toBe(error);
    expect(res.json().showMsg).toBeTruthy();
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    portal = await startPartnerPortal({ rootSecret: ROOT });
    await seedDemoSso(t.database.db, { rootSecret: ROOT, standInUrl: portal.url });
  });
  afterAll(async () => {
    await portal?.close();
    await t?.close();
  });

  describe('launch exchange', () => {
    it("gives the mapped teacher a working token, recorded as the partner's session", async () => {
      const res = await exchange(await portalLaunch('p-teacher01'));
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.token).toMatch(/^ey/);
      expect(data.chooseIdentity).toBe(false);
      expect(data.user).toMatchObject({ username: 'teacher01', roleId: 2, signedInVia: 'sso', ssoSource: 'demo', hideLogout: false });

      const info = await t.call(authRoutes.info, {}, { token: data.token });
      expect(info.body.data).toMatchObject({ username: 'teacher01', signedInVia: 'sso', ssoSource: 'demo', hideLogout: false });
      const classes = await t.call(classesRoutes.mclassList, { query: {} }, { token: data.token });
      expect(classes.status).toBe(200);
      expect(classes.body.data.total).toBeGreaterThan(0);

      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, JSON.parse(Buffer.from(data.token.split('.')[1], 'base64url').toString()).jti));
      expect(row!.via).toBe('sso:launch:demo');
    });

    it("signs another school's teacher in as that teacher only", async () => {
      const a = (await exchange(await portalLaunch('p-teacher01'))).json().data;
      const b = (await exchange(await portalLaunch('p-teacherB01'))).json().data;
      expect(b.user).toMatchObject({ username: 'teacherB01' });
      expect(b.user.schoolId).not.toBe(a.user.schoolId);
      const listA = (await t.call(classesRoutes.mclassList, { query: {} }, { token: a.token })).body.data.list.map((c) => c.id);
      const listB = (await t.call(classesRoutes.mclassList, { query: {} }, { token: b.token })).body.data.list.map((c) => c.id);
      expect(listB.filter((id) => listA.includes(id))).toEqual([]);
    });

    it('signs in the linked identity of a multi-identity user without asking to choose', async () => {
      const res = (await exchange(await portalLaunch('p-multi01'))).json().data;
      expect(res.user).toMatchObject({ username: 'multi01', roleId: 2, identityCount: 2 });
      expect(res.chooseIdentity).toBe(false);
    });

    it('refuses an unknown partner and a disabled one', async () => {
      const launch = createLaunch(secretOf('demo'), { partnerId: 'nobody', userId: 'p-teacher01' });
      refused(await exchange({ partnerId: 'nobody', launch }), 'SSO_UNKNOWN_PARTNER');
      await ssoRepo.setEnabled(t.database.db, 'demo', false);
      try {
        refused(await exchange(await portalLaunch('p-teacher01')), 'SSO_UNKNOWN_PARTNER');
      } finally {
        await ssoRepo.setEnabled(t.database.db, 'demo', true);
      }
    });

    it('refuses a launch signed with another secret, a tampered payload and bad base64', async () => {
      refused(await exchange({ partnerId: 'demo', launch: createLaunch(secretOf('demo-tianyu'), { partnerId: 'demo', userId: 'p-teacher01' }) }), 'SSO_BAD_SIGNATURE');
      const { launch } = await portalLaunch('p-teacher01');
      const [, sig] = launch.split('.');
      const forged = Buffer.from(JSON.stringify({ partnerId: 'demo', userId: 'p-headmaster01', nonce: 'forged-nonce-000001', iat: nowS(), exp: nowS() + 60 })).toString('base64url');
      refused(await exchange({ partnerId: 'demo', launch: `${forged}.${sig}` }), 'SSO_BAD_SIGNATURE');
      refused(await exchange({ partnerId: 'demo', launch: `${launch.split('.')[0]}.+++/=` }), 'SSO_MALFORMED');
      refused(await exchange({ partnerId: 'demo', launch: 'x'.repeat(40) }), 'SSO_MALFORMED');
      // The refused launches did not burn the genuine one's nonce.
      expect((await exchange({ partnerId: 'demo', launch })).statusCode).toBe(200);
    });

    it("refuses a launch whose payload names another partner than the request", async () => {
      const launch = signLaunch(secretOf('demo'), { partnerId: 'demo-tianyu', userId: 'p-teacher01', nonce: 'mismatch-nonce-0001', iat: nowS(), exp: nowS() + 60 });
      refused(await exchange({ partnerId: 'demo', launch }), 'SSO_PARTNER_MISMATCH');
    });

    it('refuses expired, not-yet-valid and too long-lived launches', async () => {
      const sign = (iat: number, exp: number, nonce: string) => signLaunch(secretOf('demo'), { partnerId: 'demo', userId: 'p-teacher01', nonce, iat, exp });
      refused(await exchange({ partnerId: 'demo', launch: sign(nowS() - 300, nowS() - 60, 'expired-nonce-00001') }), 'SSO_EXPIRED');
      refused(await exchange({ partnerId: 'demo', launch: sign(nowS() + 120, nowS() + 200, 'future-nonce-000001') }), 'SSO_NOT_YET_VALID');
      refused(await exchange({ partnerId: 'demo', launch: sign(nowS(), nowS() + 3600, 'longlived-nonce-001') }), 'SSO_TOO_LONG_LIVED');
      // The server's clock decides: a launch valid now is expired ten minutes later.
      const { launch } = await portalLaunch('p-teacher01');
      t.clock.offsetMs = 10 * 60_000;
      try {
        refused(await exchange({ partnerId: 'demo', launch }), 'SSO_EXPIRED');
      } finally {
        t.clock.offsetMs = 0;
      }
    });

    it('refuses a replayed launch, also when both arrive at once', async () => {
      const first = await portalLaunch('p-teacher01');
      expect((await exchange(first)).statusCode).toBe(200);
      refused(await exchange(first), 'SSO_REPLAYED');

      const raced = await portalLaunch('p-teacher01');
      const results = await Promise.all([exchange(raced), exchange(raced), exchange(raced)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
      for (const r of results.filter((x) => x.statusCode === 401)) expect(r.json().error).toBe('SSO_REPLAYED');
    });

    it('refuses a partner user with no link, in the caller’s language', async () => {
      const launch = await portalLaunch('p-nobody');
      const zh = await exchange(launch);
      refused(zh, 'SSO_USER_NOT_LINKED');
      expect(zh.json().message).toBe('该合作平台账号尚未关联智批账号，请联系管理员');
      const en = await exchange(await portalLaunch('p-nobody'), 'en');
      expect(en.json().message).toBe('This partner account is not linked to a zhipi account; please contact your administrator');
    });

    it('rejects a body without a launch', async () => {
      const res = await exchange({ partnerId: 'demo' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('hzy ticket (CAS) against the stand-in partner', () => {
    const hzy = (query: Record<string, string>) => t.call('GET', `${HZY}?${new URLSearchParams(query)}`, { headers: { host: HOST } });

    it('validates the ticket server-to-server and signs the linked teacher in', async () => {
      const back = await casTicket('p-classrole01');
      expect(`${back.origin}${back.pathname}`).toBe(SERVICE);
      const ticket = back.searchParams.get('ticket')!;
      const res = await hzy({ ticket, stuid: back.searchParams.get('stuid')!, service: SERVICE });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ username: 'classrole01', ssoSource: 'demo-hzy', hideLogout: false });
      // Single-use: the partner forgets it, and zhipi recorded it too.
      refused(await hzy({ ticket, service: SERVICE }), 'SSO_TICKET_INVALID');
    });

    it('refuses a made-up ticket, a ticket for another service, and a stuid that is not the ticket’s user', async () => {
      refused(await hzy({ ticket: 'ST-made-up', service: SERVICE }), 'SSO_TICKET_INVALID');
      const other = await casTicket('p-teacher01', `http://${HOST}/teaching/gohzyTY`);
      refused(await hzy({ ticket: other.searchParams.get('ticket')!, service: SERVICE }), 'SSO_TICKET_INVALID');
      const mine = await casTicket('p-teacher01');
      refused(await hzy({ ticket: mine.searchParams.get('ticket')!, stuid: 'p-headmaster01', service: SERVICE }), 'SSO_TICKET_INVALID');
    });

    it('refuses a service URL on another host (a ticket issued to another site)', async () => {
      const elsewhere = await casTicket('p-teacher01', 'http://evil.example/steal');
      refused(await hzy({ ticket: elsewhere.searchParams.get('ticket')!, service: 'http://evil.example/steal' }), 'SSO_TICKET_INVALID');
    });

    it('reads CAS XML answers too', async () => {
      const xmlPortal = await startPartnerPortal({ rootSecret: ROOT, casXml: true });
      await t.database.db.update(ssoPartners).set({ endpoint: `${xmlPortal.url}/demo-partner/cas` }).where(eq(ssoPartners.id, 'demo-hzy'));
      try {
        const res = await fetch(`${xmlPortal.url}/demo-partner/cas/login?${new URLSearchParams({ service: SERVICE, user: 'p-teacher01' })}`, { redirect: 'manual' });
        const ticket = new URL(res.headers.get('location')!).searchParams.get('ticket')!;
        const ok = await hzy({ ticket, service: SERVICE });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().data.user.username).toBe('teacher01');
        refused(await hzy({ ticket, service: SERVICE }), 'SSO_TICKET_INVALID');
      } finally {
        await t.database.db.update(ssoPartners).set({ endpoint: `${portal.url}/demo-partner/cas` }).where(eq(ssoPartners.id, 'demo-hzy'));
        await xmlPortal.close();
      }
    });

    it('answers 502 when the partner cannot be reached', async () => {
      const gone = await startPartnerPortal({ rootSecret: ROOT });
      const url = gone.url;
      await gone.close();
      await t.database.db.update(ssoPartners).set({ endpoint: `${url}/demo-partner/cas` }).where(eq(ssoPartners.id, 'demo-hzy'));
      try {
        refused(await hzy({ ticket: 'ST-anything', service: SERVICE }), 'SSO_PARTNER_UNREACHABLE');
      } finally {
        await t.database.db.update(ssoPartners).set({ endpoint: `${portal.url}/demo-partner/cas` }).where(eq(ssoPartners.id, 'demo-hzy'));
      }
    });
  });

  describe('gz signed link', () => {
    async function signedLink(user: string): Promise<Record<string, string>> {
      const res = await fetch(`${portal.url}/demo-partner/open/gz?user=${user}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return Object.fromEntries(new URL(res.headers.get('location')!).searchParams);
    }
    const gz = (query: Record<string, string>) => t.call('GET', `${GZ}?${new URLSearchParams(query)}`);

    it('never signs anyone in with a bare userId', async () => {
      const res = await gz({ userId: 'p-teacher01', service: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toBeUndefined();
      const unsigned = await gz({ userId: 'p-teacher01', timestamp: String(nowS()), nonce: 'unsigned-nonce-00001', sign: 'A'.repeat(43) });
      refused(unsigned, 'SSO_BAD_SIGNATURE');
    });

    it('signs the linked teacher in with the partner-signed link, once', async () => {
      const link = await signedLink('p-headmaster01');
      const res = await gz(link);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ username: 'headmaster01', roleId: 6, ssoSource: 'demo-gz' });
      refused(await gz(link), 'SSO_REPLAYED');
    });

    it('refuses a changed user, an old link and a link from the future', async () => {
      const link = await signedLink('p-teacher01');
      refused(await gz({ ...link, userId: 'p-headmaster01' }), 'SSO_BAD_SIGNATURE');
      const sign = (params: Record<string, string | number>) => ({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), sign: signQuery(secretOf('demo-gz'), params) });
      refused(await gz(sign({ userId: 'p-teacher01', timestamp: nowS() - 600, nonce: 'old-link-nonce-00001', partner: 'demo-gz' })), 'SSO_EXPIRED');
      refused(await gz(sign({ userId: 'p-teacher01', timestamp: nowS() + 600, nonce: 'future-link-nonce-01', partner: 'demo-gz' })), 'SSO_NOT_YET_VALID');
      // Partner optional when only one gz partner is configured.
      expect((await gz(sign({ userId: 'p-teacher01', timestamp: nowS(), nonce: 'no-partner-nonce-001' }))).statusCode).toBe(200);
    });
  });

  describe('tianyu (basic-data platform)', () => {
    it('signs in through the basic-data platform with logout hidden, also after a role switch', async () => {
      const { launch } = await portalLaunch('p-multi01', 'demo-tianyu');
      const res = await t.call(ssoRoutes.tianyuLogin, { body: { launch } });
      expect(res.status, res.raw.body).toBe(200);
      const { token, user } = res.body.data;
      expect(user).toMatchObject({ username: 'multi01', ssoSource: 'demo-tianyu', hideLogout: true });
      expect((await t.call(authRoutes.info, {}, { token })).body.data.hideLogout).toBe(true);

      const roles = (await t.call(authRoutes.getTeacherRoles, {}, { token })).body.data as { permission: string; schoolId: number; current: boolean }[];
      const other = roles.find((r) => !r.current)!;
      const switched = await t.call(authRoutes.chooseRole, { body: { permission: other.permission, schoolId: other.schoolId } }, { token });
      expect(switched.status).toBe(200);
      expect(switched.body.data.user).toMatchObject({ roleId: 6, hideLogout: true, ssoSource: 'demo-tianyu' });
    });

    it('accepts only partners of kind tianyu', async () => {
      const { launch } = await portalLaunch('p-teacher01', 'demo');
      refused(await t.call('POST', TIANYU, { body: { partnerId: 'demo', launch } }), 'SSO_UNKNOWN_PARTNER');
    });

    it('password sign-in shows logout', async () => {
      const token = await t.login('teacher01');
      expect((await t.call(authRoutes.info, {}, { token })).body.data).toMatchObject({ signedInVia: 'password', ssoSource: null, hideLogout: false });
    });
  });

  describe('CORS for partner origins', () => {
    const preflight = (origin: string) =>
      t.call('OPTIONS' as 'GET', EXCHANGE, { headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,accept-language,content-type' } });

    it("answers an enabled partner's origin and nobody else", async () => {
      t.app.corsPolicy.refresh();
      const ok = await preflight(PORTAL_ORIGIN);
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
      expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('accept-language');
      expect(ok.headers['access-control-allow-credentials']).toBeUndefined();

      const simple = await t.call(authRoutes.publicKey, {}, { headers: { origin: PORTAL_ORIGIN } });
      expect(simple.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
      // A 401 is readable by the partner page (the element turns it into zp-auth-expired).
      const expired = await t.call(authRoutes.info, {}, { token: 'not-a-token', headers: { origin: PORTAL_ORIGIN } });
      expect(expired.status).toBe(401);
      expect(expired.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);

      for (const origin of ['http://evil.example', 'http://127.0.0.1:18092', `${PORTAL_ORIGIN}.evil.example`, 'null']) {
        const res = await t.call(authRoutes.publicKey, {}, { headers: { origin } });
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });

    it('follows the partners table within the refresh period, and adds ZHIPI_CORS_ORIGINS', async () => {
      let clock = 0;
      const policy = corsOriginPolicy(t.database.db, ['https://fixed.example'], { clock: () => clock });
      expect(await policy.allows('https://fixed.example')).toBe(true);
      expect(await policy.allows(PORTAL_ORIGIN)).toBe(true);
      expect(await policy.allows('https://new-partner.example')).toBe(false);

      await t.database.db.update(ssoPartners).set({ allowedOrigins: ['https://new-partner.example'] }).where(eq(ssoPartners.id, 'demo-gz'));
      await ssoRepo.setEnabled(t.database.db, 'demo', false);
      await ssoRepo.setEnabled(t.database.db, 'demo-hzy', false);
      await ssoRepo.setEnabled(t.database.db, 'demo-tianyu', false);
      try {
        expect(await policy.allows('https://new-partner.example')).toBe(false); // cached
        clock += 60_001;
        expect(await policy.allows('https://new-partner.example')).toBe(true);
        expect(await policy.allows(PORTAL_ORIGIN)).toBe(false); // only disabled partners had it
        expect(await policy.allows('https://fixed.example')).toBe(true);
      } finally {
        await seedDemoSso(t.database.db, { rootSecret: ROOT, standInUrl: portal.url });
      }
    });
  });
});
