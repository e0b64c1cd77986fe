#!/usr/bin/env node
// The slowest test files of a run: `node scripts/test-durations.mjs [report.json …] [--top N]`. Reads
// vitest JSON reports (by default every tier `npm test` wrote to tmp/test-reports/) and prints each file's
// wall time, tests and status, slowest first. On a shared machine compare runs by ratio, not seconds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 15;
const dir = path.join(root, 'tmp', 'test-reports');
const reports = args.length ? args : existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => path.join(dir, f)) : [];
if (!reports.length) {
  console.error('No reports: run `npm test`, or `npx vitest run --project unit --reporter=json --outputFile=/tmp/unit.json` and name the file.');
  process.exit(1);
}
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = report.testResults.map((t) => ({ s: (t.endTime - t.startTime) / 1000, name: path.relative(root, t.name), tests: t.assertionResults.length, status: t.status }));
  files.sort((a, b) => b.s - a.s);
  const sum = files.reduce((n, f) => n + f.s, 0);
  console.log(`\n${path.basename(file)}: ${files.length} files, ${sum.toFixed(0)} s summed (files run ${report.numTotalTests} tests; workers overlap, so the tier's wall time is less)`);
  for (const f of files.slice(0, top)) console.log(`${f.s.toFixed(1).padStart(8)} s  ${String(f.tests).padStart(3)} tests  ${f.status === 'passed' ? '' : `${f.status}  `}${f.name}`);
}
