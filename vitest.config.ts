import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresReachable, TEST_PG_URL } from './packages/server/src/test/database.js';

/**
 * One Vitest run for every package. The server suite runs twice, on SQLite and on PostgreSQL (its
 * storage-touching tests a third time on S3); the PostgreSQL run is skipped with a notice when no
 * server answers, unless KINFOLIO_REQUIRE_PG=1.
 */
export default defineConfig(async () => {
  const withPostgres = await postgresReachable();
  if (!withPostgres) {
    const notice = `PostgreSQL is not reachable at ${TEST_PG_URL}`;
    if (process.env.KINFOLIO_REQUIRE_PG === '1')
      throw new Error(`${notice} and KINFOLIO_REQUIRE_PG=1`);
    console.warn(`\n  NOTICE: ${notice}; the PostgreSQL run of the server suite is skipped.\n`);
  }
  return {
    test: {
      // Vitest leaves a core to its main process, so on two cores it ran one file at a time; the
      // main process is idle, and the server's tests spend much of their time waiting for
      // PostgreSQL, Redis, child processes and ffmpeg: two files at once take a quarter less time.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // CI (CI=true) adds each project's time and the slowest files after the run.
      reporters: process.env.CI ? ['default', './scripts/test-times-reporter.mjs'] : ['default'],
      projects: [
        'packages/contract/vitest.config.ts',
        'packages/server/vitest.config.ts',
        ...(withPostgres ? ['packages/server/vitest.pg.config.ts'] : []),
        // The byte-touching tests once more with every kind of bytes in an S3 bucket (s3rver).
        'packages/server/vitest.s3.config.ts',
        'packages/web/vitest.config.ts',
      ],
    },
  };
});
