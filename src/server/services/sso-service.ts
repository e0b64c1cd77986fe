import { createHash } from 'node:crypto';
import { GZ_SIGN_WINDOW_S, LAUNCH_CLOCK_SKEW_S, SSO_ERRORS, type SsoErrorCode } from '../../core/api/contracts/sso';
import type { Executor } from '../db/database';
import { AppError } from '../errors';
import { identitiesRepo } from '../repositories/identities';
import { ssoRepo, type SsoPartnerKind, type SsoPartnerRow } from '../repositories/sso';
import { usersRepo } from '../repositories/users';
import { validateCasTicket } from '../sso/cas-validate';
import { acceptLaunch } from '../sso/launch-token';
import { ssoVia } from '../sso/session-via';
import { verifyQuerySignature } from '../sso/signed-query';
import type { ServiceDeps } from './deps';
import type { ClientInfo, SessionService } from './session-service';

/** Where a refusal is logged: the request's logger. */
export interface SsoLog {
  warn(obj: object, msg: string): void;
}
export type SsoClient = ClientInfo & { log: SsoLog };

/** An SSO refusal: 401 (502 when the partner cannot be asked), a stable key, the reason logged only. */
function refuse(code: SsoErrorCode, client: SsoClient, context: Record<string, unknown>): AppError {
  client.log.warn({ sso: { code, ...context, ip: client.ip } }, 'sso sign-in refused');
  const status = code === 'SSO_PARTNER_UNREACHABLE' ? 502 : 401;
  return new AppError(status, code, SSO_ERRORS[code], undefined, { show: true });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Single sign-on (product-rules.md#roles, #api; product-rules.md#partner-portals): a partner vouches for one of its users — a signed launch, a
 * CAS ticket zhipi checks with the partner, or a signed link — and zhipi signs in the identity that
 * user is linked to in sso_user_links. Nothing here trusts a user id the browser sent on its own.
 */
export function ssoService(deps: ServiceDeps, session: SessionService, fetchImpl: typeof fetch = fetch) {
  const { db, now } = deps;

  /** The named partner, or the only enabled one of that kind; must be enabled and of the kind. */
  async function partnerFor(id: string | undefined, kind: SsoPartnerKind | null, client: SsoClient): Promise<SsoPartnerRow> {
    if (id) {
      const partner = await ssoRepo.findPartner(db, id);
      if (!partner || !partner.enabled || (kind && partner.kind !== kind)) throw refuse('SSO_UNKNOWN_PARTNER', client, { partnerId: id, kind, detail: partner ? (partner.enabled ? `kind ${partner.kind}` : 'disabled') : 'no such partner' });
      return partner;
    }
    const candidates = kind ? await ssoRepo.enabledOfKind(db, kind) : [];
    if (candidates.length !== 1) throw refuse('SSO_UNKNOWN_PARTNER', client, { kind, detail: `${candidates.length} enabled partners of this kind; name one` });
    return candidates[0]!;
  }

  /**
   * Signs in the identity the partner's user is linked to; `claim` (the single-use check) runs in the
   * session's transaction, after the partner's expired nonces are dropped so the ledger stays small.
   */
  async function signInLinked(partner: SsoPartnerRow, externalUserId: string, client: SsoClient, claim: (tx: Executor) => Promise<void>) {
    const link = await ssoRepo.findLink(db, partner.id, externalUserId);
    const user = link ? await usersRepo.findById(db, link.userId) : undefined;
    const identity = link && user ? await identitiesRepo.findForUser(db, user.id, link.identityId) : undefined;
    if (!link || !user || !identity) throw refuse('SSO_USER_NOT_LINKED', client, { partnerId: partner.id, externalUserId });
    return session.startSession(user, ssoVia(partner.kind, partner.id), client, identity.id, {
      inTransaction: async (tx) => {
        await ssoRepo.purgeNonces(tx, now(), partner.id);
        await claim(tx);
      },
    });
  }

  /** Launch path shared by exchange and tianyu/login. */
  async function signInWithLaunch(partner: SsoPartnerRow, launch: string, client: SsoClient) {
    const opts = { secret: partner.secret, partnerId: partner.id, nowSeconds: seconds(now()) };
    // Everything but the nonce first: a refused launch must not burn its nonce.
    const pre = await acceptLaunch(launch, opts, async () => true);
    if (!pre.ok) throw refuse(pre.reason, client, { partnerId: partner.id, detail: pre.detail });
    return signInLinked(partner, pre.payload.userId, client, async (tx) => {
      const check = await acceptLaunch(launch, opts, (partnerId, nonce, expiresAt) => ssoRepo.claimNonce(tx, partnerId, nonce, expiresAt, now()));
      if (!check.ok) throw refuse(check.reason, client, { partnerId: partner.id, userId: pre.payload.userId, detail: check.detail });
    });
  }

  return {
    /** POST auth/sso/exchange: any enabled partner's launch. */
    async exchange(input: { partnerId: string; launch: string }, client: SsoClient) {
      const partner = await partnerFor(input.partnerId, null, client);
      return signInWithLaunch(partner, input.launch, client);
    },

    /** POST auth/tianyu/login: the basic-data platform's launch; its sessions hide logout. */
    async tianyuLogin(input: { partnerId?: string; launch: string }, client: SsoClient) {
      const partner = await partnerFor(input.partnerId, 'tianyu', client);
      return signInWithLaunch(partner, input.launch, client);
    },

    /**
     * GET auth/hzy/ssoLogin: the ticket is checked with the partner (CAS serviceValidate) for a
     * service URL on this very host, so a ticket issued to another site cannot be replayed here.
     * This host is PUBLIC_URL's when configured; else the Host header (`client.host`), never
     * X-Forwarded-Host, which any caller may send and the proxy trust would believe.
     */
    async hzyLogin(input: { ticket: string; service: string; stuid?: string; partner?: string }, client: SsoClient & { host: string }) {
      const partner = await partnerFor(input.partner, 'hzy', client);
      let service: URL;
      try {
        service = new URL(input.service);
      } catch {
        throw refuse('SSO_TICKET_INVALID', client, { partnerId: partner.id, detail: 'service is not a URL' });
      }
      const thisHost = deps.publicUrl ? new URL(deps.publicUrl).host : client.host.toLowerCase();
      if (!/^https?:$/.test(service.protocol) || !thisHost || service.host !== thisHost) {
        throw refuse('SSO_TICKET_INVALID', client, { partnerId: partner.id, detail: `service host ${service.host} is not this host ${thisHost}` });
      }
      if (!partner.endpoint) throw refuse('SSO_PARTNER_UNREACHABLE', client, { partnerId: partner.id, detail: 'partner has no endpoint configured' });
      const result = await validateCasTicket(partner.endpoint, input.ticket, input.service, fetchImpl);
      if (!result.ok) {
        throw refuse(result.reason === 'unreachable' ? 'SSO_PARTNER_UNREACHABLE' : 'SSO_TICKET_INVALID', client, { partnerId: partner.id, detail: result.detail });
      }
      if (input.stuid && input.stuid !== result.user) {
        throw refuse('SSO_TICKET_INVALID', client, { partnerId: partner.id, detail: `stuid ${input.stuid} is not the ticket's user ${result.user}` });
      }
      // The partner already makes tickets single-use; recording it here too costs one row.
      const ticketKey = `ticket:${createHash('sha256').update(input.ticket).digest('base64url')}`;
      const keepUntil = new Date(now().getTime() + 10 * 60_000);
      return signInLinked(partner, result.user, client, async (tx) => {
        if (!(await ssoRepo.claimNonce(tx, partner.id, ticketKey, keepUntil, now()))) throw refuse('SSO_REPLAYED', client, { partnerId: partner.id, detail: 'ticket already used' });
      });
    },

    /** GET auth/gz/ssoLogin: only a link signed by the partner's server, within its time window, once. */
    async gzLogin(input: { userId: string; service?: string; timestamp: number; nonce: string; sign: string; partner?: string }, client: SsoClient) {
      const partner = await partnerFor(input.partner, 'gz', client);
      if (!verifyQuerySignature(partner.secret, input)) throw refuse('SSO_BAD_SIGNATURE', client, { partnerId: partner.id, userId: input.userId });
      const at = seconds(now());
      if (input.timestamp > at + LAUNCH_CLOCK_SKEW_S) throw refuse('SSO_NOT_YET_VALID', client, { partnerId: partner.id, detail: `timestamp ${input.timestamp - at} s ahead` });
      if (input.timestamp < at - GZ_SIGN_WINDOW_S) throw refuse('SSO_EXPIRED', client, { partnerId: partner.id, detail: `signed ${at - input.timestamp} s ago` });
      const keepUntil = new Date((input.timestamp + GZ_SIGN_WINDOW_S + LAUNCH_CLOCK_SKEW_S) * 1000);
      return signInLinked(partner, input.userId, client, async (tx) => {
        if (!(await ssoRepo.claimNonce(tx, partner.id, `gz:${input.nonce}`, keepUntil, now()))) throw refuse('SSO_REPLAYED', client, { partnerId: partner.id, detail: 'nonce already used' });
      });
    },

    /** Drops nonces past their expiry (they could only be refused as expired now). */
    purgeNonces: () => ssoRepo.purgeNonces(db, now()),
  };
}
export type SsoService = ReturnType<typeof ssoService>;
