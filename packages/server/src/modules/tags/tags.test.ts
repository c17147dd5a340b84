import type { Tag } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { itemFixtures } from '../../test/items.js';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('tags', () => {
  const suite = editorAndReaderSuite();

  const list = async (): Promise<Tag[]> => (await suite.reader.get('/api/tags')).json();

  it('creates, lists with counts, renames per language and deletes', async () => {
    const created = await suite.editor.post('/api/tags', { name: { fr: 'Été', en: 'Summer' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: 'The tag has been created.',
      tag: {
        id: expect.any(Number),
        name: { fr: 'Été', en: 'Summer', it: null, de: null },
        count: 0,
      },
    });
    const tag = created.json().tag as Tag;
    const winter = (await suite.editor.post('/api/tags', { name: 'Winter' })).json().tag as Tag;
    expect(winter.name.en).toBe('Winter');

    const items = itemFixtures(suite.server.ctx.db);
    const [kept, trashed] = [await items.item(), await items.item({ deleted: true })];
    await items.withTag(kept, tag.id);
    await items.withTag(trashed, tag.id);
    expect((await list()).map((t) => [t.name.en, t.count])).toEqual([
      ['Summer', 1],
      ['Winter', 0],
    ]);

    const renamed = await suite.editor.patch(`/api/tags/${tag.id}`, {
      name: { it: 'Estate', fr: '' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().tag).toEqual({
      id: tag.id,
      name: { fr: null, en: 'Summer', it: 'Estate', de: null },
      count: 1,
    });
    suite.reader.language = 'it';
    try {
      // Sorted by the name shown in the request's language (it, else en, else fr).
      expect((await list()).map((t) => t.id)).toEqual([tag.id, winter.id]);
    } finally {
      suite.reader.language = 'en';
    }

    const deleted = await suite.editor.delete(`/api/tags/${tag.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'The tag has been deleted.' });
    expect((await list()).map((t) => t.id)).toEqual([winter.id]);
    const stillThere = await suite.server.ctx.db.selectFrom('items').select('id').execute();
    expect(stillThere.map((row) => row.id)).toEqual(expect.arrayContaining([kept, trashed]));
    expect(await suite.server.ctx.db.selectFrom('item_tags').selectAll().execute()).toEqual([]);
  });

  it('refuses bad input with 422, unknown tags with 404, readers with 403', async () => {
    const tag = (await suite.editor.post('/api/tags', { name: { de: 'Familie' } })).json()
      .tag as Tag;
    const before = await list();
    for (const body of [
      {},
      { name: '' },
      { name: { de: null } },
      { name: { de: 1 } },
      { name: [] },
    ]) {
      const post = await suite.editor.post('/api/tags', body);
      expect(post.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(post.json().errors)).toEqual(['name']);
    }
    // A plain string names the request's language (en): '' clears en, yet de keeps a name.
    for (const body of [{}, { name: { de: '' } }, { name: { de: null, en: ' ' } }, { name: 7 }]) {
      const patch = await suite.editor.patch(`/api/tags/${tag.id}`, body);
      expect(patch.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await suite.editor.patch('/api/tags/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await suite.editor.delete('/api/tags/999999')).statusCode).toBe(404);
    expect((await suite.editor.delete('/api/tags/3000000000')).statusCode).toBe(422);
    expect((await suite.reader.post('/api/tags', { name: 'X' })).statusCode).toBe(403);
    expect((await suite.reader.patch(`/api/tags/${tag.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await suite.reader.delete(`/api/tags/${tag.id}`)).statusCode).toBe(403);
    expect(await list()).toEqual(before);
  });
});
