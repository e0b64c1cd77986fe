import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** One compiled function per response schema object (the error body is shared by every route). */
const compiled = new WeakMap<z.ZodType, Serialize>();
/** Routes whose response schema could not be compiled (kept on zod); a test keeps this empty. */
export const uncompiledResponses: string[] = [];

/** The JSON Schema fast-json-stringify compiles from a route's zod response schema. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  // output: what the handler hands over; 'any' keeps what JSON Schema cannot say (a Date) as plain JSON.stringify
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * Response serialisation compiled once per schema at start: fast-json-stringify over the JSON Schema
 * of the route's zod contract, instead of validating every response with zod and then JSON.stringify.
 * The compiled function writes only the properties the contract names, so a field a repository adds
 * (a password hash on a joined row) never leaks; the contracts are checked by the tests
 * (tests/api/response-contracts.test.ts), not per request. A schema that cannot be compiled keeps zod.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route as never) as Serialize;
  let serialize = compiled.get(schema);
  if (!serialize) {
    try {
      serialize = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as Serialize;
    } catch (err) {
      uncompiledResponses.push(`${route.method} ${route.url}: ${err instanceof Error ? err.message : String(err)}`);
      serialize = zodSerializerCompiler(route as never) as Serialize;
    }
    compiled.set(schema, serialize);
  }
  return serialize;
};
