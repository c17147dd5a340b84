import { FILE_LIMITS, routePath, type PublicShare, type ShareTargetType } from '@kinfolio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { seedArchive, share, type SeededArchive } from './test-archive.js';

describe('shares: what a link lets through', () => {
  let server: TestServer;
  let archive: SeededArchive;
  let visitor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    archive = await seedArchive(server);
    visitor = server.client();
  });
  afterAll(() => server?.close());

  const open = (token: string, query?: Record<string, string | number>) =>
    visitor.get(routePath('publicShare', { params: { token }, query }));
  const item = (token: string, id: number) =>
    visitor.get(routePath('publicShareItem', { params: { token, id } }));
  const record = (token: string, id: number) =>
    visitor.get(routePath('publicShareRecord', { params: { token, id } }));
  const file = (token: string, fileId: number, query?: Record<string, string | number>) =>
    visitor.get(routePath('publicShareFile', { params: { token, fileId }, query }));

  /**
   * Every item, record and file id of the archive through the link's public routes (files as
   * thumbnails and originals): the sets that answer (a file's original is 403 when the link does
   * not allow downloads and it is not audio or video: part of the share, not served).
   */
  async function walk(token: string) {
    const items: number[] = [];
    const records: number[] = [];
    const files: number[] = [];
    const maxId = Math.max(...archive.allItems, ...archive.allRecords, ...archive.allFiles) + 2;
    for (let id = 1; id <= maxId; id++) {
      const [i, r, thumb, original, preview] = await Promise.all([
        item(token, id),
        record(token, id),
        file(token, id, { thumb: 1 }),
        file(token, id),
        file(token, id, { preview: 1 }),
      ]);
      if (i.statusCode === 200) items.push(id);
      else expect(i.statusCode, `item ${id}`).toBe(404);
      if (r.statusCode === 200) records.push(id);
      else expect(r.statusCode, `record ${id}`).toBe(404);
      // A PDF of the share without downloads: its original is refused (403), not unknown.
      const reached = thumb.statusCode === 200 || [200, 403].includes(original.statusCode);
      if (reached) files.push(id);
      else {
        expect(original.statusCode, `file ${id}`).toBe(404);
        expect(thumb.statusCode, `thumbnail ${id}`).toBe(404);
      }
      // A file not reached gives nothing, not even its thumbnail or preview.
      if (original.statusCode === 404) {
        expect(thumb.statusCode).toBe(404);
        expect(preview.statusCode, `preview ${id}`).toBe(404);
      }
    }
    return { items, records, files };
  }

  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('an item: exactly it, its translation and their files, and nothing else', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, { target_type: 'posts', target_id: ids.post });
    const page = (await open(made.token)).json() as PublicShare;
    expect(page.content.kind).toBe('item');
    const walked = await walk(made.token);
    expect(walked.items).toEqual(sorted([ids.post, ids.translation]));
    expect(walked.records).toEqual([]);
    // The dream's picture is in the post's text, but the dream is not shared: it is not reached.
    expect(walked.files).toEqual(sorted([files.postPhoto, files.translationPdf]));
  });

  it('a picture’s large preview through the link: resized WebP, never the original’s bytes', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, { target_type: 'posts', target_id: ids.post });
    const page = (await open(made.token)).json() as PublicShare;
    if (page.content.kind !== 'item') throw new Error('an item');
    const photo = page.content.item.files.find((f) => f.id === files.postPhoto);
    expect(photo?.preview_url).toBe(
      `${routePath('publicShareFile', { params: { token: made.token, fileId: files.postPhoto } })}?preview=1`,
    );
    const preview = await file(made.token, files.postPhoto, { preview: 1 });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toBe('no-store');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(FILE_LIMITS.previewPx);
    // Made once, then served as kept (the same bytes).
    const again = await file(made.token, files.postPhoto, { preview: 1 });
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);
    // Not a picture: no preview.
    const pdf = page.content.item.translations.flatMap((t) => t.files)[0];
    expect(pdf?.preview_url).toBeNull();
    expect((await file(made.token, files.translationPdf, { preview: 1 })).statusCode).toBe(404);
  });

  it('an item without its translations: the item alone', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'posts',
      target_id: ids.post,
      include_translations: false,
    });
    const walked = await walk(made.token);
    expect(walked.items).toEqual([ids.post]);
    expect(walked.files).toEqual([files.postPhoto]);
    const page = (await open(made.token)).json() as PublicShare;
    expect(page.content.kind === 'item' && page.content.item.translations).toEqual([]);
  });

  it('a record: it and its parts', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, { target_type: 'records', target_id: ids.record });
    const walked = await walk(made.token);
    expect(walked.items).toEqual([]);
    expect(walked.records).toEqual([ids.record]);
    expect(walked.files).toEqual(sorted([files.recordPart1, files.recordPart2]));
  });

  it('a category: its subtree, live items only', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'categories',
      target_id: ids.categoryA,
    });
    const walked = await walk(made.token);
    // The translation is linked to the category too (a translation copies its original's links).
    expect(walked.items).toEqual(sorted([ids.post, ids.translation, ids.media]));
    expect(walked.records).toEqual([]);
    expect(walked.files).toEqual(sorted([files.postPhoto, files.translationPdf, files.mediaPhoto]));
  });

  it('a participant: the items and records they are in', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'participants',
      target_id: ids.person,
    });
    const walked = await walk(made.token);
    expect(walked.items).toEqual(sorted([ids.post, ids.translation, ids.mail]));
    expect(walked.records).toEqual([ids.record]);
    expect(walked.files).toEqual(
      sorted([
        files.postPhoto,
        files.translationPdf,
        files.mailPdf,
        files.recordPart1,
        files.recordPart2,
      ]),
    );
  });

  it('a tag: the live items tagged', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'tags',
      target_id: ids.tag,
      include_translations: false,
    });
    const walked = await walk(made.token);
    // A translation copies its original's links: it is tagged too.
    expect(walked.items).toEqual(sorted([ids.post, ids.translation, ids.mail]));
    expect(walked.files).toEqual(sorted([files.postPhoto, files.translationPdf, files.mailPdf]));
    expect(walked.items).not.toContain(ids.trashed);
    expect(walked.files).not.toContain(files.trashedPhoto);
    expect(walked.records).toEqual([]);
  });

  it('a selection: the items and records chosen, fixed when made', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'selection',
      ids: [ids.dream, ids.message],
      record_ids: [ids.otherRecord],
      include_translations: false,
    });
    const walked = await walk(made.token);
    expect(walked.items).toEqual(sorted([ids.dream, ids.message]));
    expect(walked.records).toEqual([ids.otherRecord]);
    expect(walked.files).toEqual(sorted([files.dreamPhoto, files.otherRecordPart]));
    const page = (await open(made.token)).json() as PublicShare;
    expect(page.content.kind).toBe('list');
    if (page.content.kind !== 'list') return;
    expect(page.content.meta.total).toBe(3);
    expect(page.content.data.map((entry) => `${entry.type}:${entry.id}`).sort()).toEqual(
      [`dream:${ids.dream}`, `message:${ids.message}`, `record:${ids.otherRecord}`].sort(),
    );
  });

  it.each<ShareTargetType>(['posts', 'mails', 'medias', 'dreams', 'messages'])(
    'a %s link names an item of that type only',
    async (type) => {
      const { ids } = archive;
      const byType: Record<string, number> = {
        posts: ids.post,
        mails: ids.mail,
        medias: ids.media,
        dreams: ids.dream,
        messages: ids.message,
      };
      const made = await share(archive.editor, { target_type: type, target_id: byType[type] });
      const page = (await open(made.token)).json() as PublicShare;
      expect(page.content.kind).toBe('item');
      if (page.content.kind === 'item') expect(page.content.item.id).toBe(byType[type]);
      const wrong = await archive.editor.post(routePath('shareCreate'), {
        target_type: type,
        target_id: type === 'posts' ? ids.mail : ids.post,
      });
      expect(wrong.statusCode).toBe(404);
    },
  );
});
