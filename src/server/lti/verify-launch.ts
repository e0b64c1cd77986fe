// Checks an LTI 1.3 id_token as the IMS Security Framework asks: RS256 signature by a key of the
// platform's JWKS, iss = the registration's issuer, aud containing our client id (azp = our client id
// when present or when aud names several), exp/iat within 30 s of skew, then the LTI claims
// (message type, version 1.3.0, deployment id, roles). The nonce and state are claimed by the caller,
// in the database, after this passes — a refused token burns nothing.
import { errors as joseErrors, jwtVerify } from 'jose';
import type { LtiPlatformRow } from '../repositories/lti';
import { CLAIM, launchClaims, type LaunchClaims } from './claims';
import { platformJwks } from './platform-jwks';

export const CLOCK_SKEW_S = 30;
/** An id_token older than this is refused even when its exp is later (platforms issue them for seconds). */
export const MAX_TOKEN_AGE_S = 600;

export type LaunchRefusal = 'LTI_BAD_TOKEN' | 'LTI_BAD_CLAIMS' | 'LTI_UNKNOWN_DEPLOYMENT' | 'LTI_PLATFORM_UNREACHABLE';
export type LaunchCheck = { ok: true; claims: LaunchClaims } | { ok: false; reason: LaunchRefusal; detail: string };

export async function verifyLaunchToken(idToken: string, platform: LtiPlatformRow, now: Date): Promise<LaunchCheck> {
  let payload: Record<string, unknown>;
  try {
    const verified = await jwtVerify(idToken, platformJwks(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512'],
      clockTolerance: CLOCK_SKEW_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      currentDate: now,
      requiredClaims: ['iat', 'exp', 'sub', 'nonce'],
    });
    payload = verified.payload as Record<string, unknown>;
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout || (err instanceof TypeError && /fetch/i.test(err.message))) return { ok: false, reason: 'LTI_PLATFORM_UNREACHABLE', detail: err.message };
    return { ok: false, reason: 'LTI_BAD_TOKEN', detail: `${(err as { code?: string }).code ?? 'ERR'}: ${(err as Error).message}` };
  }
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((aud.length > 1 || payload.azp !== undefined) && payload.azp !== platform.clientId) {
    return { ok: false, reason: 'LTI_BAD_TOKEN', detail: `azp ${String(payload.azp)} is not our client id` };
  }
  const parsed = launchClaims.safeParse(payload);
  if (!parsed.success) return { ok: false, reason: 'LTI_BAD_CLAIMS', detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ').slice(0, 500) };
  const deploymentId = parsed.data[CLAIM.deploymentId];
  if (!platform.deploymentIds.includes(deploymentId)) return { ok: false, reason: 'LTI_UNKNOWN_DEPLOYMENT', detail: `deployment ${deploymentId}` };
  return { ok: true, claims: parsed.data };
}
