/**
 * A stand-in LTI 1.3 platform (an LMS such as Moodle or Canvas), written to the IMS specs, on loopback:
 *
 *   GET  /jwks                      the platform's public keys
 *   GET  /auth                      OIDC authorization (answers the tool's login redirect with an auto-post
 *                                   form carrying id_token + state to the tool's redirect_uri)
 *   POST /token                     OAuth2 client credentials; the client assertion is checked against the
 *                                   tool's JWKS (fetched from the tool, as a platform does)
 *   POST /deep-link-return          receives an LtiDeepLinkingResponse, checks it against the tool's JWKS
 *                                   and creates the resource link and its line item
 *   GET  /lineitems/:id             a line item; POST /lineitems/:id/scores records a score
 *   GET  /memberships/:context      NRPS membership container, two members per page (Link: rel="next")
 *
 * A test sets what the next launch is (`prepareLaunch`), drives the browser steps itself and reads what
 * the platform received (`scores`, `tokenRequests`). `tamper` options forge what an attacker would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const ROLES = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
export const INSTRUCTOR = `${ROLES}Instructor`;
export const LEARNER = `${ROLES}Learner`;

export interface LmsUser {
  sub: string;
  name: string;
  email?: string;
  roles: string[];
}

export interface LaunchIntent {
  user: LmsUser;
  messageType: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  contextId: string;
  resourceLinkId?: string;
  /** what the id_token is made of beyond the normal (an attacker's or a broken platform's token) */
  tamper?: { deploymentId?: string; aud?: string; expInS?: number; iatAgoS?: number; nonce?: string; signWithOtherKey?: boolean; flipPayload?: boolean; version?: string };
}

export interface ReceivedScore {
  lineitemId: string;
  body: Record<string, unknown>;
  contentType: string | undefined;
}

