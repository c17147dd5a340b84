import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { routePath, type PublicShare } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/server.js';
import { restoreBackup, writeBackup } from '../backups/index.js';
import { sharesDb } from './repository.js';
import { seedArchive, share } from './test-archive.js';

/** Links travel in backups: a restored archive answers the same links, passwords and all. */
describe('shares in backups', () => {
  let source: TestServer;
  let target: TestServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-share-backup-'));

  beforeAll(async () => {
    source = await createTestServer();
    target = await createTestServer();
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('restores links, selections and their audit; the same tokens open the same content', async () => {
    const archive = await seedArchive(source);
    const category = await share(archive.editor, {
      target_type: 'categories',
      target_id: archive.ids.categoryA,
    });
    const chosen = await share(archive.editor, {
      target_type: 'selection',
      ids: [archive.ids.dream],
      record_ids: [archive.ids.record],
      password: 'souvenirs',
    });
    const revoked = await share(archive.editor, {
      target_type: 'tags',
      target_id: archive.ids.tag,
    });
    await archive.editor.delete(routePath('shareDelete', { params: { id: revoked.id } }));

    const file = path.join(tmp, 'backup.tar');
    const { manifest } = await writeBackup(
      { db: source.ctx.db, dialect: source.ctx.dialect, storage: source.ctx.storage },
      (body) => pipeline(body, fs.createWriteStream(file)),
    );
    expect(manifest.tables.shares?.rows).toBe(3);
    expect(manifest.tables.share_entries?.rows).toBe(2);
    expect(manifest.tables.share_events?.rows).toBe(4);
    await restoreBackup(
      { db: target.ctx.db, dialect: target.ctx.dialect, storage: target.ctx.storage },
      { size: fs.statSync(file).size, open: () => fs.createReadStream(file) },
    );

    const visitor = target.client();
    const open = (token: string) => visitor.get(routePath('publicShare', { params: { token } }));
    const before = (
      await source.client().get(routePath('publicShare', { params: { token: category.token } }))
    ).json() as PublicShare;
    const after = await open(category.token);
    expect(after.statusCode).toBe(200);
    expect((after.json() as PublicShare).content).toEqual(before.content);
    expect((await open(revoked.token)).statusCode).toBe(404);
    expect((await open(chosen.token)).statusCode).toBe(401);
    const unlocked = await visitor.post(
      routePath('publicShareUnlock', { params: { token: chosen.token } }),
      { password: 'souvenirs' },
    );
    expect(unlocked.statusCode).toBe(204);
    const list = (await open(chosen.token)).json() as PublicShare;
    expect(list.content.kind === 'list' && list.content.meta.total).toBe(2);

    const events = await sharesDb(target.ctx.db)
      .selectFrom('share_events')
      .select(['share_id', 'kind'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['created', 'created', 'created', 'revoked']);
    // New links after a restore take new ids.
    const editor = await target.loggedIn('sharer@example.com');
    const made = await share(editor, { target_type: 'posts', target_id: archive.ids.post });
    expect(made.id).toBeGreaterThan(revoked.id);
  });
});
