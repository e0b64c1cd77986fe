#!/usr/bin/env node
// `npm test`: typecheck, lint, build, unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL
// is set), then browser tests in Debian's Chromium. Ends with one "N passed, N failed" line. The one build
// serves every test that needs one (the widgets' size budget, the elements package, the browser tests).
// Each tier's per-file times are in tmp/test-reports/<tier>-files.json (docs/operations.md "Test run time").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

const failedSteps = [];
function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failedSteps.push(label);
  return res.status === 0;
}

/** Runs vitest projects in one process, reported under the first project's name. */
function vitest(projects, env = {}) {
  const out = path.join(reports, `${projects[0]}.json`);
  // and each file's time with its hooks (tmp/test-reports/<tier>-files.json; scripts/test-durations.mjs)
  const durations = { TEST_DURATIONS_FILE: path.join(reports, `${projects[0]}-files.json`) };
  const ok = run(`vitest ${projects[0]}`, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--reporter=./tests/support/file-durations-reporter.ts'], { ...env, ...durations });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // a suite that failed to load
  } else if (!ok) failed += 1;
  return ok;
}

const steps = [];
steps.push(run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
steps.push(run('lint', 'npx', ['eslint', '.']));
if (process.env.TEST_DATABASE_URL) console.log(`\nAPI tests run on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL})`);
else console.log('\nAPI tests run on PGlite only (set TEST_DATABASE_URL to add a PostgreSQL server)');
const built = run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
steps.push(built);
// the size budget measures this build's widgets instead of building them again
steps.push(vitest(['unit', 'unit-isolated'], built ? { WIDGETS_BUILD_DIR: 'dist/widgets' } : {}));
steps.push(vitest(['api']));
if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('\n✖ Chromium not found at /usr/bin/chromium: install it with `apt-get install -y chromium` (browser tests never download a browser).');
  steps.push(false);
  failed += 1;
} else if (built) {
  steps.push(vitest(['e2e']));
}

const allOk = steps.every(Boolean);
console.log(allOk ? '\n✔ all steps passed' : `\n✖ failed steps: ${failedSteps.join(', ') || 'chromium missing'}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
