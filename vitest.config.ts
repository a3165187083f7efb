import { defineConfig } from 'vitest/config';

/**
 * Three projects (docs/testing.md), told apart by folder and file name, never by a list of files:
 * - unit: pure tests beside the code and in tests/: no database, no browser, no Echo process, no
 *   program from scripts/system-packages.txt. It has no global setup, so a unit test that reaches
 *   for PostgreSQL fails at once.
 * - api: `*.api.test.ts` (the real runtime on a PostgreSQL database cloned per file),
 *   `*.system.test.ts` (real programs from the Debian packages: PocketSphinx, python3) and the
 *   faults, scale, hardening and fuzz suites (Echo processes, outages, bursts of requests).
 * - e2e: tests/e2e, Debian's Chromium against the built web app (`npm run build` first).
 * api and e2e share one PostgreSQL (tests/support/global-setup.ts) and the same workers.
 */
const NOT_UNIT = [
  '**/*.api.test.ts',
  '**/*.system.test.ts',
  'tests/{faults,scale,hardening,fuzz}/**/*.test.ts',
];
const POSTGRES = 'tests/support/global-setup.ts';

export default defineConfig({
  test: {
    pool: 'forks',
    // API and browser files spend most of their time waiting (on jobs, polls, Chromium, provider
    // fakes, heartbeats): on two cores, three at once keep the cores busy while a long browser
    // flow still finishes well inside its time-out (four made the slowest flows time out).
    maxWorkers: 3,
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Browser flows wait on the network and on jobs: give polled assertions room on a slow machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...NOT_UNIT, 'tests/e2e/**'],
          // Unit files keep no state between them: one process runs many, importing shared modules
          // once. They only compute, so one worker a core, and first: their time budgets
          // (worst-case.test.ts) are not shared with browsers.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'api', include: NOT_UNIT, globalSetup: [POSTGRES], sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [POSTGRES],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
