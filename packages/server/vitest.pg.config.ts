import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server-postgres',
    include: ['src/**/*.test.ts'],
    // They never open a database: the SQLite run has already run them as they are.
    exclude: [
      ...configDefaults.exclude,
      'src/http/serialize.test.ts',
      'src/modules/items/rank-families.test.ts',
      'src/modules/records/ffmpeg-orphan.test.ts',
      'src/modules/records/mp3.test.ts',
      'src/storage/**',
    ],
    environment: 'node',
    env: { KINFOLIO_TEST_DIALECT: 'postgres' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
