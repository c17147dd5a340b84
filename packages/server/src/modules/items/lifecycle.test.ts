import {
  ITEM_TYPES,
  type CorrelationEntry,
  type CorrelationRow,
  type Item,
  type Revision,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';

describe('translations, revisions and trash', () => {
  let server: TestServer;
  let editor: TestClient;
  let eraserClient: TestClient;
  let tagId: number;
  let personId: number;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      name: 'Edith Editor',
      permissions: ['content.edit'],
    });
    await server.createUser({
      email: 'eraser@example.com',
      permissions: ['content.edit', 'content.delete'],
    });
    editor = await server.loggedIn('editor@example.com');
    eraserClient = await server.loggedIn('eraser@example.com');
    tagId = (await editor.post('/api/tags', { name: 'Family' })).json().tag.id;
    personId = (await editor.post('/api/participants', { name: 'Nonna' })).json().participant.id;
  });
  afterAll(() => server.close());

  describe.each(ITEM_TYPES)('of %s items', (type) => {
    let api: ReturnType<typeof itemsApi>;
    let eraser: ReturnType<typeof itemsApi>;
    beforeAll(() => {
      api = itemsApi(editor, type);
      eraser = itemsApi(eraserClient, type);
    });

    it('makes translations: one per language, inheriting original language and links', async () => {
      const original = await api.create({
        title: 'Lettre',
        content:
          '<p>Chère maman, nous sommes bien arrivés à Rome après un long voyage en train.</p>',
        language: 'fr',
        date: '1970-05-01',
        tags: [tagId],
        from: [personId],
      });
      const english = await api.create({ parent_id: original.id, title: 'Letter', language: 'en' });
      expect(english).toMatchObject({
        parent_id: original.id,
        language: 'en',
        original_language: 'fr',
        date: original.date,
        tags: [{ id: tagId }],
        from: [{ id: personId, name: 'Nonna' }],
        languages: ['fr', 'en'],
      });
      const refuse = async (body: Record<string, unknown>, field: string) => {
        const response = await api.createRaw(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual([field]);
      };
      await refuse({ parent_id: original.id, language: 'en' }, 'language');
      await refuse({ parent_id: original.id, language: 'fr' }, 'language');
      await refuse({ parent_id: english.id, language: 'it' }, 'parent_id');
      const otherType = ITEM_TYPES.find((t) => t !== type)!;
      const foreign = await itemsApi(api.client, otherType).create({ language: 'fr' });
      await refuse({ parent_id: foreign.id, language: 'it' }, 'parent_id');
      // A translation may not move into a language its family already has.
      expect((await api.update(english.id, { language: 'fr' })).statusCode).toBe(422);

      const italian = await api.create({
        parent_id: original.id,
        title: 'Lettera',
        language: 'it',
      });
      const single = await api.single(original.id);
      expect(single.translations.map((v) => [v.id, v.language])).toEqual([
        [original.id, 'fr'],
        [english.id, 'en'],
        [italian.id, 'it'],
      ]);
      expect(single.languages).toEqual(['fr', 'en', 'it']);

      // Correlation: originals with their versions as JSON text, 50-character previews.
      const response = await api.correlation({ per_page: 100 });
      expect(response.statusCode).toBe(200);
      const page = response.json() as PageBody<CorrelationRow>;
      expect(page.meta).toMatchObject({ per_page: 100, current_page: 1 });
      // Only originals are rows: no row for the translations.
      expect(page.data.map((r) => r.parent_id)).not.toContain(english.id);
      const row = page.data.find((r) => r.parent_id === original.id)!;
      expect(row).toEqual({
        parent_id: original.id,
        date: '1970-05-01T00:00:00.000Z',
        original_language: 'fr',
        translations: expect.any(String),
      });
      const entries = JSON.parse(row.translations) as CorrelationEntry[];
      expect(entries).toEqual([
        {
          id: original.id,
          language: 'fr',
          content: 'Chère maman, nous sommes bien arrivés à Rome après',
        },
        { id: english.id, language: 'en', content: '' },
        { id: italian.id, language: 'it', content: '' },
      ]);

      // Separate: the Italian version becomes an original of its own.
      const separated = await api.separate(italian.id);
      expect(separated.statusCode).toBe(200);
      expect(separated.json().item).toMatchObject({
        parent_id: null,
        original_language: 'it',
        languages: ['it'],
      });
      expect((await api.single(original.id)).languages).toEqual(['fr', 'en']);
      expect((await api.separate(original.id)).statusCode).toBe(422);

      // Renaming the original's language carries over to its translations.
      await api.update(original.id, { language: 'de' });
      expect((await api.single(english.id)).original_language).toBe('de');
    });

    it('stores the previous version on every effective PATCH and none for a no-op', async () => {
      const item = await api.create({ title: 'v1', content: '<p>one</p>', language: 'fr' });
      const noop = await api.update(item.id, { title: 'v1', content: '<p>one</p>', tags: [] });
      expect(noop.statusCode).toBe(200);
      expect(noop.json()).toMatchObject({ revision: false, message: 'Nothing has changed.' });

      const first = await api.update(item.id, { title: 'v2', tags: [tagId] });
      expect(first.json()).toMatchObject({
        revision: true,
        item: { title: 'v2', revisions_count: 1 },
      });
      await api.update(item.id, { content: '<p>two</p>', to: [personId], status: 'draft' });
      const list = (await api.revisions(item.id)).json() as PageBody<Revision>;
      expect(list.meta.total).toBe(2);
      const [latest, oldest] = list.data;
      expect(oldest).toMatchObject({
        item_id: item.id,
        user: { name: 'Edith Editor' },
        data: {
          title: 'v1',
          content: '<p>one</p>',
          tags: [],
          to: [],
          language: 'fr',
          status: 'published',
          date: item.date,
        },
      });
      expect(latest!.data).toMatchObject({ title: 'v2', content: '<p>one</p>', tags: [tagId] });
      expect(latest!.names.tags).toEqual([{ id: tagId, name: expect.objectContaining({}) }]);

      // Restoring an old version is a PATCH with its data, itself a new revision.
      const restored = await api.update(item.id, oldest!.data);
      expect(restored.json()).toMatchObject({
        revision: true,
        item: { title: 'v1', content: '<p>one</p>', status: 'published', tags: [], to: [] },
      });
      expect(((await api.revisions(item.id)).json() as PageBody<Revision>).meta.total).toBe(3);
      const revised = await api.list('deletedAndRevisions');
      expect(revised.data.map((row) => row.id)).toContain(item.id);
      expect((await api.revisions(999999)).statusCode).toBe(404);
    });

    it('trashes, restores and hard-deletes only from the trash, with revisions and links', async () => {
      const item = await api.create({ title: 'doomed', language: 'en', tags: [tagId] });
      await api.update(item.id, { title: 'doomed 2', to: [personId] });
      const live = async () => (await api.list('all')).data.map((row) => row.id);
      expect(await live()).toContain(item.id);

      expect((await eraser.hardDelete(item.id)).statusCode).toBe(422);
      // Moving to the trash and back needs content.delete too.
      expect((await api.trash(item.id)).statusCode).toBe(403);
      expect((await eraser.trash(item.id)).statusCode).toBe(200);
      expect(await live()).not.toContain(item.id);
      expect((await api.list('deleted')).data.map((row) => row.id)).toContain(item.id);
      expect((await api.single(item.id)).deleted_at).toEqual(expect.any(String));

      expect((await api.restore(item.id)).statusCode).toBe(403);
      const restored = await eraser.restore(item.id);
      expect(restored.json()).toMatchObject({ item: { id: item.id, deleted_at: null } });
      expect(await live()).toContain(item.id);

      await eraser.trash(item.id);
      // Hard deletion needs content.delete.
      expect((await api.hardDelete(item.id)).statusCode).toBe(403);
      expect((await eraser.hardDelete(item.id)).statusCode).toBe(200);
      expect((await api.singleRaw(item.id)).statusCode).toBe(404);
      const db = server.ctx.db;
      for (const table of ['item_revisions', 'item_tags', 'item_participants'] as const) {
        const rows = await db
          .selectFrom(table)
          .select('item_id')
          .where('item_id', '=', item.id)
          .execute();
        expect(rows, table).toEqual([]);
      }
      expect((await eraser.hardDelete(item.id)).statusCode).toBe(404);
    });

    it('serialises concurrent edits and concurrent translations into one language', async () => {
      const item = await api.create({ title: 'start', language: 'fr' });
      const edits = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => api.update(item.id, { title: `edit ${n}` })),
      );
      expect(edits.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const revisions = (await api.revisions(item.id)).json() as PageBody<Revision>;
      expect(revisions.meta.total).toBe(5);
      expect((await api.single(item.id)).revisions_count).toBe(5);
      // Each revision keeps the version its edit replaced: all different.
      expect(new Set(revisions.data.map((r) => r.data.title)).size).toBe(5);

      const tries = await Promise.all(
        [1, 2, 3].map(() => api.createRaw({ parent_id: item.id, title: 'en', language: 'en' })),
      );
      expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    });

    it('keeps the translations of a hard-deleted original under a new original', async () => {
      const original = await api.create({ title: 'o', language: 'fr' });
      const en = await api.create({ parent_id: original.id, language: 'en' });
      const de = await api.create({ parent_id: original.id, language: 'de' });
      await eraser.trash(original.id);
      expect((await eraser.hardDelete(original.id)).statusCode).toBe(200);
      const heir: Item = await api.single(en.id);
      expect(heir).toMatchObject({
        parent_id: null,
        original_language: 'en',
        languages: ['en', 'de'],
      });
      expect(await api.single(de.id)).toMatchObject({ parent_id: en.id, original_language: 'en' });
    });
  });
});
