import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as c from '../../../core/api/contracts/sso';
import type { Services } from '../../services/services';
import type { SsoClient } from '../../services/sso-service';
import { ok, responses } from '../reply';

const tags = ['platform-system: single sign-on'];

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

  app.post('/auth/sso/exchange', {
    config: { public: true },
    schema: { tags, summary: "Exchange a partner's signed, short-lived, single-use launch for a token of the linked teacher", body: c.ssoExchangeBody, response: responses(c.ssoTokenResponse) },
  }, async (req) => ok(await sso.exchange(req.body, client(req))));

  app.get('/auth/hzy/ssoLogin', {
    config: { public: true },
    schema: { tags, summary: 'Sign in with a CAS ticket of the teacher-education platform (validated with the partner)', querystring: c.hzySsoLoginQuery, response: responses(c.ssoTokenResponse) },
  }, async (req) => ok(await sso.hzyLogin(req.query, { ...client(req), host: req.headers.host ?? '' })));

  app.get('/auth/gz/ssoLogin', {
    config: { public: true },
    schema: { tags, summary: "Sign in with a link signed by the region platform's server (userId, timestamp, nonce, sign)", querystring: c.gzSsoLoginQuery, response: responses(c.ssoTokenResponse) },
  }, async (req) => ok(await sso.gzLogin(req.query, client(req))));

  app.post('/auth/tianyu/login', {
    config: { public: true },
    schema: { tags, summary: "Sign in with the basic-data platform's launch (logout hidden for the session)", body: c.tianyuLoginBody, response: responses(c.ssoTokenResponse) },
  }, async (req) => ok(await sso.tianyuLogin(req.body, client(req))));
};
