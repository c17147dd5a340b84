import { defineConfig } from 'vitest/config';

/**
 * The tests that touch stored bytes, once more with every kind of bytes in an S3 bucket
 * (in-process s3rver, src/test/s3.ts): the same cases must pass on both storages.
 */
export default defineConfig({
  test: {
    name: 'server-s3',
    include: [
      'src/storage/**/*.test.ts',
      'src/modules/files/**/*.test.ts',
      'src/modules/user-pictures/**/*.test.ts',
      'src/modules/records/**/*.test.ts',
      'src/modules/backups/**/*.test.ts',
      'src/modules/exports/**/*.test.ts',
      'src/demo/**/*.test.ts',
    ],
    environment: 'node',
    env: { KINFOLIO_TEST_DIALECT: 'sqlite', KINFOLIO_TEST_STORAGE: 's3' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
