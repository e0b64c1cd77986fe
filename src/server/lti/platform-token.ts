// OAuth 2.0 client credentials with a signed JWT client assertion (RFC 7523), as LTI Advantage asks:
// zhipi signs { iss = sub = client id, aud = token URL, jti } with its tool key and gets a bearer token
// for the scopes it needs. Tokens are cached per registration and scope set until shortly before expiry.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import type { LtiPlatformRow } from '../repositories/lti';
import { signAsTool } from './tool-keys';

const TIMEOUT_MS = 10_000;
const cache = new Map<string, { token: string; until: number }>();

export class PlatformCallError extends Error {
  constructor(message: string, readonly status: number | null) {
    super(message);
  }
}

export async function platformToken(db: Executor, platform: LtiPlatformRow, scopes: readonly string[], now: Date): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${platform.id}|${platform.tokenUrl}|${scope}`;
  const hit = cache.get(key);
  if (hit && hit.until > now.getTime()) return hit.token;
  const assertion = await signAsTool(db, { iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl, jti: randomUUID() }, { expiresInS: 300, now });
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope,
  });
  let res: Response;
  try {
    res = await fetch(platform.tokenUrl, { method: 'POST', body, headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformCallError(`token endpoint unreachable: ${(err as Error).message}`, null);
  }
  const json = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!res.ok || typeof json?.access_token !== 'string') throw new PlatformCallError(`token endpoint answered ${res.status}`, res.status);
  const lifeS = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600;
  // Renewed a minute early (at most half its life) so a call never carries a token that just expired.
  cache.set(key, { token: json.access_token, until: now.getTime() + Math.max(lifeS * 500, lifeS * 1000 - 60_000) });
  return json.access_token;
}

/** Drops cached tokens of a registration (after the platform refused one). */
export function forgetPlatformTokens(platformId: number): void {
  for (const k of cache.keys()) if (k.startsWith(`${platformId}|`)) cache.delete(k);
}

/** An authorised call to a platform service; a 401 drops the cached token so the retry gets a new one. */
export async function platformFetch(db: Executor, platform: LtiPlatformRow, scopes: readonly string[], url: string, init: { method: 'GET' | 'POST'; accept: string; contentType?: string; body?: string }, now: Date): Promise<Response> {
  const token = await platformToken(db, platform, scopes, now);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { authorization: `Bearer ${token}`, accept: init.accept, ...(init.contentType ? { 'content-type': init.contentType } : {}) },
      ...(init.body !== undefined ? { body: init.body } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new PlatformCallError(`${new URL(url).host} unreachable: ${(err as Error).message}`, null);
  }
  if (res.status === 401) forgetPlatformTokens(platform.id);
  return res;
}
