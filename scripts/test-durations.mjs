#!/usr/bin/env node
// The slowest test files of a run: `node scripts/test-durations.mjs [durations.json …] [--top N]`. Reads
// what tests/support/file-durations-reporter.ts wrote (by default every tier `npm test` ran:
// tmp/test-reports/*-files.json) and prints each file's time, slowest first: importing it, then its hooks
// and tests. On a shared machine compare runs by ratio, not seconds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 15;
const dir = path.join(root, 'tmp', 'test-reports');
const reports = args.length ? args : existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('-files.json')).map((f) => path.join(dir, f)) : [];
if (!reports.length) {
  console.error('No durations: run `npm test`, or add `--reporter=default --reporter=./tests/support/file-durations-reporter.ts` to a vitest run with TEST_DURATIONS_FILE=/tmp/x.json and name that file.');
  process.exit(1);
}
const s = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
for (const file of reports) {
  const { files } = JSON.parse(readFileSync(file, 'utf8'));
  const sum = files.reduce((n, f) => n + f.totalMs, 0);
  console.log(`\n${path.basename(file)}: ${files.length} files, ${(sum / 1000).toFixed(0)} s summed (files in parallel workers overlap)`);
  console.log('     total    import  hooks+tests  tests  file');
  for (const f of files.slice(0, top)) console.log(`${s(f.totalMs)} ${s(f.importMs)} ${s(f.hooksAndTestsMs)}  ${String(f.tests).padStart(5)}  ${f.state === 'passed' ? '' : `${f.state}  `}${f.file}`);
}
