/**
 * Stand-in partner for SSO (product-rules.md#partner-portals), for the demo and the tests. It plays the partners' SERVERS:
 * it holds the demo partners' secrets (derived from the demo root secret, as seeded by
 * src/server/seed/demo-sso.ts) and its own users (p-teacher01 …), and never reads zhipi's database.
 *
 *   POST /demo-partner/launch { user, partnerId? }      → { partnerId, launch, expiresAt } (kind launch or tianyu)
 *   GET  /demo-partner/cas/login?service=[&user=]       → user picker, or a ticket and 302 to service?ticket=&stuid=
 *   GET  /demo-partner/cas/serviceValidate?ticket=&service=[&format=JSON]  → CAS 3 answer (ticket single-use)
 *   GET  /demo-partner/open/{launch|gz|tianyu}?user=    → 302 to zhipi's DetailHome / goYueShenTwo / gohzyTY entry
 *   GET  /demo-partner/                                  → a tiny portal page linking every flow
 *
 * Mounted by the zhipi server at /demo-partner/ outside production when the demo is seeded, or run
 * standalone (its own origin, for cross-origin checks):
 *
 *   SSO_DEMO_SECRET=… ZHIPI_URL=http://localhost:8080 node --import tsx demo/partner-portal-server.ts   # 127.0.0.1:18091
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { createLaunch } from '../src/server/sso/launch-token';
import { signQuery } from '../src/server/sso/signed-query';
import { DEMO_PARTNERS, DEMO_PARTNER_USERS, DEMO_UNLINKED_USER, demoPartnerSecret, demoSsoRootSecret } from '../src/server/seed/demo-sso';

export interface PartnerPortalOptions {
  /** The demo root secret (SSO_DEMO_SECRET or DATA_DIR/sso-demo-secret). */
  rootSecret: string;
  /** zhipi's base URL for the entry links; empty = same origin (mounted in zhipi). */
  zhipiUrl?: string;
  /** Answer serviceValidate in CAS XML even when JSON is asked for (tests the XML reader). */
  casXml?: boolean;
  /** Ticket lifetime in ms (CAS: short). */
  ticketTtlMs?: number;
}

interface Ticket {
  user: string;
  service: string;
  expiresAt: number;
}

