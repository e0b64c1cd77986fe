import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../db/database';
import { PARTNER_COMMANDS, PartnerAdminError, runPartnerCommand } from '../services/sso-partner-admin';

const opt = z.string().max(2048).optional();
const partnerCommandBody = z.object({
  command: z.enum(PARTNER_COMMANDS),
  id: opt,
  kind: opt,
  name: opt,
  school: opt,
  endpoint: opt,
  origin: z.array(z.string().max(2048)).max(50).optional(),
  user: opt,
  username: opt,
  role: opt,
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The operator's channel into a running server on PGlite, whose embedded database only this process
 * may open: `scripts/sso-partners.ts` finds DATA_DIR/operator.json (written at start, readable by the
 * operator's account only) and posts its command here. Refused (404, as an unknown path) unless the
 * caller is on this machine (the socket's address, not a forwarded one) and shows the file's token,
 * both checked before the body is read. Not part of the public API description.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ token: string; db: Executor }> = async (app, { token, db }) => {
  const expected = Buffer.from(`Bearer ${token}`);
  const allowed = (req: FastifyRequest) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    return LOOPBACK.has(req.socket.remoteAddress ?? '') && given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.post('/sso-partners', {
    config: { public: true },
    bodyLimit: 16 * 1024,
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!allowed(req)) return reply.code(404).send({ code: 404, error: 'NOT_FOUND', message: 'Not found' });
    },
    schema: { hide: true, body: partnerCommandBody },
  }, async (req, reply) => {
    try {
      return { output: await runPartnerCommand(db, req.body) };
    } catch (err) {
      if (err instanceof PartnerAdminError) return reply.code(400).send({ refused: err.message });
      throw err;
    }
  });
};
