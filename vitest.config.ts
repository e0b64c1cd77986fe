import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'];
/** Unit files that replace a module with vi.mock: each runs in a process of its own. */
const ISOLATED_UNIT_FILES = '**/*.isolated.test.ts';
// vitest's 5 s default is within 5× of the slower engine tests on a busy machine
const UNIT_LIMITS = { testTimeout: 60_000, hookTimeout: 120_000 };

// Three tiers (docs/architecture.md): unit tests beside the code, API tests over HTTP on a real
// database, and browser tests against the built app served by the real server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ISOLATED_UNIT_FILES],
          environment: 'node',
          ...UNIT_LIMITS,
          // File after file in one process per worker: a hundred small files, each paying ~1 s of fork
          // and imports otherwise. A file that replaces a module (vi.mock) is named *.isolated.test.ts.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [ISOLATED_UNIT_FILES],
          environment: 'node',
          ...UNIT_LIMITS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          // Wide margins: CI may share its 2 cores with other work (a run once failed at a 60 s limit).
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Each file opens its own database; two at a time fits a 2-core machine.
          maxWorkers: 2,
          // A worker runs file after file in one process: the server's modules are imported and the
          // seeded PGlite dump made once per worker, not per file (~10 s a file on a busy machine).
          // The files share no module state that matters: each builds its own app and database.
          isolate: false,
          // On PostgreSQL, the seeded database is made once per run and copied per file.
          globalSetup: ['tests/support/seeded-template.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 150_000,
          hookTimeout: 300_000,
          // expect.poll waits for the page (a dropdown closing, a route changing); its 1 s default is
          // too short on a busy machine, where a clean-clone run failed on a closing antd dropdown.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
