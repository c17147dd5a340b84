import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server-postgres',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { KINFOLIO_TEST_DIALECT: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
