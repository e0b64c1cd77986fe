import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MD_PATH, OPENAPI_PATH, renderApiDocs, type ApiDocs } from '../../scripts/api-docs';
import { allRoutes } from '../../src/core/api/routes';
import { API_BASE } from '../../src/server/routes/define-route';

// A route changed without `node --import tsx scripts/export-api-docs.ts` leaves the published API
// description stale; partners read docs/openapi.json, so the unit tier fails until it is refreshed.
const root = path.resolve(import.meta.dirname, '../..');

describe('API description drift', () => {
  let fresh: ApiDocs;
  // Builds the whole app on PGlite: ~10 s of CPU, 45 s measured on a loaded machine.
  beforeAll(async () => {
    fresh = await renderApiDocs(root);
  }, 300_000);

  it('docs/openapi.json and the endpoint table of docs/api.md are what the route schemas give', () => {
    const hint = 'stale: run `node --import tsx scripts/export-api-docs.ts` and commit the result';
    expect(readFileSync(path.join(root, OPENAPI_PATH), 'utf8') === fresh.openapi, `${OPENAPI_PATH} ${hint}`).toBe(true);
    expect(readFileSync(path.join(root, API_MD_PATH), 'utf8') === fresh.apiMd, `${API_MD_PATH} ${hint}`).toBe(true);
  });

  // The client and the tests call routes by their core declaration: one the server forgot, or a route
  // the server added beside the table, would type-check and fail only at run time.
  it('every route of the core table is registered exactly once, and every API route comes from the table', () => {
    const key = (method: string, url: string) => `${method} ${url}`;
    const declared = allRoutes.map((def) => key(def.method, API_BASE + def.path));
    expect(new Set(declared).size, 'two declarations of one method and path').toBe(declared.length);
    const registered = fresh.routes.map((r) => key(r.method, r.url));
    expect(registered.filter((k) => !declared.includes(k)), 'registered without a core declaration').toEqual([]);
    expect(fresh.routes.filter((r) => !r.def || key(r.def.method, API_BASE + r.def.path) !== key(r.method, r.url)).map((r) => key(r.method, r.url)), 'registered by hand, not from its declaration').toEqual([]);
    for (const def of allRoutes) expect(fresh.routes.filter((r) => r.def === def).length, key(def.method, def.path)).toBe(1);
  });
});
