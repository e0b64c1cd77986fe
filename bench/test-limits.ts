/**
 * Test limits against measured durations (product-rules.md#teacher-journey: no limit closer than 5× a test's usual time).
 * Reads vitest JSON reports and the test files' sources, and prints each test
 * whose limit is less than 5× its duration in that run, then the slowest by ratio.
 *
 *   npx vitest run --project unit --reporter=json --outputFile=/tmp/u.json
 *   npx vitest run --project api --reporter=json --outputFile=/tmp/a.json
 *   node --import tsx bench/test-limits.ts unit=/tmp/u.json api=/tmp/a.json [--top=25]
 *
 * A test's limit: its own timeout argument, else an enclosing describe's, else the project's testTimeout
 * (vitest.config.ts). Hooks are not listed: vitest's JSON report has no hook times (a file's start
 * and end frame its tests only).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import config from '../vitest.config';

interface Assertion {
  title: string;
  ancestorTitles: string[];
  duration: number | null;
  status: string;
}
interface FileResult {
  name: string;
  assertionResults: Assertion[];
}
interface Row {
  what: string;
  ms: number;
  limit: number;
}

const MARGIN = 5;
const TOP = Number(process.argv.find((a) => a.startsWith('--top='))?.split('=')[1] ?? '25');
const TESTS = new Set(['it', 'test']);

function projectLimits(name: string): { test: number } {
  const projects = (config as { test?: { projects?: Array<{ test?: { name?: string; testTimeout?: number; hookTimeout?: number } }> } }).test?.projects ?? [];
  const p = projects.find((x) => x.test?.name === name)?.test;
  return { test: p?.testTimeout ?? 5_000 };
}

/** A number literal (120_000), a const of the file (OWN_TASK_HOOK_MS = 300_000), or an object's `timeout`. */
function timeoutOf(node: ts.Node | undefined, consts: Map<string, number>): number | undefined {
  if (!node) return undefined;
  if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ''));
  if (ts.isIdentifier(node)) return consts.get(node.text);
  if (ts.isBinaryExpression(node)) {
    const a = timeoutOf(node.left, consts);
    const b = timeoutOf(node.right, consts);
    if (a === undefined || b === undefined) return undefined;
    return node.operatorToken.kind === ts.SyntaxKind.AsteriskToken ? a * b : node.operatorToken.kind === ts.SyntaxKind.PlusToken ? a + b : node.operatorToken.kind === ts.SyntaxKind.MinusToken ? a - b : undefined;
  }
  if (ts.isObjectLiteralExpression(node)) {
    for (const p of node.properties) if (ts.isPropertyAssignment(p) && p.name.getText() === 'timeout') return timeoutOf(p.initializer, consts);
  }
  return undefined;
}

/** it / it.skip / it.each([...]) / describe.each(...) → the base name. */
function calleeName(expr: ts.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return calleeName(expr.expression);
  if (ts.isCallExpression(expr)) return calleeName(expr.expression);
  return undefined;
}

function titleText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return undefined;
}

interface Limits {
  /** test title (or the start of a template title) → limit */
  tests: Array<{ title: string; limit: number }>;
}

function limitsInSource(file: string): Limits {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const consts = new Map<string, number>();
  const out: Limits = { tests: [] };
  const visit = (node: ts.Node, inherited: number | undefined) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const v = timeoutOf(node.initializer, consts);
      if (v !== undefined && ts.isNumericLiteral(node.initializer)) consts.set(node.name.text, v);
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      const args = node.arguments;
      if (name === 'describe') {
        const own = timeoutOf(args[1], consts) ?? timeoutOf(args[2], consts);
        node.arguments.forEach((a) => visit(a, own ?? inherited));
        return;
      }
      if (name && TESTS.has(name)) {
        const own = args.length >= 3 ? (timeoutOf(args[2], consts) ?? timeoutOf(args[1], consts)) : timeoutOf(args[1], consts);
        const title = titleText(args[0]);
        const limit = own ?? inherited;
        if (title !== undefined && limit !== undefined) out.tests.push({ title, limit });
      }
    }
    ts.forEachChild(node, (c) => visit(c, inherited));
  };
  visit(src, undefined);
  return out;
}

function rowsOf(project: string, reportPath: string): Row[] {
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { testResults: FileResult[] };
  const defaults = projectLimits(project);
  const rows: Row[] = [];
  const cwd = process.cwd() + '/';
  for (const f of report.testResults) {
    const rel = f.name.replace(cwd, '');
    const limits = limitsInSource(f.name);
    for (const a of f.assertionResults) {
      if (a.duration == null || a.status !== 'passed') continue;
      const own = limits.tests.find((t) => t.title === a.title) ?? limits.tests.find((t) => t.title.length >= 3 && a.title.startsWith(t.title));
      rows.push({ what: `${project} · ${rel} › ${a.title}`, ms: a.duration, limit: own?.limit ?? defaults.test });
    }
  }
  return rows;
}

const rows = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .flatMap((a) => {
    const [project, file] = a.split('=');
    return rowsOf(project!, file!);
  });
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const close = rows.filter((r) => r.limit < MARGIN * r.ms).sort((a, b) => b.ms / b.limit - a.ms / a.limit);
console.log(`${rows.length} tests read; ${close.length} with a limit under ${MARGIN}× their time:`);
for (const r of close) console.log(`| ${r.what} | ${s(r.ms)} | ${s(r.limit)} | ${(r.limit / r.ms).toFixed(1)}× |`);
console.log(`\nThe ${TOP} closest to their limit:`);
for (const r of [...rows].sort((a, b) => b.ms / b.limit - a.ms / a.limit).slice(0, TOP)) console.log(`| ${r.what} | ${s(r.ms)} | ${s(r.limit)} | ${(r.limit / r.ms).toFixed(1)}× |`);
