import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database';
import { identitiesRepo } from '../repositories/identities';
import { schoolsRepo } from '../repositories/schools';
import { SSO_PARTNER_KINDS, ssoRepo, type SsoPartnerKind } from '../repositories/sso';
import { usersRepo } from '../repositories/users';
import { normaliseOrigin } from '../sso/cors-origins';

/** What the operator's `scripts/sso-partners.ts` passes: a command and its options. */
export interface PartnerCommand {
  command: string;
  id?: string | undefined;
  kind?: string | undefined;
  name?: string | undefined;
  school?: string | undefined;
  endpoint?: string | undefined;
  origin?: string[] | undefined;
  user?: string | undefined;
  username?: string | undefined;
  role?: string | undefined;
}

export const PARTNER_COMMANDS = ['list', 'add', 'secret', 'origins', 'enable', 'disable', 'link', 'unlink', 'links'] as const;

/** A refused command: the message is what the operator reads (the CLI exits 2 with it). */
export class PartnerAdminError extends Error {}

const fail = (message: string): never => {
  throw new PartnerAdminError(message);
};

/**
 * The SSO partner commands of the operator's CLI, run against a database: by the CLI itself on
 * PostgreSQL, or by the running server on PGlite (one process owns the embedded database, so the CLI
 * hands the command to it). Returns the lines to print.
 */
export async function runPartnerCommand(db: Executor, c: PartnerCommand): Promise<string> {
  const need = (name: 'id' | 'kind' | 'name' | 'school' | 'user' | 'username'): string => c[name] ?? fail(`--${name} is required`);
  const newSecret = () => randomBytes(32).toString('base64url');
  const origins = () => (c.origin ?? []).map((o) => normaliseOrigin(o) ?? fail(`not an http(s) origin: ${o}`));
  switch (c.command) {
    case 'list':
      return (await ssoRepo.list(db)).map((p) => `${p.id}\t${p.kind}\t${p.enabled ? 'enabled' : 'disabled'}\tschool ${p.schoolId}\t${p.endpoint ?? '-'}\t${JSON.stringify(p.allowedOrigins)}\t${p.name}`).join('\n');
    case 'add': {
      const id = need('id');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) fail('--id: letters, digits, _ and - (at most 64)');
      const kind = need('kind') as SsoPartnerKind;
      if (!SSO_PARTNER_KINDS.includes(kind)) fail(`--kind must be one of ${SSO_PARTNER_KINDS.join(', ')}`);
      if (kind === 'hzy' && !c.endpoint) fail('--endpoint is required for kind hzy (its CAS base URL)');
      if (await ssoRepo.findPartner(db, id)) fail(`partner ${id} exists (use secret / origins / enable / disable)`);
      const school = (await schoolsRepo.findByName(db, need('school'))) ?? fail(`no school named ${c.school}`);
      const secret = newSecret();
      await ssoRepo.upsertPartner(db, { id, kind, name: need('name'), schoolId: school.id, secret, endpoint: c.endpoint ?? null, allowedOrigins: origins(), enabled: true });
      return `partner ${id} added. Shared secret (shown once):\n${secret}`;
    }
    case 'secret': {
      const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
      const secret = newSecret();
      await ssoRepo.upsertPartner(db, { ...partner, secret });
      return `new secret for ${partner.id} (the old one stops working now):\n${secret}`;
    }
    case 'origins': {
      const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
      await ssoRepo.upsertPartner(db, { ...partner, allowedOrigins: origins() });
      return `origins of ${partner.id}: ${JSON.stringify(origins())}`;
    }
    case 'enable':
    case 'disable':
      if (!(await ssoRepo.setEnabled(db, need('id'), c.command === 'enable'))) fail('no such partner');
      return `${c.id} ${c.command}d`;
    case 'link': {
      const partner = (await ssoRepo.findPartner(db, need('id'))) ?? fail('no such partner');
      const user = (await usersRepo.findByUsername(db, need('username'))) ?? fail(`no zhipi user ${c.username}`);
      // A partner signs in only people of its own school: an identity elsewhere is refused, not warned about.
      const all = await identitiesRepo.listForUser(db, user.id);
      const identities = all.filter((i) => i.schoolId === partner.schoolId);
      if (!identities.length) fail(`refused: ${user.username} has no identity in the partner's school ${partner.schoolId} (schools ${[...new Set(all.map((i) => i.schoolId))].join(', ') || 'none'})`);
      const identity = c.role ? identities.find((i) => i.roleId === Number(c.role)) : identities.length === 1 ? identities[0] : undefined;
      if (!identity) return fail(`${user.username} has ${identities.length} identities in school ${partner.schoolId} (roles ${identities.map((i) => i.roleId).join(', ')}): pick one with --role`);
      await ssoRepo.upsertLink(db, partner.id, need('user'), identity.id);
      return `${partner.id}:${c.user} → ${user.username} (identity ${identity.id}, role ${identity.roleId})`;
    }
    case 'unlink':
      if (!(await ssoRepo.deleteLink(db, need('id'), need('user')))) fail('no such link');
      return 'unlinked';
    case 'links':
      return (await ssoRepo.listLinks(db, need('id'))).map((l) => `${l.externalUserId}\tidentity ${l.identityId}`).join('\n');
    default:
      return fail(`usage: sso-partners.ts ${PARTNER_COMMANDS.join(' | ')} (see the file header)`);
  }
}
