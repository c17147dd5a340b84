import { LETTER_FOLDS } from '@kinfolio/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FOLDS } from '../../db/migrations/0015_list_order_and_folding.js';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { editorAndReaderSuite, trashingEditorSuite } from '../../test/suite.js';

describe('lists people can steer', () => {
  let posts: ReturnType<typeof itemsApi>;
  const ids = { ada: 0, bob: 0, summer: 0, winter: 0, family: 0, kids: 0, work: 0 };
  const item = { a: 0, b: 0, c: 0, d: 0, aDe: 0, aEn: 0, trashedOriginal: 0, orphanIt: 0 };

  const suite = trashingEditorSuite(async ({ editor }) => {
    const make = linkTargets(editor);
    ids.ada = await make.participant('Ada');
    ids.bob = await make.participant('Bob');
    ids.summer = await make.tag('Summer');
    ids.winter = await make.tag('Winter');
    ids.family = await make.category('Family');
    ids.kids = await make.category('Kids', ids.family);
    ids.work = await make.category('Work');
    posts = itemsApi(editor, 'post');
    const create = async (body: Record<string, unknown>) => (await posts.create(body)).id;
    item.a = await create({
      title: 'Alpha',
      language: 'fr',
      date: '1950-05-01',
      from: [ids.ada],
      tags: [ids.summer],
      categories: [ids.kids],
    });
    item.b = await create({
      title: 'Bravo',
      language: 'fr',
      date: '1960-05-01',
      from: [ids.ada],
      to: [ids.bob],
      tags: [ids.summer, ids.winter],
      categories: [ids.family],
    });
    item.c = await create({
      title: 'Charlie',
      language: 'en',
      date: '1970-05-01',
      to: [ids.ada],
      tags: [ids.summer],
      categories: [ids.work],
    });
    item.d = await create({
      title: 'Delta',
      language: 'de',
      date: '1980-05-01',
      from: [ids.bob],
      categories: [ids.kids],
    });
    // Translations of Alpha (links and date copied from it).
    item.aDe = await create({ title: 'Alpha (de)', language: 'de', parent_id: item.a });
    item.aEn = await create({ title: 'Alpha (en)', language: 'en', parent_id: item.a });
    // A story whose original is in the trash: its oldest live translation stands for it.
    item.trashedOriginal = await create({ title: 'Echo', language: 'fr', date: '1990-01-01' });
    item.orphanIt = await create({
      title: 'Echo (it)',
      language: 'it',
      parent_id: item.trashedOriginal,
    });
    await create({ title: 'Echo (en)', language: 'en', parent_id: item.trashedOriginal });
    await posts.trash(item.trashedOriginal);
  });

  const listed = async (query: Record<string, string | number>) => {
    const page = await posts.list('all', query);
    return { ids: page.data.map((row) => row.id), total: page.meta.total, page };
  };

  it('combines category (with its subtree), participant, tag, language and dates', async () => {
    expect((await listed({ category: ids.family })).ids.sort()).toEqual(
      [item.a, item.b, item.d, item.aDe, item.aEn].sort(),
    );
    const combined = await listed({ category: ids.family, participant: ids.ada, tag: ids.summer });
    expect(combined.ids).toEqual([item.b, item.aEn, item.aDe, item.a]);
    expect(combined.total).toBe(4);
    expect(
      (await listed({ category: ids.family, participant: ids.ada, language: 'fr' })).ids,
    ).toEqual([item.b, item.a]);
    expect(
      (await listed({ participant: ids.ada, date_from: '1955-01-01', date_to: '1970-05-01' })).ids,
    ).toEqual([item.c, item.b]);
    // Two tags: items with both.
    expect((await listed({ tag: ids.winter, participant: ids.bob })).ids).toEqual([item.b]);
    // The route's own filter and the query's combine.
    const page = await posts.filtered('tag', ids.summer, { category: ids.work });
    expect(page.data.map((row) => row.id)).toEqual([item.c]);
    // An unknown category in the query is an empty list, not an error.
    expect(await listed({ category: 999_999 })).toMatchObject({ ids: [], total: 0 });
    // A day range that ends before it starts matches nothing.
    expect((await listed({ date_from: '1990-01-01', date_to: '1950-01-01' })).total).toBe(0);
  });

  it('sorts by date either way or by title', async () => {
    const newest = (await listed({ participant: ids.ada, language: 'fr' })).ids;
    expect(newest).toEqual([item.b, item.a]);
    expect((await listed({ participant: ids.ada, language: 'fr', sort: 'oldest' })).ids).toEqual([
      item.a,
      item.b,
    ]);
    // A single link filter reads the link table; oldest first there too.
    expect((await listed({ participant: ids.ada, sort: 'oldest' })).ids).toEqual([
      item.a,
      item.aDe,
      item.aEn,
      item.b,
      item.c,
    ]);
    const byTitle = await listed({ sort: 'title', per_page: 100 });
    const titles = byTitle.page.data.map((row) => row.title);
    expect(titles).toEqual([
      'Alpha',
      'Alpha (de)',
      'Alpha (en)',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo (en)',
      'Echo (it)',
    ]);
  });

  it('takes page sizes up to 100 and refuses others with 422', async () => {
    for (const per_page of [10, 25, 50, 100]) {
      expect((await listed({ per_page })).page.meta.per_page).toBe(per_page);
    }
    expect((await posts.list('all')).meta.per_page).toBe(20);
    for (const bad of ['0', '101', '-1', 'ten', '2.5']) {
      const response = await suite.editor.get(
        posts.path({ path: '/api/posts-all' }, undefined, { per_page: bad }),
      );
      expect(response.statusCode, bad).toBe(422);
    }
    for (const [key, bad] of [
      ['sort', 'random'],
      ['date_from', '1950-13-01'],
      ['date_to', 'yesterday'],
      ['story_language', 'xx'],
      ['tag', '0'],
    ]) {
      const response = await suite.editor.get(
        posts.path({ path: '/api/posts-all' }, undefined, { [key!]: bad! }),
      );
      expect(response.statusCode, key).toBe(422);
    }
  });

  it('answers a page past the end with no rows and the real last page', async () => {
    const page = (await listed({ participant: ids.ada, per_page: 2, page: 9 })).page;
    expect(page.data).toEqual([]);
    expect(page.meta).toMatchObject({ total: 5, last_page: 3, current_page: 9 });
  });

  it('shows one entry per story, in the reader language when there is one', async () => {
    const everything = await listed({ per_page: 100 });
    expect(everything.total).toBe(8);
    const german = await listed({ story_language: 'de', per_page: 100 });
    // Alpha in German, Bravo, Charlie, Delta as they are, Echo by its oldest live translation.
    expect(german.ids.sort()).toEqual([item.aDe, item.b, item.c, item.d, item.orphanIt].sort());
    expect(german.total).toBe(5);
    const alpha = german.page.data.find((row) => row.id === item.aDe)!;
    expect([...alpha.languages].sort()).toEqual(['de', 'en', 'fr']);
    const english = await listed({ story_language: 'en', per_page: 2 });
    expect(english.total).toBe(5);
    expect(english.page.meta.last_page).toBe(3);
    const all = [
      ...english.ids,
      ...(await listed({ story_language: 'en', per_page: 2, page: 2 })).ids,
      ...(await listed({ story_language: 'en', per_page: 2, page: 3 })).ids,
    ];
    expect(all.sort()).toEqual(
      [
        item.aEn,
        item.b,
        item.c,
        item.d,
        (await posts.single(item.orphanIt)).translations.find((t) => t.language === 'en')!.id,
      ].sort(),
    );
    // Combined with a filter.
    expect((await listed({ story_language: 'fr', participant: ids.ada })).ids).toEqual([
      item.c,
      item.b,
      item.a,
    ]);
  });
});

