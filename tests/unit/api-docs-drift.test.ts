import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MD_PATH, OPENAPI_PATH, renderApiDocs } from '../../scripts/api-docs';

// A route changed without `node --import tsx scripts/export-api-docs.ts` leaves the published API
// description stale; partners read docs/openapi.json, so the unit tier fails until it is refreshed.
const root = path.resolve(import.meta.dirname, '../..');

describe('API description drift', () => {
  // Builds the whole app on PGlite: ~10 s of CPU, 45 s measured on a loaded machine.
  it('docs/openapi.json and the endpoint table of docs/api.md are what the route schemas give', { timeout: 300_000 }, async () => {
    const fresh = await renderApiDocs(root);
    const hint = 'stale: run `node --import tsx scripts/export-api-docs.ts` and commit the result';
    expect(readFileSync(path.join(root, OPENAPI_PATH), 'utf8') === fresh.openapi, `${OPENAPI_PATH} ${hint}`).toBe(true);
    expect(readFileSync(path.join(root, API_MD_PATH), 'utf8') === fresh.apiMd, `${API_MD_PATH} ${hint}`).toBe(true);
  });
});
