import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildPath, routes, type Import } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/server.js';
import { makeZip } from '../../test/zip-writer.js';
import { restoreBackup, writeBackup } from '../backups/index.js';
import { importsDb } from './repository.js';
import * as media from './test-fixtures/media.js';
import { imported, mediaCount, upload } from './test-fixtures/requests.js';

/** Imports and what they imported travel in backups: a restored archive imports nothing twice. */
describe('imports in backups', () => {
  let source: TestServer;
  let target: TestServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-import-backup-'));
  let album: Buffer;

  beforeAll(async () => {
    source = await createTestServer();
    target = await createTestServer();
    album = makeZip([
      { name: 'Mariage/un.jpg', data: await media.jpegWithExif(71) },
      { name: 'Mariage/deux.png', data: await media.png(72) },
    ]);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('restores imports and their identities; the same source again creates nothing', async () => {
    const { editor } = await source.editorAndReader();
    const done = await imported(source, editor, 'mariage.zip', album);
    expect(done.counts.created).toBe(2);
    // One still waiting on its preview when the backup is made.
    const waiting = await upload(
      editor,
      'autre.zip',
      makeZip([{ name: 'x.jpg', data: await media.jpeg(73) }]),
      { preview: 'true' },
    );
    const waitingId = waiting.json<{ import: Import }>().import.id;
    await source.jobsSettled();

    const file = path.join(tmp, 'backup.tar');
    const { manifest } = await writeBackup(
      { db: source.ctx.db, dialect: source.ctx.dialect, storage: source.ctx.storage },
      (body) => pipeline(body, fs.createWriteStream(file)),
    );
    expect(manifest.tables.imports?.rows).toBe(2);
    expect(manifest.tables.import_identities?.rows).toBe(2);
    await restoreBackup(
      { db: target.ctx.db, dialect: target.ctx.dialect, storage: target.ctx.storage },
      { size: fs.statSync(file).size, open: () => fs.createReadStream(file) },
    );

    const rows = await importsDb(target.ctx.db)
      .selectFrom('imports')
      .select(['id', 'status', 'storage_key', 'job_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: done.id, status: 'done', storage_key: null, job_id: null },
      { id: waitingId, status: 'failed', storage_key: null, job_id: null },
    ]);
    const restoredEditor = await target.loggedIn('editor@example.com');
    const failed = (
      await restoredEditor.get(buildPath(routes.importStatus.path, { id: waitingId }))
    ).json<Import>();
    expect(failed.errors).toEqual([expect.stringContaining('backup')]);

    const before = await mediaCount(target);
    const again = await imported(target, restoredEditor, 'mariage.zip', album);
    expect(again.status).toBe('done');
    expect(again.counts).toMatchObject({ created: 0, existing: 2 });
    expect(await mediaCount(target)).toBe(before);
    expect(again.id).toBeGreaterThan(waitingId);
  });
});
