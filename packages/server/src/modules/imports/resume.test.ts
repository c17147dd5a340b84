import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { PROCESS_ADMIN, processArchive, startKinfolio, stopProcess } from '../../test/processes.js';
import { importsDb } from './repository.js';
import * as media from './test-fixtures/media.js';

const PICTURES = 40;

/**
 * `kinfolio import` killed with SIGKILL in the middle of an import: a worker resumes it where it
 * stopped, and the archive ends with each picture once, each item with its file; the same
 * command again creates nothing.
 */
describe('an import interrupted by a killed process', () => {
  let archive: Awaited<ReturnType<typeof processArchive>>;
  let folder: string;
  let handle: ReturnType<typeof connectDatabase>;

  beforeAll(async () => {
    archive = await processArchive('import_resume');
    // A short lease: the killed process's job is taken again within seconds.
    archive.env.JOB_LEASE_MS = '2000';
    folder = path.join(archive.dataDir, 'Photos de famille');
    fs.mkdirSync(folder);
    for (let i = 0; i < PICTURES; i += 1) {
      const picture = await (await media.picture(100 + i, 900)).jpeg({ quality: 95 }).toBuffer();
      fs.writeFileSync(path.join(folder, `photo-${String(i).padStart(2, '0')}.jpg`), picture);
    }
    const admin = startKinfolio(
      ['create-admin', '--email', PROCESS_ADMIN.email, '--password', PROCESS_ADMIN.password],
      archive.env,
    );
    expect(await admin.exited).toBe(0);
    handle = connectDatabase(loadConfig({ ...process.env, ...archive.env }).database);
  }, 60_000);
  afterAll(async () => {
    await handle?.destroy();
    await archive?.remove();
  });

  const identities = async () =>
    Number(
      (
        await importsDb(handle.db)
          .selectFrom('import_identities')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('resumes after kill -9 without duplicating or half-writing anything', async () => {
    const first = startKinfolio(['import', folder, '--as', PROCESS_ADMIN.email], archive.env);
    const deadline = Date.now() + 60_000;
    while ((await identities().catch(() => 0)) < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const done = await identities();
    expect(done, first.output()).toBeGreaterThanOrEqual(3);
    expect(done).toBeLessThan(PICTURES);
    const row = await importsDb(handle.db)
      .selectFrom('imports')
      .select(['id', 'status'])
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('running');

    const worker = startKinfolio(['worker', '--queue', 'imports'], archive.env);
    try {
      const until = Date.now() + 90_000;
      let status = 'running';
      while (status !== 'done' && status !== 'failed' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (
          await importsDb(handle.db)
            .selectFrom('imports')
            .select('status')
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow()
        ).status;
      }
      expect(status, worker.output()).toBe('done');
    } finally {
      await stopProcess(worker);
    }
    const report = JSON.parse(
      (
        await importsDb(handle.db)
          .selectFrom('imports')
          .select('report')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).report,
    ) as { counts: Record<string, number>; created: { media: number[] } };
    expect(report.counts).toMatchObject({ created: PICTURES, existing: 0, skipped: 0 });
    expect(new Set(report.created.media).size).toBe(PICTURES);
    expect(await identities()).toBe(PICTURES);
    // Each picture once, each item with exactly its one file.
    const items = await handle.db
      .selectFrom('items')
      .leftJoin('files', 'files.item_id', 'items.id')
      .select(['items.id', 'files.name'])
      .where('items.type', '=', 'media')
      .execute();
    expect(items).toHaveLength(PICTURES);
    expect(new Set(items.map((item) => item.name)).size).toBe(PICTURES);

    const again = startKinfolio(['import', folder, '--as', PROCESS_ADMIN.email], archive.env);
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain(`0 created, ${PICTURES} already there`);
  }, 240_000);
});
