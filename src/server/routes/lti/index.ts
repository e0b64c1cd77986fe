import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as c from '../../../core/api/contracts/lti';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { autoPostPage, errorPage, ltiPageCsp, pickerPage } from '../../lti/pages';
import { toolJwks } from '../../lti/tool-keys';
import { newNonce } from '../../plugins/security-headers';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';
import type { Db } from '../../db/database';

const tags = ['lti: LTI 1.3 tool'];
/** An id_token with its claims is a few kilobytes; a launch form is never more than this. */
const FORM_LIMIT = 64 * 1024;

function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** A refused browser step answers a page in the reader's language (the LMS posted a form, nobody reads JSON). */
function sendRefusal(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const nonce = newNonce();
  return reply.code(err.status).type('text/html; charset=utf-8').header('content-security-policy', ltiPageCsp(nonce)).send(errorPage(req.lang, err.error, err.messageKey, err.params));
}

/**
 * `/correction-api/lti/*` (docs/lti.md): the LTI 1.3 endpoints an LMS calls (login initiation, launch,
 * tool JWKS: public, the platform's signature is the credential), the deep-linking picker's answer,
 * the app's hand-off exchange, the school administrator's registrations and the teacher's roster sync.
 */
export const ltiRoutes: FastifyPluginAsyncZod<{ services: Services; db: Db }> = async (app, { services, db }) => {
  const { lti, ltiAdmin, ltiRoster } = services;
  // Launches and the picker arrive as HTML form posts; only this plugin reads them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/jwks', {
    config: { public: true },
    schema: { tags, summary: "The tool's public keys (JWK Set): deep-linking responses and service-token assertions are signed with them" },
  }, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(await toolJwks(db)));

  const login = async (req: FastifyRequest, reply: FastifyReply, params: c.LtiLoginParams) => {
    try {
      return reply.redirect(await lti.login(params, lti.urls(origin(req)).launchUrl, { ip: req.ip, log: req.log }), 302);
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  };
  app.get('/login', {
    config: { public: true },
    schema: { tags, summary: 'OIDC third-party login initiation (redirects to the platform with state and nonce)', querystring: c.ltiLoginParams },
  }, (req, reply) => login(req, reply, req.query));
  app.post('/login', {
    config: { public: true },
    bodyLimit: FORM_LIMIT,
    schema: { tags, summary: 'OIDC third-party login initiation, form post', body: c.ltiLoginParams },
  }, (req, reply) => login(req, reply, req.body));

  app.post('/launch', {
    config: { public: true },
    bodyLimit: FORM_LIMIT,
    schema: { tags, summary: 'LTI 1.3 launch (form_post id_token): resource link → the task; deep linking → the picker', body: c.ltiLaunchForm },
  }, async (req, reply) => {
    try {
      const outcome = await lti.launch(req.body, { ip: req.ip, log: req.log });
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 303);
      const nonce = newNonce();
      return reply.type('text/html; charset=utf-8').header('content-security-policy', ltiPageCsp(nonce)).send(pickerPage(req.lang, '/correction-api/lti/deep-link', outcome.code, outcome.options));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  });

  app.post('/deep-link', {
    config: { public: true },
    bodyLimit: FORM_LIMIT,
    schema: { tags, summary: "The picker's choice → a signed LtiDeepLinkingResponse auto-posted to the platform", body: c.ltiDeepLinkForm },
  }, async (req, reply) => {
    try {
      const { returnUrl, jwt } = await lti.deepLinkResponse(req.body, lti.urls(origin(req)).launchUrl, req.log);
      const nonce = newNonce();
      return reply.type('text/html; charset=utf-8').header('content-security-policy', ltiPageCsp(nonce, returnUrl)).send(autoPostPage(req.lang, returnUrl, { JWT: jwt }, nonce));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  });

  app.post('/session', {
    config: { public: true },
    schema: { tags, summary: "Exchange a teacher launch's single-use hand-off code for a token (like loginTeacher)", body: c.ltiSessionBody, response: responses(c.ltiSessionResponse) },
  }, async (req) => ok(await lti.exchange(req.body, { ip: req.ip, userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined, lang: req.lang, log: req.log })));

  app.get('/platforms', {
    schema: { tags, summary: "The school's LMS registrations and the URLs to enter in the LMS (school administrator)", response: responses(c.ltiPlatformList) },
  }, async (req) => ok({ tool: lti.urls(origin(req)), platforms: await ltiAdmin.list(authOf(req)) }));
  app.post('/platforms', {
    schema: { tags, summary: 'Register an LMS (issuer, client id, deployment ids, login/token/JWKS URLs)', body: c.ltiPlatformBody, response: responses(c.ltiPlatform) },
  }, async (req) => ok(await ltiAdmin.create(authOf(req), req.body)));
  app.put('/platforms/:id', {
    schema: { tags, summary: 'Change an LMS registration (or disable it)', params: c.ltiPlatformIdParams, body: c.ltiPlatformBody, response: responses(c.ltiPlatform) },
  }, async (req) => ok(await ltiAdmin.update(authOf(req), req.params.id, req.body)));

  app.get('/contexts', {
    schema: { tags, summary: 'LMS courses linked to classes the caller sees', response: responses(c.ltiContextList) },
  }, async (req) => ok(await ltiRoster.contexts(authOf(req))));
  app.post('/contexts/:id/sync-roster', {
    schema: { tags, summary: "Pull the course's members (NRPS) and create or rename the class's students", params: c.ltiContextIdParams, response: responses(c.ltiRosterSyncResult) },
  }, async (req) => ok(await ltiRoster.syncRoster(authOf(req), req.params.id, req.log)));
};
