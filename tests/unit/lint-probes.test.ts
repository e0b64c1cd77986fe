import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Each probe breaks one rule of eslint.config.js on purpose (tests/lint-probes/README.md): if a rule is
// loosened or a hole reopens, its probe lints clean and this fails.
const root = path.resolve(import.meta.dirname, '../..');
const folder = path.join(root, 'tests/lint-probes');
const eslint = new ESLint({ cwd: root, ignore: false });
// Walking the whole import graph for cycles takes seconds a file; only the cycle probes need it.
const eslintWithoutCycles = new ESLint({ cwd: root, ignore: false, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

function header(source: string, key: string): string | undefined {
  return source.match(new RegExp(`^// ${key}: (.+)$`, 'm'))?.[1]?.trim();
}

async function rulesReported(file: string): Promise<string[]> {
  const source = readFileSync(file, 'utf8');
  const lintAs = header(source, 'lint-as');
  const linter = header(source, 'expect') === 'import-x/no-cycle' ? eslint : eslintWithoutCycles;
  const [result] = lintAs ? await linter.lintText(source, { filePath: path.join(root, lintAs) }) : await linter.lintFiles([file]);
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const probes = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .sort();

describe('lint probes', () => {
  it('finds the probes', () => {
    expect(probes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(probes)('rejects %s', async (name) => {
    const file = path.join(folder, name);
    const expected = header(readFileSync(file, 'utf8'), 'expect');
    expect(expected, `${name} has no "// expect:" line`).toBeTruthy();
    expect(await rulesReported(file)).toContain(expected);
  });

  it('passes a file that keeps the rules (core importing core)', async () => {
    const [result] = await eslintWithoutCycles.lintText("import { GRADES } from '../constants';\nexport { GRADES };\n", { filePath: path.join(root, 'src/core/domain/probe.ts') });
    expect(result!.messages.filter((m) => m.severity === 2)).toEqual([]);
  });
});
