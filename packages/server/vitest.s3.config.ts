import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that touch stored bytes, once more with every kind of bytes in an S3 bucket
 * (in-process s3rver, src/test/s3.ts): the same cases must pass on both storages.
 */
export default defineConfig({
  test: {
    name: 'server-s3',
    include: [
      'src/modules/files/**/*.test.ts',
      'src/modules/user-pictures/**/*.test.ts',
      'src/modules/records/**/*.test.ts',
      'src/modules/backups/**/*.test.ts',
      'src/modules/exports/**/*.test.ts',
      'src/demo/**/*.test.ts',
    ],
    exclude: [
      ...configDefaults.exclude,
      // They never reach the storage under test (KINFOLIO_TEST_STORAGE): no bytes at all, a local
      // folder of their own, or a server process on local disk; the storage's own contract and
      // copy tests run both storages in every run already.
      'src/demo/seed.test.ts',
      'src/modules/files/upload-kill.test.ts',
      'src/modules/records/ffmpeg-orphan.test.ts',
      'src/modules/records/mp3.test.ts',
      // They run themselves on local folders and on an S3 bucket in every run: here both would be
      // the bucket.
      'src/modules/backups/routes.test.ts',
      'src/modules/exports/exports.test.ts',
      'src/modules/records/mp3-routes.test.ts',
    ],
    environment: 'node',
    env: { KINFOLIO_TEST_DIALECT: 'sqlite', KINFOLIO_TEST_STORAGE: 's3' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
