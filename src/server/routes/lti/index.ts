import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as c from '../../../core/api/contracts/lti';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { autoPostPage, errorPage, ltiPageCsp, pickerPage } from '../../lti/pages';
import { toolJwks } from '../../lti/tool-keys';
import { newNonce } from '../../plugins/security-headers';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import type { Db } from '../../db/database';
import { lti as rt } from '../../../core/api/routes/lti';
import { defineRoute } from '../define-route';
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

  defineRoute(app, rt.jwks, {  }, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(await toolJwks(db)));

  const login = async (req: FastifyRequest, reply: FastifyReply, params: c.LtiLoginParams) => {
    try {
      return reply.redirect(await lti.login(params, lti.urls(origin(req)).launchUrl, { ip: req.ip, log: req.log }), 302);
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  };
  defineRoute(app, rt.login, { query: c.ltiLoginParams }, (req, reply) => login(req, reply, req.query));
  defineRoute(app, rt.loginPost, { body: c.ltiLoginParams }, (req, reply) => login(req, reply, req.body), {
    bodyLimit: FORM_LIMIT,
  });

  defineRoute(app, rt.launch, { body: c.ltiLaunchForm }, async (req, reply) => {
    try {
      const outcome = await lti.launch(req.body, { ip: req.ip, log: req.log });
      if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 303);
      const nonce = newNonce();
      return reply.type('text/html; charset=utf-8').header('content-security-policy', ltiPageCsp(nonce)).send(pickerPage(req.lang, '/correction-api/lti/deep-link', outcome.code, outcome.options));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  }, {
    bodyLimit: FORM_LIMIT,
  });

  defineRoute(app, rt.deepLink, { body: c.ltiDeepLinkForm }, async (req, reply) => {
    try {
      const { returnUrl, jwt } = await lti.deepLinkResponse(req.body, lti.urls(origin(req)).launchUrl, req.log);
      const nonce = newNonce();
      return reply.type('text/html; charset=utf-8').header('content-security-policy', ltiPageCsp(nonce, returnUrl)).send(autoPostPage(req.lang, returnUrl, { JWT: jwt }, nonce));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  }, {
    bodyLimit: FORM_LIMIT,
  });

  defineRoute(app, rt.session, { body: c.ltiSessionBody, answer: c.ltiSessionResponse }, async (req) => ok(await lti.exchange(req.body, { ip: req.ip, userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined, lang: req.lang, log: req.log })));

  defineRoute(app, rt.platforms, { answer: c.ltiPlatformList }, async (req) => ok({ tool: lti.urls(origin(req)), platforms: await ltiAdmin.list(authOf(req)) }));
  defineRoute(app, rt.platformsPost, { body: c.ltiPlatformBody, answer: c.ltiPlatform }, async (req) => ok(await ltiAdmin.create(authOf(req), req.body)));
  defineRoute(app, rt.platformsPut, { params: c.ltiPlatformIdParams, body: c.ltiPlatformBody, answer: c.ltiPlatform }, async (req) => ok(await ltiAdmin.update(authOf(req), req.params.id, req.body)));

  defineRoute(app, rt.contexts, { answer: c.ltiContextList }, async (req) => ok(await ltiRoster.contexts(authOf(req))));
  defineRoute(app, rt.contextsSyncRoster, { params: c.ltiContextIdParams, answer: c.ltiRosterSyncResult }, async (req) => ok(await ltiRoster.syncRoster(authOf(req), req.params.id, req.log)));
};
