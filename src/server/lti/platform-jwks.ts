// A platform's public keys, fetched from its JWKS URL and cached (jose refetches on an unknown kid, at
// most every 30 s, and every 10 minutes anyway), so a launch costs no request once the keys are known.
import { createRemoteJWKSet } from 'jose';

const TIMEOUT_MS = 5000;
const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function platformJwks(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = sets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    sets.set(url, set);
  }
  return set;
}
