/**
 * Server-to-server ticket validation for hzy partners, CAS 3 style:
 *
 *   GET {endpoint}/serviceValidate?ticket=<ticket>&service=<service>&format=JSON
 *
 * answered either as CAS JSON
 *   { "serviceResponse": { "authenticationSuccess": { "user": "<partner user id>" } } }
 *   { "serviceResponse": { "authenticationFailure": { "code": "INVALID_TICKET", "description": "…" } } }
 * or as CAS XML (`<cas:authenticationSuccess><cas:user>…</cas:user>`), which most CAS servers send.
 * A ticket is good once and for the service it was issued for; the partner enforces both.
 */

export type CasResult =
  | { ok: true; user: string }
  | { ok: false; reason: 'invalid'; detail: string }
  | { ok: false; reason: 'unreachable'; detail: string };

const TIMEOUT_MS = 5000;

function fromJson(text: string): CasResult | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const response = (body as { serviceResponse?: Record<string, unknown> })?.serviceResponse;
  if (!response || typeof response !== 'object') return null;
  const success = response.authenticationSuccess as { user?: unknown } | undefined;
  if (success && typeof success.user === 'string' && success.user) return { ok: true, user: success.user };
  const failure = response.authenticationFailure as { code?: unknown; description?: unknown } | undefined;
  return { ok: false, reason: 'invalid', detail: `${String(failure?.code ?? 'NO_SUCCESS')}: ${String(failure?.description ?? '')}`.trim() };
}

function fromXml(text: string): CasResult {
  const success = /<cas:authenticationSuccess>([\s\S]*?)<\/cas:authenticationSuccess>/.exec(text);
  const user = success ? /<cas:user>\s*([^<\s][^<]*?)\s*<\/cas:user>/.exec(success[1]!) : null;
  if (user) return { ok: true, user: user[1]! };
  const failure = /<cas:authenticationFailure[^>]*code="([^"]*)"/.exec(text);
  return { ok: false, reason: 'invalid', detail: failure ? failure[1]! : 'no authenticationSuccess' };
}

/** Asks the partner whether `ticket` is good for `service`; never throws. */
export async function validateCasTicket(endpoint: string, ticket: string, service: string, fetchImpl: typeof fetch = fetch): Promise<CasResult> {
  const url = new URL(`${endpoint.replace(/\/$/, '')}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  url.searchParams.set('format', 'JSON');
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error', headers: { accept: 'application/json, application/xml;q=0.9' } });
    text = (await res.text()).slice(0, 64 * 1024);
  } catch (err) {
    return { ok: false, reason: 'unreachable', detail: (err as Error).message };
  }
  if (res.status >= 500) return { ok: false, reason: 'unreachable', detail: `HTTP ${res.status}` };
  if (!res.ok) return { ok: false, reason: 'invalid', detail: `HTTP ${res.status}` };
  return fromJson(text) ?? fromXml(text);
}
