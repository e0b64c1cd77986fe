/**
 * Regenerates docs/openapi.json and the endpoint table of docs/api.md from the route schemas:
 *   node --import tsx scripts/export-api-docs.ts
 * The unit tier fails while they differ from what the routes give (tests/unit/api-docs-drift.test.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_MD_PATH, OPENAPI_PATH, renderApiDocs } from './api-docs';

const root = path.resolve(import.meta.dirname, '..');
const docs = await renderApiDocs(root);
writeFileSync(path.join(root, OPENAPI_PATH), docs.openapi);
writeFileSync(path.join(root, API_MD_PATH), docs.apiMd);
console.log(`${docs.operations} operations written to ${OPENAPI_PATH} and ${API_MD_PATH}`);
