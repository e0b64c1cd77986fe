import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { VALIDATION_CODES } from '../../core/api/error-codes';
import { isMessageKey, translate } from '../../core/i18n';
import { AppError } from '../errors';
import { StorageFullError } from '../storage/file-storage';
import { hasNul, inputErrorOf } from './input-errors';

/**
 * One place turns every failure into the error envelope in the caller's language. Expected errors
 * keep their status and key; anything else is a 500 whose details stay in the log, not the client.
 */
export const errorHandler = fp(async (app) => {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const lang = req.lang ?? 'zh';
    if (err instanceof AppError) {
      const message = err.options.rawMessage ?? translate(lang, err.messageKey, err.params);
      if (err.status >= 500) req.log.error({ err }, 'request failed');
      return reply.status(err.status).send({
        code: err.status,
        error: err.error,
        message,
        ...(err.options.show ? { showMsg: message } : {}),
        ...(err.options.details !== undefined ? { details: err.options.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Contracts name a catalogue key as the message of a required form field (product-rules.md#validation prompts):
      // answer the first such key in the caller's language, as the form would show it, under its own code
      // when the client acts on that refusal.
      const keyed = err.validation.find((v) => typeof v.message === 'string' && isMessageKey(v.message));
      if (keyed && isMessageKey(keyed.message!)) {
        const message = translate(lang, keyed.message);
        return reply.status(400).send({ code: 400, error: VALIDATION_CODES[keyed.message] ?? 'VALIDATION', message, showMsg: message, details: err.validation });
      }
      const detail = err.validation
        .map((v) => `${v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body'}: ${v.message}`)
        .join('; ');
      const message = translate(lang, 'error.validation', { detail });
      return reply.status(400).send({ code: 400, error: 'VALIDATION', message, showMsg: message, details: err.validation });
    }
    if (err instanceof StorageFullError) {
      // An operator's problem, told plainly to the user: nothing of the request was kept half-way.
      req.log.error({ err }, 'storage full');
      const message = translate(lang, 'storage.full');
      return reply.status(507).send({ code: 507, error: 'STORAGE_FULL', message, showMsg: message });
    }
    const input = inputErrorOf(err);
    if (input) {
      const message = translate(lang, input.key, input.params);
      return reply.status(input.status).send({ code: input.status, error: input.error, message, showMsg: message });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) {
      const message = translate(lang, 'error.tooManyRequests', { seconds: 60 });
      return reply.status(429).send({ code: 429, error: 'TOO_MANY_REQUESTS', message, showMsg: message });
    }
    if (status >= 400 && status < 500) {
      const message = translate(lang, 'error.validation', { detail: err.message });
      // The framework's own code (FST_…) is not one of ours: it travels in details, the key stays stable.
      const code = (err as { code?: string }).code;
      return reply.status(status).send({ code: status, error: 'BAD_REQUEST', message, ...(code ? { details: { code } } : {}) });
    }
    req.log.error({ err }, 'unexpected error');
    const message = translate(lang, 'error.internal');
    return reply.status(500).send({ code: 500, error: 'INTERNAL', message });
  });

  // A NUL byte in the query or a JSON body: refused before any route reads it.
  app.addHook('preValidation', async (req) => {
    if (/%00/.test(req.url) || hasNul(req.query) || hasNul(req.params) || (req.body !== undefined && !Buffer.isBuffer(req.body) && hasNul(req.body))) {
      throw new AppError(400, 'NUL_CHARACTER', 'input.nulCharacter', undefined, { show: true });
    }
  });

  app.setNotFoundHandler((req, reply) => {
    // Browsers asking for a page outside the API land on the app's own 404 page.
    if (!req.url.startsWith('/correction-api') && req.method === 'GET') return reply.redirect('/teaching/404');
    const message = translate(req.lang ?? 'zh', 'error.notFound');
    return reply.status(404).send({ code: 404, error: 'NOT_FOUND', message });
  });
});