export interface LtiPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  urls: { authLoginUrl: string; tokenUrl: string; jwksUrl: string };
  /** Members of a course (NRPS). */
  members: Map<string, LmsUser[]>;
  scores: ReceivedScore[];
  tokenRequests: { scope: string }[];
  /** Resource links created by deep-linking responses: their custom parameters and line item. */
  resourceLinks: Map<string, { contextId: string; custom: Record<string, string>; lineitemId: string | null; title: string }>;
  /** Answer the next n score posts with 503 (a platform outage). */
  failScores: number;
  /** The login initiation the LMS would send for this launch (the tool's login URL with these). */
  prepareLaunch(intent: LaunchIntent): Record<string, string>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function startLtiPlatform(opts: { toolJwksUrl: string; toolLaunchUrl: string; clientId?: string; deploymentId?: string }): Promise<LtiPlatform> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const otherKeys = await generateKeyPair('RS256');
  const kid = 'platform-key-1';
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const toolKeys = createRemoteJWKSet(new URL(opts.toolJwksUrl));
  const intents = new Map<string, LaunchIntent>();
  const tokens = new Map<string, string[]>();
  const lineitems = new Map<string, { scoreMaximum: number; label: string; resourceId?: string; tag?: string }>();
  let base = '';

  const platform: LtiPlatform = {
    issuer: '',
    clientId: opts.clientId ?? `zhipi-${randomUUID().slice(0, 8)}`,
    deploymentId: opts.deploymentId ?? 'deployment-1',
    urls: { authLoginUrl: '', tokenUrl: '', jwksUrl: '' },
    members: new Map(),
    scores: [],
    tokenRequests: [],
    resourceLinks: new Map(),
    failScores: 0,
    prepareLaunch(intent) {
      const hint = randomUUID();
      intents.set(hint, intent);
      return { iss: platform.issuer, login_hint: intent.user.sub, target_link_uri: opts.toolLaunchUrl, lti_message_hint: hint, lti_deployment_id: platform.deploymentId, client_id: platform.clientId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function idToken(intent: LaunchIntent, nonce: string): Promise<string> {
    const t = intent.tamper ?? {};
    const now = Math.floor(Date.now() / 1000);
    const iat = now - (t.iatAgoS ?? 0);
    const link = intent.resourceLinkId ? platform.resourceLinks.get(intent.resourceLinkId) : undefined;
    const claims: Record<string, unknown> = {
      nonce: t.nonce ?? nonce,
      name: intent.user.name,
      ...(intent.user.email ? { email: intent.user.email } : {}),
      [`${LTI}message_type`]: intent.messageType,
      [`${LTI}version`]: t.version ?? '1.3.0',
      [`${LTI}deployment_id`]: t.deploymentId ?? platform.deploymentId,
      [`${LTI}target_link_uri`]: opts.toolLaunchUrl,
      [`${LTI}roles`]: intent.user.roles,
      [`${LTI}context`]: { id: intent.contextId, label: 'CHN-7', title: `语文 ${intent.contextId}` },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': { context_memberships_url: `${base}/memberships/${intent.contextId}`, service_versions: ['2.0'] },
    };
    if (intent.messageType === 'LtiDeepLinkingRequest') {
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = { deep_link_return_url: `${base}/deep-link-return`, accept_types: ['ltiResourceLink'], accept_presentation_document_targets: ['iframe', 'window'], data: `dl-${intent.contextId}` };
    } else {
      claims[`${LTI}resource_link`] = { id: intent.resourceLinkId, title: link?.title ?? 'essay' };
      if (link) claims[`${LTI}custom`] = link.custom;
      claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'] = {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitems: `${base}/lineitems`,
        ...(link?.lineitemId ? { lineitem: `${base}/lineitems/${link.lineitemId}` } : {}),
      };
    }
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(platform.issuer)
      .setAudience(t.aud ?? platform.clientId)
      .setSubject(intent.user.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (t.expInS ?? 300))
      .sign(t.signWithOtherKey ? otherKeys.privateKey : keys.privateKey);
    if (!t.flipPayload) return jwt;
    // An attacker edits the payload (here: becomes another user, an administrator) and keeps the signature.
    const [h, p, s] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8'));
    payload.sub = `${intent.user.sub}-attacker`;
    payload[`${LTI}roles`] = [INSTRUCTOR, `${ROLES}Administrator`];
    return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
  }

  function bearerScopes(req: IncomingMessage): string[] | null {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return m ? (tokens.get(m[1]!) ?? null) : null;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [publicJwk] });

      if (req.method === 'GET' && url.pathname === '/auth') {
        const q = Object.fromEntries(url.searchParams);
        const intent = intents.get(q.lti_message_hint ?? '');
        if (!intent || q.client_id !== platform.clientId || q.redirect_uri !== opts.toolLaunchUrl || q.response_type !== 'id_token' || q.response_mode !== 'form_post' || q.scope !== 'openid' || !q.nonce || !q.state || q.login_hint !== intent.user.sub) {
          return send(res, 400, { error: 'invalid_request', q });
        }
        const token = await idToken(intent, q.nonce);
        return send(res, 200, `<!doctype html><form method="post" action="${esc(q.redirect_uri)}"><input type="hidden" name="id_token" value="${esc(token)}"><input type="hidden" name="state" value="${esc(q.state)}"></form>`, 'text/html');
      }

      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(req));
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return send(res, 400, { error: 'unsupported_grant_type' });
        try {
          await jwtVerify(form.get('client_assertion') ?? '', toolKeys, { issuer: platform.clientId, subject: platform.clientId, audience: platform.urls.tokenUrl, requiredClaims: ['jti', 'exp', 'iat'] });
        } catch (err) {
          return send(res, 401, { error: 'invalid_client', detail: (err as Error).message });
        }
        const scope = form.get('scope') ?? '';
        platform.tokenRequests.push({ scope });
        const access = randomUUID();
        tokens.set(access, scope.split(' '));
        return send(res, 200, { access_token: access, token_type: 'Bearer', expires_in: 3600, scope });
      }

      if (req.method === 'POST' && url.pathname === '/deep-link-return') {
        const form = new URLSearchParams(await readBody(req));
        let payload: Record<string, unknown>;
        try {
          payload = (await jwtVerify(form.get('JWT') ?? '', toolKeys, { issuer: platform.clientId, audience: platform.issuer })).payload as Record<string, unknown>;
        } catch (err) {
          return send(res, 401, { error: 'bad deep-linking response', detail: (err as Error).message });
        }
        if (payload[`${LTI}message_type`] !== 'LtiDeepLinkingResponse' || payload[`${LTI}version`] !== '1.3.0' || payload[`${LTI}deployment_id`] !== platform.deploymentId) return send(res, 400, { error: 'bad claims' });
        const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as { type: string; title: string; url: string; custom: Record<string, string>; lineItem?: { scoreMaximum: number; label: string; resourceId?: string; tag?: string } }[];
        const created = [];
        for (const item of items) {
          if (item.type !== 'ltiResourceLink') continue;
          const resourceLinkId = `rl-${randomUUID().slice(0, 8)}`;
          let lineitemId: string | null = null;
          if (item.lineItem) {
            lineitemId = `li-${randomUUID().slice(0, 8)}`;
            lineitems.set(lineitemId, item.lineItem);
          }
          const contextId = String(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] ?? '').replace(/^dl-/, '');
          platform.resourceLinks.set(resourceLinkId, { contextId, custom: item.custom, lineitemId, title: item.title });
          created.push({ resourceLinkId, lineitemId, url: item.url, title: item.title, lineItem: item.lineItem ?? null });
        }
        return send(res, 200, { created, data: payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] ?? null });
      }

      const li = /^\/lineitems\/([^/]+)(\/scores)?$/.exec(url.pathname);
      if (li) {
        const item = lineitems.get(li[1]!);
        if (!item) return send(res, 404, { error: 'no such line item' });
        if (req.method === 'GET' && !li[2]) return send(res, 200, { id: `${base}/lineitems/${li[1]}`, ...item }, 'application/vnd.ims.lis.v2.lineitem+json');
        if (req.method === 'POST' && li[2]) {
          const scopes = bearerScopes(req);
          if (!scopes?.includes('https://purl.imsglobal.org/spec/lti-ags/scope/score')) return send(res, 401, { error: 'no score scope' });
          const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
          if (platform.failScores > 0) {
            platform.failScores--;
            return send(res, 503, { error: 'maintenance' });
          }
          platform.scores.push({ lineitemId: li[1]!, body, contentType: req.headers['content-type'] });
          res.writeHead(204).end();
          return;
        }
      }

      const mem = /^\/memberships\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && mem) {
        const scopes = bearerScopes(req);
        if (!scopes?.includes('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')) return send(res, 401, { error: 'no membership scope' });
        const all = platform.members.get(mem[1]!) ?? [];
        const page = Number(url.searchParams.get('page') ?? '0');
        const slice = all.slice(page * 2, page * 2 + 2);
        const next = (page + 1) * 2 < all.length ? `<${base}/memberships/${mem[1]}?page=${page + 1}>; rel="next"` : null;
        return send(
          res,
          200,
          { id: url.toString(), context: { id: mem[1] }, members: slice.map((m) => ({ user_id: m.sub, name: m.name, email: m.email, roles: m.roles, status: 'Active' })) },
          'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
          next ? { link: next } : {},
        );
      }
      send(res, 404, { error: 'not found' });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  platform.issuer = base;
  platform.urls = { authLoginUrl: `${base}/auth`, tokenUrl: `${base}/token`, jwksUrl: `${base}/jwks` };
  return platform;
}

/** The hidden fields and action of the (first) form in an HTML page, as a browser would post them. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return { action: action.replace(/&amp;/g, '&'), fields };
}
