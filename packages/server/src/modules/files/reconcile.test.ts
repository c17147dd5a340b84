import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { routes } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.js';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, testStorage, type TestServer } from '../../test/server.js';
import { uploadFile } from '../../test/uploads.js';
import { reconcileFiles } from './reconcile.js';

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 3_600_000);

describe('files check: storage and rows agree again after a crash', () => {
  let server: TestServer;
  let ctx: AppContext;
  let dataDir: string;
  let editor: TestClient;
  let photo: Buffer;

  const fileAt = (key: string) => path.join(dataDir, 'files', key);
  /** A file as a killed process leaves it, last written `at`. */
  function leave(key: string, at = TWO_HOURS_AGO) {
    fs.mkdirSync(path.dirname(fileAt(key)), { recursive: true });
    fs.writeFileSync(fileAt(key), 'left behind');
    fs.utimesSync(fileAt(key), at, at);
  }
  const rowOf = (serverId: string) =>
    ctx.db
      .selectFrom('files')
      .selectAll()
      .where('upload_token', '=', serverId)
      .executeTakeFirstOrThrow();
  const upload = async (name: string, type: string, data: Buffer) => {
    const response = await uploadFile(editor, { name, type, data });
    expect(response.statusCode, response.body).toBe(201);
    // With its thumbnail, made by the job queue.
    await server.jobsSettled();
    return rowOf(response.body);
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-reconcile-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    ctx = server.ctx;
    ({ editor } = await server.editorAndReader());
    photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // A killed process's leftovers on a local disk (partial files, old modification times): S3 shows
  // no partial upload as an object and lets nobody set a modification time.
  const onDisk = it.skipIf(testStorage() === 's3');

  onDisk(
    'removes nothing complete while the database has no file row (another archive?)',
    async () => {
      leave('aa/bb/aabb0000-0000-4000-8000-000000000000');
      leave('aa/bb/aabb0000-0000-4000-8000-000000000000.0b1c.part');
      const result = await reconcileFiles(ctx);
      expect(result).toMatchObject({ guarded: true, orphansRemoved: 0, partialsRemoved: 1 });
      expect(fs.existsSync(fileAt('aa/bb/aabb0000-0000-4000-8000-000000000000'))).toBe(true);
    },
  );

  onDisk(
    'removes partials and unreferenced files past the grace period, keeps young ones',
    async () => {
      const kept = await upload('kept.jpg', 'image/jpeg', photo);
      leave('cc/dd/ccdd0000-0000-4000-8000-000000000000');
      leave('cc/dd/ccdd0000-0000-4000-8000-000000000000.thumb.webp');
      leave('cc/dd/ccdd0000-0000-4000-8000-000000000000.preview.webp');
      // A share link's large preview of a file that has its row (previews.ts).
      leave(`${kept.storage_key}.preview.webp`);
      leave('cc/dd/ccdd1111-0000-4000-8000-000000000000.1234.part');
      leave('cc/dd/ccdd2222-0000-4000-8000-000000000000', new Date());
      leave('cc/dd/ccdd3333-0000-4000-8000-000000000000.5678.part', new Date());

      const result = await reconcileFiles(ctx);
      expect(result).toMatchObject({
        guarded: false,
        partialsRemoved: 1,
        // the row-less file of the first test, and this one with its thumbnail and preview
        orphansRemoved: 4,
        orphansKept: 1,
        temporaryRowsRemoved: 0,
        missing: [],
      });
      expect(fs.existsSync(fileAt('cc/dd/ccdd0000-0000-4000-8000-000000000000'))).toBe(false);
      expect(fs.existsSync(fileAt('cc/dd/ccdd2222-0000-4000-8000-000000000000'))).toBe(true);
      expect(fs.existsSync(fileAt('cc/dd/ccdd3333-0000-4000-8000-000000000000.5678.part'))).toBe(
        true,
      );
      expect(fs.existsSync(fileAt(kept.storage_key))).toBe(true);
      expect(fs.existsSync(fileAt(kept.thumb_key!))).toBe(true);
      expect(fs.existsSync(fileAt(`${kept.storage_key}.preview.webp`))).toBe(true);

      // With no grace period, the young ones go too.
      const eager = { ...ctx, config: { ...ctx.config, orphanGraceMinutes: 0 } };
      const again = await reconcileFiles(eager);
      expect(again).toMatchObject({ partialsRemoved: 1, orphansRemoved: 1, orphansKept: 0 });
      expect(fs.existsSync(fileAt(kept.storage_key))).toBe(true);
    },
  );

  it('never removes a partial this process is still writing, nor an upload awaiting its row', async () => {
    const key = 'ee/ff/eeff0000-0000-4000-8000-000000000000';
    const source = new PassThrough();
    const writing = ctx.storage.files.put(key, source);
    source.write(Buffer.alloc(1024));
    // The bytes have left for the storage; on disk, the partial file holds them.
    const partials = () =>
      fs.existsSync(path.dirname(fileAt(key)))
        ? fs.readdirSync(path.dirname(fileAt(key))).filter((name) => name.endsWith('.part'))
        : [];
    await vi.waitFor(() => {
      expect(source.readableLength).toBe(0);
      if (testStorage() === 'local') {
        expect(partials()).toHaveLength(1);
        expect(fs.statSync(path.join(path.dirname(fileAt(key)), partials()[0]!)).size).toBe(1024);
      }
    }, 10_000);
    expect(await ctx.storage.files.removeAbandonedPartials(new Date(Date.now() + 60_000))).toBe(0);
    source.end();
    await writing;
    expect(await ctx.storage.files.stat(key)).toMatchObject({
      size: 1024,
    });
    await ctx.storage.files.delete('ee/ff/eeff0000-0000-4000-8000-000000000000');
    await ctx.storage.files.put('ee/ff/eeff1111-0000-4000-8000-000000000000', Readable.from(['x']));
    expect(
      (await ctx.storage.files.stat('ee/ff/eeff1111-0000-4000-8000-000000000000'))?.modifiedAt,
    ).toBeInstanceOf(Date);
  });

  it('removes temporary uploads whose bytes are gone, reports attached ones and keeps them', async () => {
    const media = await itemsApi(editor, 'media').create({ title: 'Archives', language: 'fr' });
    const attachedPhoto = await upload('attached.jpg', 'image/jpeg', photo);
    const attachedText = await upload('note.txt', 'text/plain', Buffer.from('une note'));
    const attach = await editor.patch(routes.addFilepond.path, {
      newmedias: [attachedPhoto.upload_token, attachedText.upload_token],
      modelId: media.id,
      modelType: 'App\\Models\\Media',
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const temporary = await upload('lost.jpg', 'image/jpeg', photo);

    const files = ctx.storage.files;
    await files.delete(temporary.storage_key);
    await files.delete(attachedText.storage_key);
    await files.delete(attachedPhoto.thumb_key!);

    const result = await reconcileFiles(ctx);
    expect(result).toMatchObject({ temporaryRowsRemoved: 1, thumbnailsQueued: 1 });
    expect(result.missing).toEqual([
      { fileId: attachedText.id, itemId: media.id, key: attachedText.storage_key, kind: 'file' },
    ]);
    // The temporary upload is gone with its thumbnail; the attached row stays for a restore.
    const ids = (await ctx.db.selectFrom('files').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(temporary.id);
    expect(ids).toContain(attachedText.id);
    expect(await files.stat(temporary.thumb_key!)).toBeUndefined();
    // The missing thumbnail is made again by the job queue, not by the check.
    await server.jobsSettled();
    const thumb = await sharp(await buffer(await files.open(attachedPhoto.thumb_key!))).metadata();
    expect(thumb.format).toBe('webp');

    // Restored from a backup, it is no longer reported.
    await files.put(attachedText.storage_key, Readable.from([Buffer.from('une note')]));
    expect((await reconcileFiles(ctx)).missing).toEqual([]);
  });

  it('queues the thumbnail an image still waits for, never one sharp could not read', async () => {
    const owed = await upload('owed.jpg', 'image/jpeg', photo);
    const unreadable = await upload('unreadable.jpg', 'image/jpeg', Buffer.from('not a photo'));
    expect(unreadable).toMatchObject({ thumb_key: null, thumb_pending: 0 });
    // Its job lost (the process died between the row and the enqueue): still owed.
    await ctx.db
      .updateTable('files')
      .set({ thumb_key: null, thumb_pending: 1 })
      .where('id', '=', owed.id)
      .execute();
    await ctx.storage.files.delete(owed.thumb_key!);

    const result = await reconcileFiles(ctx);
    expect(result).toMatchObject({ thumbnailsQueued: 1, missing: [] });
    await server.jobsSettled();
    expect(await rowOf(owed.upload_token!)).toMatchObject({
      thumb_key: owed.thumb_key,
      thumb_pending: 0,
    });
    expect(await ctx.storage.files.stat(owed.thumb_key!)).toBeDefined();
    expect((await reconcileFiles(ctx)).thumbnailsQueued).toBe(0);
  });

  it('runs one pass at a time', async () => {
    const [first, second] = await Promise.all([reconcileFiles(ctx), reconcileFiles(ctx)]);
    expect(first.missing).toEqual([]);
    expect(second.orphansRemoved).toBe(0);
  });
});
