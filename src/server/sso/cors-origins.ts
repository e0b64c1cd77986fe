import type { Executor } from '../db/database';
import { ssoRepo } from '../repositories/sso';

/** How long the partners' origins are cached: a new partner origin works within a minute. */
export const CORS_REFRESH_MS = 60_000;

/** `scheme://host[:port]` as browsers send it in `Origin`; anything else is dropped. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Which browser origins may call the API and load the elements: enabled partners' allowedOrigins
 * (read at most every 60 s) plus the fixed ones from ZHIPI_CORS_ORIGINS. No wildcard, no credentials:
 * calls carry a bearer token, never cookies.
 */
export function corsOriginPolicy(db: Executor, fixed: string[], opts: { refreshMs?: number; clock?: () => number } = {}) {
  const refreshMs = opts.refreshMs ?? CORS_REFRESH_MS;
  const clock = opts.clock ?? Date.now;
  const fixedSet = new Set(fixed.map(normaliseOrigin).filter((o): o is string => o !== null));
  let cache: { at: number; origins: Promise<Set<string>> } | null = null;

  function partnerOrigins(): Promise<Set<string>> {
    if (cache && clock() - cache.at < refreshMs) return cache.origins;
    const origins = ssoRepo.enabledOrigins(db).then((list) => new Set(list.map(normaliseOrigin).filter((o): o is string => o !== null)));
    const entry = { at: clock(), origins };
    cache = entry;
    // A failed read is not cached: the next request tries again.
    origins.catch(() => {
      if (cache === entry) cache = null;
    });
    return origins;
  }

  return {
    async allows(origin: string | undefined): Promise<boolean> {
      if (!origin) return false;
      const o = normaliseOrigin(origin);
      if (!o || o !== origin) return false;
      if (fixedSet.has(o)) return true;
      try {
        return (await partnerOrigins()).has(o);
      } catch {
        return false;
      }
    },
    /** Every allowed origin (the fixed ones and enabled partners'): the element pages' frame-ancestors. */
    async list(): Promise<string[]> {
      const partners = await partnerOrigins().catch(() => new Set<string>());
      return [...new Set([...fixedSet, ...partners])];
    },
    /** Forget the cache (after the operator CLI changes partners in this process, and in tests). */
    refresh() {
      cache = null;
    },
  };
}
export type CorsOriginPolicy = ReturnType<typeof corsOriginPolicy>;
