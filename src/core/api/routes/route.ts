import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The contract schemas of a route, named by type only (`typeof c.someSchema`): the route table is
 * imported by the partner elements, which must not load zod; the server hands in the same schemas
 * at registration and the compiler checks they are these.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope; absent for binary, stream and page answers. */
  answer?: z.ZodType;
}

export interface RouteMeta {
  summary: string;
  tags: readonly string[];
  /** Error statuses beyond the ones every JSON route may answer (400, 401, 403, 429). */
  errors?: readonly number[];
  /** Answered without a token. */
  public?: true;
  /** Request content types other than JSON (multipart uploads). */
  consumes?: readonly string[];
}

export interface RouteDef<S extends RouteSchemas = RouteSchemas> extends RouteMeta {
  method: Method;
  /** Below /correction-api, with `:name` path parameters. */
  path: string;
  /** Carries the schema types; never set at run time. */
  readonly schemas?: S;
}

/** Declares one route of the API: the server registers it, the client and the tests call it. */
export function route<S extends RouteSchemas = Record<never, never>>(method: Method, path: string, meta: RouteMeta): RouteDef<S> {
  return { method, path, ...meta };
}

type SchemasOf<D> = D extends RouteDef<infer S> ? S : never;
type InputPart<S, K extends keyof RouteSchemas, Extra = never> = S extends { [P in K]: infer T extends z.ZodType } ? { [P in K]: z.input<T> | Extra } : { [P in K]?: Extra };

/** What a caller sends: path parameters, query and body as the contract takes them (a FormData for uploads). */
export type RouteInput<D> = InputPart<SchemasOf<D>, 'params'> & InputPart<SchemasOf<D>, 'query'> & InputPart<SchemasOf<D>, 'body', FormData>;
/** The `data` the route answers. */
export type RouteAnswer<D> = SchemasOf<D> extends { answer: infer T extends z.ZodType } ? z.output<T> : never;

/** The path with its `:name` parameters filled in. */
export function pathOf(def: RouteDef, params?: Record<string, string | number>): string {
  return def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${def.method} ${def.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
