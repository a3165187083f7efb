import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Browser flows wait on the network and on jobs: give polled assertions room on a slow machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
