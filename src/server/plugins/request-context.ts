import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { languageForAcceptLanguage, languageForHost, type Lang } from '../../core/i18n';
import { LIMIT_STATUS } from '../../core/constants';
import { AppError, unauthorized } from '../errors';
import { resolveAuth, type AuthContext } from '../services/auth-context';
import type { ServiceDeps } from '../services/deps';
import type { RouteDef } from '../../core/api/routes/route';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, captcha, SMS, recovery, health). */
    public?: boolean;
    /** Still served when the school's subscription has expired (what /expired needs). */
    allowExpired?: boolean;
    /** Served to a user still on the initial password (what /selectCharacter and /initialUser need). */
    allowInitialPassword?: boolean;
    /** The core route table's declaration this route was registered from (routes/define-route.ts). */
    routeDef?: RouteDef;
  }
}

/** The caller's context, guaranteed present on routes that are not public. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

/**
 * Language and identity of every API request. Default deny: a route is public only when its config
 * says so, and an expired school reaches only the routes flagged allowExpired (product-rules.md#states).
 */
export const requestContext = fp<{ deps: ServiceDeps; englishHosts: string[] }>(async (app, opts) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.lang = req.headers['accept-language']
      ? languageForAcceptLanguage(req.headers['accept-language'])
      : languageForHost(req.headers.host ?? '', opts.englishHosts);
    if (!req.url.startsWith('/correction-api/')) return;
    const config = req.routeOptions.config;
    if (!req.routeOptions.url) return; // unknown route: the 404 handler answers
    if (config?.public) {
      req.auth = await resolveAuth(opts.deps.db, opts.deps.signer, bearer(req), opts.deps.now());
      return;
    }
    const ctx = await resolveAuth(opts.deps.db, opts.deps.signer, bearer(req), opts.deps.now());
    if (!ctx) throw unauthorized();
    req.auth = ctx;
    if (ctx.school.limitStatus === LIMIT_STATUS.expired && !config?.allowExpired) {
      throw new AppError(403, 'SYSTEM_EXPIRED', 'error.systemExpiredMarker', undefined, { show: true });
    }
    // The forced change of an initial password is the server's rule, not only the browser's.
    if (ctx.user.mustChangePassword && !config?.allowInitialPassword) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'auth.passwordChangeRequired', undefined, { show: true });
    }
  });
});
