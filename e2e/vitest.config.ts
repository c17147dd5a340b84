import { defineConfig } from 'vitest/config';

// Each file starts its own server and browser; on two cores they run one after the other.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // CI (CI=true) adds the slowest files after the run.
    reporters: process.env.CI ? ['default', '../scripts/test-times-reporter.mjs'] : ['default'],
  },
});