describe('search folds ß/ss, œ/oe, æ/ae', () => {
  let posts: ReturnType<typeof itemsApi>;
  const ids = { strasse: 0, coeur: 0, aesir: 0 };

  const suite = editorAndReaderSuite(async ({ editor }) => {
    posts = itemsApi(editor, 'post');
    ids.strasse = (
      await posts.create({ title: 'Die Straße', content: '<p>Ein Haus</p>', language: 'de' })
    ).id;
    ids.coeur = (
      await posts.create({ title: 'Lettre', content: '<p>De tout mon cœur</p>', language: 'fr' })
    ).id;
    ids.aesir = (
      await posts.create({ title: 'ÆSIR SAGA', content: '<p>Old tales</p>', language: 'en' })
    ).id;
  });

  const found = async (query: string) =>
    (await posts.list('search', { query })).data.map((row) => row.id);

  it('finds either spelling, in items and /api/search, with marked snippets', async () => {
    for (const query of ['strasse', 'Straße', 'STRASSE', 'strass']) {
      expect(await found(query), query).toEqual([ids.strasse]);
    }
    for (const query of ['coeur', 'cœur', 'Cœu']) {
      expect(await found(query), query).toEqual([ids.coeur]);
    }
    for (const query of ['aesir', 'æsir', 'Æsi']) {
      expect(await found(query), query).toEqual([ids.aesir]);
    }
    const hits = (await posts.list('search', { query: 'coeur' })).data[0]!;
    expect(hits.snippet).toContain('<mark>cœur</mark>');
    const all = (await suite.editor.get('/api/search?query=strasse')).json();
    expect(all.data.map((group: { original_id: number }) => group.original_id)).toEqual([
      ids.strasse,
    ]);
  });

  it('finds records either way too, in /api/records and /api/search', async () => {
    await suite.server.createUser({ email: 'rec@example.com', permissions: ['records.edit'] });
    const recorder = await suite.server.loggedIn('rec@example.com');
    const created = await recorder.post('/api/records', {
      lang: 'de',
      title: 'Großvater erzählt',
      rawtranscription: '[00:00:01] Die Œuvre des Vaters',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().record.id as number;
    for (const query of ['grossvater', 'GROSSV', 'oeuvre']) {
      const records = (await suite.editor.get(`/api/records?query=${query}`)).json();
      expect(
        records.data.map((row: { id: number }) => row.id),
        query,
      ).toEqual([id]);
    }
    const all = (await suite.editor.get('/api/search?query=gro%C3%9Fvater')).json();
    expect(all.data).toEqual([expect.objectContaining({ type: 'record', original_id: id })]);
  });

  it('keeps the index folded after edits', async () => {
    await posts.update(ids.strasse, { title: 'Der Fluß' });
    expect(await found('fluss')).toEqual([ids.strasse]);
    expect(await found('strasse')).toEqual([]);
  });

  it('the migration folds the same letters as the contract', async () => {
    expect(Object.fromEntries(FOLDS)).toEqual(LETTER_FOLDS);
    // Nothing else writes the SQLite index: its triggers fold through the same table.
    if (suite.server.ctx.dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from items_fts where items_fts match '"fluss"'
      `.execute(suite.server.ctx.db);
      expect(Number(rows[0]!.n)).toBe(1);
    }
  });
});
