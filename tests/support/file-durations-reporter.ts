import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter that writes each test file's time to TEST_DURATIONS_FILE (JSON, slowest first):
 * importing it, its hooks (a beforeAll that builds or seeds) and its tests. The JSON reporter's file
 * times count the tests only, from the first test's start, so a file whose cost is its setup looks free
 * there. `npm test` adds it to every tier; scripts/test-durations.mjs prints the files.
 */
export default class FileDurationsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.TEST_DURATIONS_FILE;
    if (!out) return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      const importMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
      return {
        file: path.relative(process.cwd(), m.moduleId),
        project: m.project.name,
        state: m.state(),
        tests: [...m.children.allTests()].length,
        totalMs: Math.round(importMs + d.duration),
        importMs: Math.round(importMs),
        hooksAndTestsMs: Math.round(d.duration),
      };
    });
    files.sort((a, b) => b.totalMs - a.totalMs);
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ files }, null, 1)}\n`);
  }
}