const KNOWN_USERS = new Set<string>([...DEMO_PARTNER_USERS.map((u) => u.id), DEMO_UNLINKED_USER]);
const partnerOf = (kind: string) => DEMO_PARTNERS.find((p) => p.kind === kind)!;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:15px/1.6 Georgia,serif;background:#f4efe4;color:#2b2118;max-width:760px;margin:40px auto;padding:0 16px}
h1{font-size:22px;border-bottom:3px double #8a6d3b}table{border-collapse:collapse;width:100%}td{padding:6px;border-bottom:1px solid #d8cbb0}
a{color:#7a3e00}</style></head><body><h1>${esc(title)}</h1>${body}</body></html>`;
}

/** The stand-in as a Fastify plugin; register it with prefix '/demo-partner'. */
export const partnerPortalPlugin: FastifyPluginAsync<PartnerPortalOptions> = async (app, opts) => {
  const tickets = new Map<string, Ticket>();
  const ttl = opts.ticketTtlMs ?? 5 * 60_000;
  const secret = (partnerId: string) => demoPartnerSecret(opts.rootSecret, partnerId);
  const zhipi = (req: FastifyRequest) => opts.zhipiUrl?.replace(/\/$/, '') || `${req.protocol}://${req.host}`;

  app.post<{ Body: { user?: string; partnerId?: string } }>('/launch', async (req, reply) => {
    const user = req.body?.user ?? '';
    const partnerId = req.body?.partnerId ?? 'demo';
    const partner = DEMO_PARTNERS.find((p) => p.id === partnerId && (p.kind === 'launch' || p.kind === 'tianyu'));
    if (!partner) return reply.status(400).send({ error: 'unknown or non-launch partner' });
    if (!KNOWN_USERS.has(user)) return reply.status(404).send({ error: 'no such portal user' });
    const launch = createLaunch(secret(partner.id), { partnerId: partner.id, userId: user, ttlSeconds: 120 });
    return { partnerId: partner.id, launch, expiresAt: new Date(Date.now() + 120_000).toISOString() };
  });

  app.get<{ Querystring: { service?: string; user?: string } }>('/cas/login', async (req, reply) => {
    const { service, user } = req.query;
    let target: URL;
    try {
      target = new URL(service ?? '');
      if (!/^https?:$/.test(target.protocol)) throw new Error('scheme');
    } catch {
      return reply.status(400).type('text/html').send(page('CAS', '<p>service must be an http(s) URL</p>'));
    }
    if (!user || !KNOWN_USERS.has(user)) {
      const rows = [...KNOWN_USERS]
        .map((u) => `<tr><td>${esc(u)}</td><td><a href="?service=${encodeURIComponent(target.href)}&user=${encodeURIComponent(u)}">sign in as ${esc(u)}</a></td></tr>`)
        .join('');
      return reply.type('text/html').send(page('Stand-in CAS — choose a portal user', `<table>${rows}</table>`));
    }
    const ticket = `ST-${randomBytes(18).toString('base64url')}`;
    tickets.set(ticket, { user, service: target.href, expiresAt: Date.now() + ttl });
    target.searchParams.set('ticket', ticket);
    target.searchParams.set('stuid', user);
    return reply.redirect(target.href);
  });

  app.get<{ Querystring: { ticket?: string; service?: string; format?: string } }>('/cas/serviceValidate', async (req, reply) => {
    const { ticket = '', service = '', format } = req.query;
    const found = tickets.get(ticket);
    tickets.delete(ticket); // single-use, whatever the outcome
    let failure: string | null = null;
    if (!found) failure = 'INVALID_TICKET';
    else if (found.expiresAt < Date.now()) failure = 'INVALID_TICKET';
    else if (found.service !== service) failure = 'INVALID_SERVICE';
    const json = format?.toUpperCase() === 'JSON' && !opts.casXml;
    if (json) {
      return failure
        ? { serviceResponse: { authenticationFailure: { code: failure, description: `ticket ${ticket} not recognised for this service` } } }
        : { serviceResponse: { authenticationSuccess: { user: found!.user } } };
    }
    const xml = failure
      ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="${failure}">ticket not recognised</cas:authenticationFailure></cas:serviceResponse>`
      : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${esc(found!.user)}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    return reply.type('application/xml').send(xml);
  });

  app.get<{ Params: { flow: string }; Querystring: { user?: string } }>('/open/:flow', async (req, reply) => {
    const user = req.query.user ?? '';
    if (!KNOWN_USERS.has(user)) return reply.status(404).send({ error: 'no such portal user' });
    const base = zhipi(req);
    if (req.params.flow === 'launch' || req.params.flow === 'tianyu') {
      const partner = partnerOf(req.params.flow);
      const launch = createLaunch(secret(partner.id), { partnerId: partner.id, userId: user });
      const entry = req.params.flow === 'launch' ? 'DetailHome' : 'gohzyTY';
      return reply.redirect(`${base}/teaching/${entry}?${new URLSearchParams({ partnerId: partner.id, launch })}`);
    }
    if (req.params.flow === 'gz') {
      const partner = partnerOf('gz');
      const params = { userId: user, timestamp: Math.floor(Date.now() / 1000), nonce: randomBytes(18).toString('base64url'), partner: partner.id };
      const sign = signQuery(secret(partner.id), params);
      return reply.redirect(`${base}/teaching/goYueShenTwo?${new URLSearchParams({ ...params, timestamp: String(params.timestamp), sign })}`);
    }
    return reply.status(404).send({ error: 'unknown flow' });
  });

  app.get('/', async (req, reply) => {
    const base = zhipi(req);
    const at = app.prefix; // absolute links work with or without the trailing slash
    const casLogin = (u: string) => `${at}/cas/login?${new URLSearchParams({ service: `${base}/teaching/goYueShen`, user: u })}`;
    const rows = [...KNOWN_USERS]
      .map((u) => `<tr><td>${esc(u)}</td><td><a href="${at}/open/launch?user=${u}">DetailHome (launch)</a></td><td><a href="${esc(casLogin(u))}">goYueShen (CAS)</a></td><td><a href="${at}/open/gz?user=${u}">goYueShenTwo (gz)</a></td><td><a href="${at}/open/tianyu?user=${u}">gohzyTY (tianyu)</a></td></tr>`)
      .join('');
    return reply.type('text/html').send(page('Stand-in partner portal 合作平台（演示）', `<p>Open zhipi as one of this portal's users.</p><table>${rows}</table>`));
  });
};

export interface RunningPartnerPortal {
  url: string;
  close(): Promise<void>;
}

/** Standalone on 127.0.0.1 (port 0 = any free port), at the same /demo-partner/ paths. */
export async function startPartnerPortal(opts: PartnerPortalOptions & { port?: number }): Promise<RunningPartnerPortal> {
  const app = Fastify({ logger: false });
  await app.register(partnerPortalPlugin, { ...opts, prefix: '/demo-partner' });
  const address = await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  return { url: address, close: () => app.close() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rootSecret = demoSsoRootSecret(process.env.DATA_DIR ?? './data', process.env.SSO_DEMO_SECRET || undefined);
  const s = await startPartnerPortal({ rootSecret, zhipiUrl: process.env.ZHIPI_URL ?? 'http://localhost:8080', port: Number(process.env.PORT ?? 18091) });
  console.log(`stand-in partner portal on ${s.url}/demo-partner/`);
}
