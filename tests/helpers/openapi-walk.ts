/** Helpers to call every operation of the OpenAPI document with chosen ids (tests/security). */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  const?: unknown;
  pattern?: string;
}

// Values tried, in order, for a string with a pattern (phone, 学号, dates, device keys, times).
const PATTERNED = ['13900001234', '12', '2026-09-01', 'abcdefghijklmnop1234', '09:00', 'x', 'ABCD'];

export interface Operation {
  parameters?: { name: string; in: 'query' | 'path'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export type OpenApiPaths = Record<string, Record<string, Operation>>;

export const isIdName = (name: string) => /(^id$|Id$|^ids$|Ids$)/.test(name);

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type ?? schema.anyOf?.map(typeOf).find(Boolean);
}

/**
 * A body the route's schema accepts as far as a generator can: every id-named field (at any depth)
 * carries `id`, other required fields a plain value of their type. Fields with patterns may still be
 * refused with 400, which the walk counts as a refusal like any other.
 */
export function bodyFor(schema: JsonSchema | undefined, id: number, name = '', depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  const type = typeOf(schema);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const constant = schema.anyOf?.find((s) => s.const !== undefined || s.enum?.length);
  if (constant) return constant.const ?? constant.enum![0];
  if (type === 'array') {
    const item = bodyFor(schema.items, id, isIdName(name) ? 'id' : name, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      if (!isIdName(key) && !(schema.required ?? []).includes(key) && typeOf(prop) !== 'object' && typeOf(prop) !== 'array') continue;
      const value = bodyFor(prop, id, key, depth + 1);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (isIdName(name)) return type === 'string' ? (schema.format === 'uuid' ? undefined : String(id)) : id;
  if (type === 'integer' || type === 'number') return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'date-time') return '2026-09-01T00:00:00.000Z';
    if (schema.format === 'date') return '2026-09-01';
    if (schema.pattern) return PATTERNED.find((v) => new RegExp(schema.pattern!).test(v)) ?? 'x';
    return schema.default !== undefined ? schema.default : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  return undefined;
}

/** The URL (path and query) for one call with every id-named parameter set to `id`. */
export function urlFor(route: string, op: Operation, id: number): string {
  let url = route;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    const value = isIdName(p.name) ? String(id) : p.required ? '1' : undefined;
    if (value === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, value).replace(`:${p.name}`, value);
    else query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(value)}`);
  }
  return `${url}${query.length ? `?${query.join('&')}` : ''}`;
}

/** Whether the operation takes an id, in its parameters or anywhere in its JSON body. */
export function takesId(op: Operation): boolean {
  if ((op.parameters ?? []).some((p) => isIdName(p.name))) return true;
  const walk = (s: JsonSchema | undefined, depth: number): boolean =>
    !!s && depth < 5 && (Object.entries(s.properties ?? {}).some(([k, v]) => isIdName(k) || walk(v, depth + 1)) || walk(s.items, depth + 1));
  return Object.values(op.requestBody?.content ?? {}).some((c) => walk(c.schema, 0));
}
