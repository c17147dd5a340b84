import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server-sqlite',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { KINFOLIO_TEST_DIALECT: 'sqlite' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
