import { defineConfig } from 'vitest/config';

// Three tiers (docs/architecture.md): unit tests beside the code, API tests over HTTP on a real
// database, and browser tests against the built app served by the real server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // vitest's 5 s default is within 5× of the slower engine tests on a busy machine
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
