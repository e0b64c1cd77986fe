import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, VALIDATION_CODES } from '../../src/core/api/error-codes';

// The server's sources as text: where each error code is written down.
const root = join(import.meta.dirname, '../..');
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(join(root, dir, f), 'utf8'));
const server = sourcesUnder('src/server').join('\n');
// Refusal tables keyed by code (SSO in core for the pages that show them, LTI in its service).
const tables = [readFileSync(join(root, 'src/core/api/contracts/sso-errors.ts'), 'utf8'), server].join('\n');

/** Codes the server writes where an error is made or sent. */
function codesAtThrowSites(text: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /new AppError\(\s*[^,]+,\s*'([A-Z][A-Z0-9_]*)'/g,
    /\b(?:badRequest|unauthorized|forbidden|conflict)\(\s*'([A-Z][A-Z0-9_]*)'/g,
    /\berror: '([A-Z][A-Z0-9_]*)'/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.add(m[1]!);
  return found;
}

describe('error codes (core/api/error-codes.ts)', () => {
  it('lists every code the server throws or sends', () => {
    const used = codesAtThrowSites(server);
    expect(used.size).toBeGreaterThan(100);
    const listed = new Set<string>(ERROR_CODES);
    expect([...used].filter((c) => !listed.has(c))).toEqual([]);
  });

  it('lists no code the server never sends', () => {
    const written = (code: string) => server.includes(`'${code}'`) || new RegExp(`^\\s+${code}:`, 'm').test(tables);
    expect(ERROR_CODES.filter((c) => !written(c))).toEqual([]);
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('answers form refusals the client acts on with a listed code', () => {
    for (const code of Object.values(VALIDATION_CODES)) expect(ERROR_CODES).toContain(code);
  });
});
