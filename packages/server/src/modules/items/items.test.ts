import {
  ITEM_BASES,
  ITEM_TYPES,
  itemFieldsOf,
  itemRoutes,
  type ItemFields,
  type ItemType,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';

/** The next type in the list: its routes must not see this type's items. */
const other = (type: ItemType) => ITEM_TYPES[(ITEM_TYPES.indexOf(type) + 1) % ITEM_TYPES.length]!;

/** Values of the type's own fields: each enum's `pick`th value, each flag `flag`. */
function fieldValues(type: ItemType, pick: number, flag: boolean): ItemFields {
  return Object.fromEntries(
    itemFieldsOf(type).map(([name, def]) => [
      name,
      def.kind === 'boolean' ? flag : def.values[pick % def.values.length]!,
    ]),
  );
}

describe('items of each type', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  const ids = { ada: 0, bob: 0, cy: 0, tag: 0, otherTag: 0, root: 0, child: 0, other: 0 };

  // One server for every type: every list is per type, so they do not see each other.
  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader(['content.delete']));
    const make = async (url: string, body: unknown, key: string) =>
      (await editor.post(url, body)).json()[key].id as number;
    ids.ada = await make('/api/participants', { name: 'Ada' }, 'participant');
    ids.bob = await make('/api/participants', { name: 'Bob' }, 'participant');
    ids.cy = await make('/api/participants', { name: 'Cy' }, 'participant');
    ids.tag = await make('/api/tags', { name: { en: 'Summer', fr: 'Été' } }, 'tag');
    ids.otherTag = await make('/api/tags', { name: 'Winter' }, 'tag');
    ids.root = await make('/api/categories', { name: 'Family' }, 'category');
    ids.child = await make('/api/categories', { name: 'Kids', parent_id: ids.root }, 'category');
    ids.other = await make('/api/categories', { name: 'Work' }, 'category');
  });
  afterAll(() => server.close());

  describe.each(ITEM_TYPES)('%s', (type) => {
    let api: ReturnType<typeof itemsApi>;
    let readerApi: ReturnType<typeof itemsApi>;
    beforeAll(() => {
      api = itemsApi(editor, type);
      readerApi = itemsApi(reader, type);
    });

    it('creates an item with sanitised content, links with names and defaults', async () => {
      const item = await api.create({
        title: '  A summer letter ',
        content:
          '<p onclick="x()">Dear <strong>Bob</strong> &amp; co<script>alert(1)</script></p>' +
          '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">ok</a>' +
          '<img src="data:image/png;base64,AAAA"><img src="data:text/html;base64,AAAA">' +
          '<style>p{}</style><iframe src="https://evil"></iframe><h2>Title</h2><ul><li>one</li></ul>',
        from: [ids.ada],
        to: [ids.bob, ids.cy, ids.bob],
        tags: [ids.tag],
        categories: [ids.child],
        date: '1954-06-12',
        language: 'fr',
      });
      expect(item).toMatchObject({
        type,
        title: 'A summer letter',
        from: [{ id: ids.ada, name: 'Ada' }],
        to: [
          { id: ids.bob, name: 'Bob' },
          { id: ids.cy, name: 'Cy' },
        ],
        tags: [{ id: ids.tag, name: { en: 'Summer', fr: 'Été', it: null, de: null } }],
        categories: [{ id: ids.child, name: { en: 'Kids' } }],
        date: '1954-06-12T00:00:00.000Z',
        language: 'fr',
        original_language: 'fr',
        parent_id: null,
        status: 'published',
        deleted_at: null,
        languages: ['fr'],
        revisions_count: 0,
      });
      expect(item.content).toBe(
        '<p>Dear <strong>Bob</strong> &amp; co</p><a>bad</a>' +
          '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>' +
          '<img src="data:image/png;base64,AAAA" /><h2>Title</h2><ul><li>one</li></ul>',
      );
      expect(item.translations).toEqual([
        {
          id: item.id,
          language: 'fr',
          title: 'A summer letter',
          parent_id: null,
          deleted_at: null,
        },
      ]);
      expect(await readerApi.single(item.id)).toEqual(item);
      // Another type's routes do not see it.
      expect((await itemsApi(reader, other(type)).singleRaw(item.id)).statusCode).toBe(404);
    });

    it('keeps its own fields on create, in revisions and on update, and refuses others', async () => {
      const empty = Object.fromEntries(
        itemFieldsOf(type).map(([name, def]) => [name, def.kind === 'boolean' ? false : null]),
      );
      expect((await api.create({ title: 'plain', language: 'en' })).fields).toEqual(empty);
      const first = fieldValues(type, 0, true);
      const item = await api.create({ title: 'own', language: 'en', fields: first });
      expect(item.fields).toEqual(first);
      const second = fieldValues(type, 1, false);
      const updated = await api.update(item.id, { fields: second });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().revision).toBe(itemFieldsOf(type).length > 0);
      expect((await readerApi.single(item.id)).fields).toEqual(second);
      if (itemFieldsOf(type).length) {
        const revisions = (await reader.get(api.path(itemRoutes[type].revisions, item.id))).json();
        expect(revisions.data[0].data.fields).toEqual(first);
        const row = (await readerApi.list('all', { language: 'en' })).data.find(
          (r) => r.id === item.id,
        );
        expect(row?.fields).toEqual(second);
      }
      // A name the type does not define, or a value outside a field's kind, is a 422.
      const refused = [{ not_a_field: true }];
      for (const [name, def] of itemFieldsOf(type)) {
        refused.push({ [name]: def.kind === 'boolean' ? 'yes' : 'not-a-value' } as never);
      }
      for (const fields of refused) {
        const response = await api.createRaw({ title: 'x', language: 'en', fields });
        expect(response.statusCode, JSON.stringify(fields)).toBe(422);
        expect((await api.update(item.id, { fields })).statusCode).toBe(422);
      }
      expect((await readerApi.single(item.id)).fields).toEqual(second);
    });

    it('filters by category with descendants, participant in either role, tag and language', async () => {
      const make = (fields: Record<string, unknown>) =>
        api.create({ title: 'x', language: 'en', ...fields });
      const inRoot = await make({ categories: [ids.root], date: '2001-01-01', from: [ids.cy] });
      const inChild = await make({ categories: [ids.child], date: '2002-01-01', to: [ids.cy] });
      const inOther = await make({
        categories: [ids.other],
        date: '2003-01-01',
        tags: [ids.otherTag],
      });
      const german = await make({ language: 'de', date: '2004-01-01', tags: [ids.otherTag] });
      const trashed = await make({ categories: [ids.root], to: [ids.cy], tags: [ids.otherTag] });
      expect((await api.trash(trashed.id)).statusCode).toBe(200);

      const idsOf = (page: { data: { id: number }[] }) => page.data.map((row) => row.id);
      expect(idsOf(await readerApi.filtered('category', ids.root))).toEqual(
        expect.arrayContaining([inChild.id, inRoot.id]),
      );
      const rootIds = idsOf(await readerApi.filtered('category', ids.root));
      expect(rootIds).not.toContain(inOther.id);
      expect(rootIds).not.toContain(trashed.id);
      expect(idsOf(await readerApi.filtered('category', ids.child))).not.toContain(inRoot.id);
      const byCy = idsOf(await readerApi.filtered('participant', ids.cy));
      expect(byCy.slice(0, 2)).toEqual([inChild.id, inRoot.id]);
      expect(byCy).not.toContain(trashed.id);
      expect(idsOf(await readerApi.filtered('tag', ids.otherTag))).toEqual([german.id, inOther.id]);
      expect(idsOf(await readerApi.filtered('tag', ids.otherTag, { language: 'de' }))).toEqual([
        german.id,
      ]);
      expect(idsOf(await readerApi.list('all', { language: 'de' }))).toEqual([german.id]);
      expect(idsOf(await readerApi.list('deleted'))).toEqual([trashed.id]);
      for (const by of ['category', 'participant', 'tag'] as const) {
        expect((await reader.get(api.path(itemRoutes[type][by], 99999))).statusCode).toBe(404);
      }

      // Newest date first, with a plain-text preview and the languages instead of the content.
      const all = await readerApi.list('all');
      const dates = all.data.map((row) => row.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const row = all.data.find((r) => r.id === inRoot.id)!;
      expect(row).not.toHaveProperty('content');
      expect(row).toMatchObject({
        preview: '',
        languages: ['en'],
        from: [{ id: ids.cy, name: 'Cy' }],
      });
    });

    it('previews 150 characters of text without markup, entities decoded', async () => {
      const long = 'é'.repeat(200);
      const item = await api.create({
        content: `<p>Tom &amp; Jerry &lt;3</p><p>${long}</p>`,
        language: 'it',
        date: '2999-01-01',
      });
      const row = (await readerApi.list('all', { language: 'it' })).data[0]!;
      expect(row.id).toBe(item.id);
      expect(row.preview).toBe(`Tom & Jerry <3 ${long}`.slice(0, 150));
    });

    it('paginates in the Laravel shape and refuses bad page parameters with 422', async () => {
      for (let i = 0; i < 5; i++) {
        await api.create({ title: `p${i}`, language: 'ar', date: `1990-01-0${i + 1}` });
      }
      const page = await readerApi.list('all', { language: 'ar', per_page: 2, page: 2 });
      expect(page.data.map((row) => row.title)).toEqual(['p2', 'p1']);
      const path = `http://kinfolio.test${base(type)}-all`;
      expect(page.meta).toEqual({
        current_page: 2,
        from: 3,
        last_page: 3,
        path,
        per_page: 2,
        to: 4,
        total: 5,
      });
      expect(page.links).toEqual({
        first: `${path}?language=ar&per_page=2&page=1`,
        last: `${path}?language=ar&per_page=2&page=3`,
        prev: `${path}?language=ar&per_page=2&page=1`,
        next: `${path}?language=ar&per_page=2&page=3`,
      });
      const beyond = await readerApi.list('all', { language: 'ar', page: 9 });
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ from: null, to: null, total: 5, per_page: 20 });
      expect((await readerApi.list('deleted')).meta.per_page).toBe(30);
      for (const query of ['per_page=0', 'per_page=101', 'per_page=abc', 'page=0', 'language=es']) {
        const response = await reader.get(`${base(type)}-all?${query}`);
        expect(response.statusCode, query).toBe(422);
      }
    });

    it('refuses bad bodies with 422 naming the field, and writes nothing', async () => {
      const count = async () =>
        Number(
          (
            await server.ctx.db
              .selectFrom('items')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ title: 'no language' }, 'language'],
        [{ language: 'es' }, 'language'],
        [{ language: 'fr', date: 'yesterday' }, 'date'],
        [{ language: 'fr', status: 'archived' }, 'status'],
        [{ language: 'fr', to: [ids.bob, 99999] }, 'to'],
        [{ language: 'fr', from: [99999] }, 'from'],
        [{ language: 'fr', tags: [99999] }, 'tags'],
        [{ language: 'fr', categories: [99999] }, 'categories'],
        [{ language: 'fr', tags: 'x' }, 'tags'],
        [{ language: 'fr', title: 'a\u0000b' }, 'title'],
        [{ language: 'fr', parent_id: 99999 }, 'parent_id'],
      ];
      for (const [body, field] of cases) {
        const response = await api.createRaw(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
      }
      expect(await count()).toBe(before);

      const item = await api.create({ title: 'kept', language: 'fr', tags: [ids.tag] });
      const refused = await api.update(item.id, { title: 'changed', tags: [ids.tag, 99999] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ tags: ['Some of these tags do not exist.'] });
      expect(await readerApi.single(item.id)).toEqual(item);
      expect((await api.update(99999, { title: 'x' })).statusCode).toBe(404);
      const forbidden = await itemsApi(reader, type).createRaw({ language: 'fr' });
      expect(forbidden.statusCode).toBe(403);
    });
  });
});

const base = (type: ItemType) => ITEM_BASES[type];
