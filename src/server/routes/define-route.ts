import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '../../core/api/contracts/envelope';
import type { RouteDef, RouteSchemas } from '../../core/api/routes/route';
import { responses } from './reply';

/** Every route is served below this; a def's path is relative to it, as the client's base URL is. */
export const API_BASE = '/correction-api';

type Out<S, K extends keyof RouteSchemas> = S extends { [P in K]: infer T extends z.ZodType } ? z.output<T> : unknown;
/** The request a handler sees: params, query and body already parsed by the def's schemas. */
export type RouteRequest<S extends RouteSchemas> = FastifyRequest<{ Params: Out<S, 'params'>; Querystring: Out<S, 'query'>; Body: Out<S, 'body'> }>;
type Answer<S> = S extends { answer: infer T extends z.ZodType } ? { code: 200; message: string; data: z.input<T> } | FastifyReply : unknown;

/** Route options that stay with the server (lifecycle hooks, body limit, auth exceptions); never the path or schema. */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the route `def` declares on `app` (a plugin mounted under a prefix of the def's path).
 * `schemas` are the runtime contract schemas; their type must be the def's, so a route cannot be served
 * with other schemas than the ones the client and the tests are typed by.
 */
export function defineRoute<S extends RouteSchemas>(
  app: FastifyInstance,
  def: RouteDef<S>,
  schemas: NoInfer<Required<S>> extends infer R ? { [K in keyof R]: R[K] } : never,
  handler: (req: RouteRequest<S>, reply: FastifyReply) => Promise<Answer<S>> | Answer<S>,
  options: ServeOptions = {},
): void {
  const full = API_BASE + def.path;
  if (!full.startsWith(app.prefix)) throw new Error(`${def.method} ${def.path} registered under ${app.prefix}`);
  const given = schemas as RouteSchemas;
  const response = given.answer ? { ...responses(given.answer), ...Object.fromEntries((def.errors ?? []).map((status) => [status, errorBody])) } : undefined;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: def.method,
    url: full.slice(app.prefix.length),
    config: { ...options.config, ...(def.public ? { public: true } : {}), routeDef: def },
    schema: {
      tags: [...def.tags],
      summary: def.summary,
      ...(def.consumes ? { consumes: [...def.consumes] } : {}),
      ...(given.params ? { params: given.params } : {}),
      ...(given.query ? { querystring: given.query } : {}),
      ...(given.body ? { body: given.body } : {}),
      ...(response ? { response } : {}),
    },
    handler: handler as never,
  });
}
