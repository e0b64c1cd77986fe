import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Executor } from '../db/database';
import { identitiesRepo } from '../repositories/identities';
import { schoolsRepo } from '../repositories/schools';
import { ssoRepo, type SsoPartnerKind } from '../repositories/sso';
import { usersRepo } from '../repositories/users';
import { DEMO_SCHOOLS } from './demo-school';

/**
 * Demo SSO partners, one per kind, all played by the stand-in partner (demo/partner-portal-server.ts).
 * Seeded only beside the demo school and never in production (server.ts).
 */
export const DEMO_PARTNERS: { id: string; kind: SsoPartnerKind; name: string }[] = [
  { id: 'demo', kind: 'launch', name: '演示合作门户 (demo portal, launch)' },
  { id: 'demo-hzy', kind: 'hzy', name: '演示教师教育平台 (hzy stand-in, CAS ticket)' },
  { id: 'demo-gz', kind: 'gz', name: '演示区域平台 (gz stand-in, signed link)' },
  { id: 'demo-tianyu', kind: 'tianyu', name: '演示基础数据平台 (tianyu stand-in, basic-data platform)' },
];

/** The stand-in partner's own users and the demo identity each is linked to (same ids for every demo partner). */
export const DEMO_PARTNER_USERS = [
  { id: 'p-teacher01', username: 'teacher01', roleId: 2 },
  { id: 'p-teacherB01', username: 'teacherB01', roleId: 2 },
  { id: 'p-classrole01', username: 'classrole01', roleId: 3 },
  { id: 'p-headmaster01', username: 'headmaster01', roleId: 6 },
  { id: 'p-multi01', username: 'multi01', roleId: 2 },
  { id: 'p-expired01', username: 'expired01', roleId: 2 },
] as const;

/** A partner user the stand-in knows but zhipi has no link for (tests the refusal). */
export const DEMO_UNLINKED_USER = 'p-nobody';

/** Origins of the standalone stand-in portal page (the in-process one is same-origin). */
export const DEMO_PARTNER_ORIGINS = ['http://127.0.0.1:18091', 'http://localhost:18091'];

/** Each demo partner's secret, derived from one root secret so the stand-in needs only the root. */
export function demoPartnerSecret(rootSecret: string, partnerId: string): string {
  return createHmac('sha256', rootSecret).update(`zhipi demo partner ${partnerId}`).digest('base64url');
}

/**
 * A production start removes the demo partners, their links and the demo secret file, whatever an
 * earlier development start on the same data wrote: their secret sits in the data folder and their
 * origins would pass CORS, so left in place a launch signed with it would sign in as a headmaster.
 */
export async function retireDemoSso(db: Executor, dataDir: string): Promise<number> {
  rmSync(path.join(dataDir, 'sso-demo-secret'), { force: true });
  return ssoRepo.deletePartners(db, DEMO_PARTNERS.map((p) => p.id));
}

/** SSO_DEMO_SECRET, else DATA_DIR/sso-demo-secret, created once (like the JWT secret). */
export function demoSsoRootSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'sso-demo-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Upserts the demo partners (endpoint and secret follow this start's configuration) and links the
 * stand-in's users to the demo identities. Does nothing when the demo school is missing.
 */
export async function seedDemoSso(db: Executor, opts: { rootSecret: string; standInUrl: string; allowedOrigins?: string[] }): Promise<{ partners: number; links: number }> {
  const school = await schoolsRepo.findByName(db, DEMO_SCHOOLS.demo.name);
  if (!school) return { partners: 0, links: 0 };
  const base = opts.standInUrl.replace(/\/$/, '');
  for (const p of DEMO_PARTNERS) {
    await ssoRepo.upsertPartner(db, {
      id: p.id,
      name: p.name,
      kind: p.kind,
      schoolId: school.id,
      secret: demoPartnerSecret(opts.rootSecret, p.id),
      endpoint: p.kind === 'hzy' ? `${base}/demo-partner/cas` : null,
      allowedOrigins: opts.allowedOrigins ?? DEMO_PARTNER_ORIGINS,
      enabled: true,
    });
  }
  let links = 0;
  for (const u of DEMO_PARTNER_USERS) {
    const user = await usersRepo.findByUsername(db, u.username);
    const identity = user && (await identitiesRepo.listForUser(db, user.id)).find((i) => i.roleId === u.roleId);
    if (!identity) continue;
    for (const p of DEMO_PARTNERS) await ssoRepo.upsertLink(db, p.id, u.id, identity.id);
    links++;
  }
  return { partners: DEMO_PARTNERS.length, links };
}
