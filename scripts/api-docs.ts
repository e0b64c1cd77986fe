/**
 * The API description as the route schemas give it today: docs/openapi.json and the endpoint table of
 * docs/api.md. scripts/export-api-docs.ts writes them; tests/unit/api-docs-drift.test.ts compares.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type RegisteredRoute } from '../src/server/app';
import { loadPasswordCipher } from '../src/server/auth/rsa-keys';
import { loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/create-deps';
import { openDatabase } from '../src/server/db/database';
import { MemoryFileStorage } from '../src/server/storage/memory-file-storage';

export const OPENAPI_PATH = 'docs/openapi.json';
export const API_MD_PATH = 'docs/api.md';

export interface ApiDocs {
  openapi: string;
  apiMd: string;
  operations: number;
  /** The routes the app registered below /correction-api, with the core declaration each came from. */
  routes: RegisteredRoute[];
}

/** Builds the app without listening and renders both files' text; `root` is the repository root. */
export async function renderApiDocs(root: string): Promise<ApiDocs> {
  const database = await openDatabase({ kind: 'pglite' });
  // a production server's dependencies on a fixed environment: the description never depends on this machine's
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JWT_SECRET: '0'.repeat(32), OCR_THREADS: '0' });
  const { services: { db: _db, ...deps } } = await createDeps(config, { database, overrides: { cipher: loadPasswordCipher(), storage: new MemoryFileStorage() } });
  const app = await buildApp({
    database,
    deps,
    englishHosts: [],
    nodeEnv: 'production',
  });
  try {
    await app.ready();
    const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>> };
    const rows = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops).map(([method, op]) => `| ${method.toUpperCase()} | \`${route}\` | ${op.security?.length === 0 ? 'public' : 'token'} | ${op.summary ?? ''} |`),
    );
    const table = ['| method | path | auth | what |', '|---|---|---|---|', ...rows].join('\n');
    const md = readFileSync(path.join(root, API_MD_PATH), 'utf8');
    const marker = /<!-- endpoints:start -->[\s\S]*<!-- endpoints:end -->/;
    return {
      openapi: JSON.stringify(doc, null, 2) + '\n',
      apiMd: md.replace(marker, () => `<!-- endpoints:start -->\n${table}\n<!-- endpoints:end -->`),
      operations: rows.length,
      routes: [...app.apiRoutes],
    };
  } finally {
    await app.close();
    await database.close();
  }
}
