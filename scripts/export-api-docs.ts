/**
 * Regenerates docs/openapi.json and the endpoint table of docs/api.md from the route schemas:
 *   node --import tsx scripts/export-api-docs.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { loadPasswordCipher } from '../src/server/auth/rsa-keys';
import { TokenSigner } from '../src/server/auth/tokens';
import { openDatabase } from '../src/server/db/database';
import { MemoryFileStorage } from '../src/server/storage/memory-file-storage';

const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({
  database,
  deps: { signer: new TokenSigner(new Uint8Array(32)), cipher: loadPasswordCipher(), sms: { send: async () => {} }, now: () => new Date(), storage: new MemoryFileStorage() },
  englishHosts: [],
  nodeEnv: 'production',
});
await app.ready();
const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>> };
writeFileSync('docs/openapi.json', JSON.stringify(doc, null, 2) + '\n');

const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => `| ${method.toUpperCase()} | \`${path}\` | ${op.security?.length === 0 ? 'public' : 'token'} | ${op.summary ?? ''} |`),
);
const table = ['| method | path | auth | what |', '|---|---|---|---|', ...rows].join('\n');
const md = readFileSync('docs/api.md', 'utf8');
const marker = /<!-- endpoints:start -->[\s\S]*<!-- endpoints:end -->/;
writeFileSync('docs/api.md', md.replace(marker, `<!-- endpoints:start -->\n${table}\n<!-- endpoints:end -->`));
await app.close();
await database.close();
console.log(`${rows.length} operations written to docs/openapi.json and docs/api.md`);
