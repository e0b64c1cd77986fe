import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as c from '../../../core/api/contracts/sso';
import type { Services } from '../../services/services';
import type { SsoClient } from '../../services/sso-service';
import { ok } from '../reply';
import { sso as rt } from '../../../core/api/routes/sso';
import { defineRoute } from '../define-route';

function client(req: FastifyRequest): SsoClient {
  return {
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    lang: req.lang,
    log: req.log,
  };
}

/**
 * `/platform-system/auth/*` single sign-on entries (product-rules.md#api, product-rules.md#partner-portals). Public: the partner's proof
 * (signed launch, CAS ticket checked server-to-server, signed link) is the credential. Each answers
 * the token response of loginTeacher; refusals are 401 with an SSO_* key (docs/widgets.md).
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { sso } = services;

  defineRoute(app, rt.ssoExchange, { body: c.ssoExchangeBody, answer: c.ssoTokenResponse }, async (req) => ok(await sso.exchange(req.body, client(req))));

  defineRoute(app, rt.hzySsoLogin, { query: c.hzySsoLoginQuery, answer: c.ssoTokenResponse }, async (req) => ok(await sso.hzyLogin(req.query, { ...client(req), host: req.headers.host ?? '' })));

  defineRoute(app, rt.gzSsoLogin, { query: c.gzSsoLoginQuery, answer: c.ssoTokenResponse }, async (req) => ok(await sso.gzLogin(req.query, client(req))));

  defineRoute(app, rt.tianyuLogin, { body: c.tianyuLoginBody, answer: c.ssoTokenResponse }, async (req) => ok(await sso.tianyuLogin(req.body, client(req))));
};
