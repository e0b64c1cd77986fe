/**
 * Operator CLI for SSO partners (docs/widgets.md "Single sign-on"). Uses the same database as the
 * server (DATABASE_URL, else PGlite in DATA_DIR — stop the server first, PGlite is one process).
 *
 *   node --import tsx scripts/sso-partners.ts list
 *   node --import tsx scripts/sso-partners.ts add --id hzy-wh --kind hzy --name "某教师教育平台" --school 智批实验学校 \
 *        [--endpoint https://cas.partner.example/cas] [--origin https://portal.partner.example ...]
 *   node --import tsx scripts/sso-partners.ts secret --id hzy-wh              # rotate: prints the new secret once
 *   node --import tsx scripts/sso-partners.ts origins --id hzy-wh --origin https://a.example --origin https://b.example
 *   node --import tsx scripts/sso-partners.ts enable|disable --id hzy-wh
 *   node --import tsx scripts/sso-partners.ts link --id hzy-wh --user <partner user id> --username teacher01 [--role 2]
 *   node --import tsx scripts/sso-partners.ts unlink --id hzy-wh --user <partner user id>
 *   node --import tsx scripts/sso-partners.ts links --id hzy-wh
 *
 * `add` generates the shared secret and prints it once: hand it to the partner over a safe channel.
 * Running servers pick up new partner origins for CORS within 60 s.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { identitiesRepo } from '../src/server/repositories/identities';
import { schoolsRepo } from '../src/server/repositories/schools';
import { SSO_PARTNER_KINDS, ssoRepo, type SsoPartnerKind } from '../src/server/repositories/sso';
import { usersRepo } from '../src/server/repositories/users';
import { normaliseOrigin } from '../src/server/sso/cors-origins';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    kind: { type: 'string' },
    name: { type: 'string' },
    school: { type: 'string' },
    endpoint: { type: 'string' },
    origin: { type: 'string', multiple: true },
    user: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const need = (name: keyof typeof values): string => (values[name] as string | undefined) ?? fail(`--${name} is required`);
const newSecret = () => randomBytes(32).toString('base64url');
function origins(): string[] {
  return (values.origin ?? []).map((o) => normaliseOrigin(o) ?? fail(`not an http(s) origin: ${o}`));
}

const config = loadConfigOrExit();
const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
const db = database.db;
try {
  const command = positionals[0];
  if (command === 'list') {
    for (const p of await ssoRepo.list(db)) {
      console.log(`${p.id}\t${p.kind}\t${p.enabled ? 'enabled' : 'disabled'}\tschool ${p.schoolId}\t${p.endpoint ?? '-'}\t${JSON.stringify(p.allowedOrigins)}\t${p.name}`);
    }
  } else if (command === 'add') {
    const id = need('id');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) fail('--id: letters, digits, _ and - (at most 64)');
    const kind = need('kind') as SsoPartnerKind;
    if (!SSO_PARTNER_KINDS.includes(kind)) fail(`--kind must be one of ${SSO_PARTNER_KINDS.join(', ')}`);
    if (kind === 'hzy' && !values.endpoint) fail('--endpoint is required for kind hzy (its CAS base URL)');
    if (await ssoRepo.findPartner(db, id)) fail(`partner ${id} exists (use secret / origins / enable / disable)`);
    const school = (await schoolsRepo.findByName(db, need('school'))) ?? fail(`no school named ${values.school}`);
    const secret = newSecret();
    await ssoRepo.upsertPartner(db, { id, kind, name: need('name'), schoolId: school.id, secret, endpoint: values.endpoint ?? null, allowedOrigins: origins(), enabled: true });
    console.log(`partner ${id} added. Shared secret (shown once):\n${secret}`);
  } else if (command === 'secret') {
    const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
    const secret = newSecret();
    await ssoRepo.upsertPartner(db, { ...partner, secret });
    console.log(`new secret for ${partner.id} (the old one stops working now):\n${secret}`);
  } else if (command === 'origins') {
    const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
    await ssoRepo.upsertPartner(db, { ...partner, allowedOrigins: origins() });
    console.log(`origins of ${partner.id}: ${JSON.stringify(origins())}`);
  } else if (command === 'enable' || command === 'disable') {
    if (!(await ssoRepo.setEnabled(db, need('id'), command === 'enable'))) fail('no such partner');
    console.log(`${values.id} ${command}d`);
  } else if (command === 'link') {
    const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
    const user = (await usersRepo.findByUsername(db, need('username'))) ?? fail(`no zhipi user ${values.username}`);
    // A partner signs in only people of its own school: an identity elsewhere is refused, not warned about.
    const all = await identitiesRepo.listForUser(db, user.id);
    const identities = all.filter((i) => i.schoolId === partner.schoolId);
    if (!identities.length) fail(`refused: ${user.username} has no identity in the partner's school ${partner.schoolId} (schools ${[...new Set(all.map((i) => i.schoolId))].join(', ') || 'none'})`);
    const identity = values.role ? identities.find((i) => i.roleId === Number(values.role)) : identities.length === 1 ? identities[0] : undefined;
    if (!identity) fail(`${user.username} has ${identities.length} identities in school ${partner.schoolId} (roles ${identities.map((i) => i.roleId).join(', ')}): pick one with --role`);
    await ssoRepo.upsertLink(db, partner.id, need('user'), identity.id);
    console.log(`${partner.id}:${values.user} → ${user.username} (identity ${identity.id}, role ${identity.roleId})`);
  } else if (command === 'unlink') {
    if (!(await ssoRepo.deleteLink(db, need('id'), need('user')))) fail('no such link');
    console.log('unlinked');
  } else if (command === 'links') {
    for (const l of await ssoRepo.listLinks(db, need('id'))) console.log(`${l.externalUserId}\tidentity ${l.identityId}`);
  } else {
    fail('usage: sso-partners.ts list | add | secret | origins | enable | disable | link | unlink | links (see the file header)');
  }
} finally {
  await database.close();
}
