import type { SearchGroup } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { snippet } from './text.js';

describe('full-text search', () => {
  let server: TestServer;
  let editor: TestClient;
  let posts: ReturnType<typeof itemsApi>;
  const ids = { ecole: 0, english: 0, arabic: 0, markup: 0, mail: 0, trashed: 0, title: 0 };

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'editor@example.com',
      permissions: ['content.edit', 'content.delete'],
    });
    editor = await server.loggedIn('editor@example.com');
    posts = itemsApi(editor, 'post');
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. ';
    ids.ecole = (
      await posts.create({
        title: 'Rentrée',
        content: `<p>${filler.repeat(3)}Les enfants vont à l'<strong>École</strong> du village. ${filler.repeat(3)}</p>`,
        language: 'fr',
        date: '1960-09-01',
      })
    ).id;
    ids.english = (
      await posts.create({
        parent_id: ids.ecole,
        title: 'Back to school',
        content: '<p>The children go to the village school.</p>',
        language: 'en',
      })
    ).id;
    ids.arabic = (
      await posts.create({
        title: 'رسالة',
        content: '<p>ذهب الأطفال إلى المدرسة في القرية</p>',
        language: 'ar',
        date: '1961-01-01',
      })
    ).id;
    ids.markup = (
      await posts.create({
        title: 'Tags',
        content: '<p>Use &lt;script&gt; carefully: écoles &amp; "quotes"</p>',
        language: 'en',
        date: '1950-01-01',
      })
    ).id;
    ids.title = (
      await posts.create({ title: 'Ecole normale', content: '<p>Nothing</p>', language: 'fr' })
    ).id;
    ids.trashed = (await posts.create({ title: 'ecole trashed', content: '', language: 'fr' })).id;
    await posts.trash(ids.trashed);
    ids.mail = (
      await itemsApi(editor, 'mail').create({
        title: 'Lettre',
        content: '<p>Une lettre de l’école</p>',
        language: 'fr',
      })
    ).id;
  });
  afterAll(() => server.close());

  const search = (query: string, extra: Record<string, string> = {}) =>
    posts.list('search', { query, ...extra });

  it('finds accented words without accents, by prefix, ranked by relevance', async () => {
    const hits = await search('ecole');
    // Title matches rank first; the trashed item and the mail are left out.
    expect(hits.data[0]!.id).toBe(ids.title);
    expect(hits.data.map((row) => row.id).sort()).toEqual(
      [ids.ecole, ids.markup, ids.title].sort(),
    );
    expect((await search('ÉCOL')).data.map((row) => row.id).sort()).toEqual(
      [ids.ecole, ids.markup, ids.title].sort(),
    );
    // Every word must match; only the last one is a prefix.
    expect((await search('enfants vill')).data.map((row) => row.id)).toEqual([ids.ecole]);
    expect((await search('enfan village')).data).toEqual([]);
    expect((await search('ecole', { language: 'en' })).data.map((row) => row.id)).toEqual([
      ids.markup,
    ]);
    expect((await search('école')).meta.total).toBe(3);
  });

  it('gives an escaped snippet around the first match with the matches marked', async () => {
    const hit = (await search('ecole')).data.find((row) => row.id === ids.ecole)!;
    expect(hit.snippet).toContain('Les enfants vont à l&#39;<mark>École</mark> du village.');
    expect(hit.snippet!.startsWith('…')).toBe(true);
    expect(hit.snippet!.endsWith('…')).toBe(true);
    const plain = hit.snippet!.replace(/<\/?mark>/g, '').replace(/…/g, '');
    expect(plain.length).toBeGreaterThan(140);
    expect(plain.length).toBeLessThan(170);

    const escaped = (await search('script')).data[0]!;
    expect(escaped.snippet).toBe(
      'Use &lt;<mark>script</mark>&gt; carefully: écoles &amp; &quot;quotes&quot;',
    );
    const titleOnly = (await search('normale')).data[0]!;
    expect(titleOnly.snippet).toBe('Ecole <mark>normale</mark>');
  });

  it('searches Arabic text', async () => {
    const hits = await search('المدرسة');
    expect(hits.data.map((row) => row.id)).toEqual([ids.arabic]);
    expect(hits.data[0]!.snippet).toContain('<mark>المدرسة</mark>');
    expect((await search('رسال')).data.map((row) => row.id)).toEqual([ids.arabic]);
  });

  it('ignores queries under three characters and neutralises search syntax', async () => {
    const all = await posts.list('all');
    const short = await search('ec');
    expect(short.meta.total).toBe(all.meta.total);
    expect(short.data.every((row) => row.snippet === undefined)).toBe(true);
    for (const query of ['"ecole', 'ecole*', 'ecole OR x', 'NEAR(a b)', "'; drop table items"]) {
      const response = await editor.get(
        posts.path({ path: '/api/posts-search' }, undefined, { query }),
      );
      expect(response.statusCode, query).toBe(200);
    }
    expect((await search('ecole" OR "x')).data).toEqual([]);
    expect((await search('!!!')).meta.total).toBe(0);
  });

  it('keeps the index in sync with edits, trash, restore and hard delete', async () => {
    const item = await posts.create({ title: 'Zeppelin', content: '', language: 'de' });
    expect((await search('zeppelin')).data.map((row) => row.id)).toEqual([item.id]);
    await posts.update(item.id, { title: 'Luftschiff' });
    expect((await search('zeppelin')).data).toEqual([]);
    expect((await search('luftschiff')).data.map((row) => row.id)).toEqual([item.id]);
    await posts.update(item.id, { language: 'it' });
    expect((await search('luftschiff', { language: 'de' })).data).toEqual([]);
    expect((await search('luftschiff', { language: 'it' })).meta.total).toBe(1);
    await posts.trash(item.id);
    expect((await search('luftschiff')).data).toEqual([]);
    await posts.restore(item.id);
    expect((await search('luftschiff')).data.map((row) => row.id)).toEqual([item.id]);
    await posts.trash(item.id);
    await posts.hardDelete(item.id);
    expect((await search('luftschiff')).data).toEqual([]);
  });

  it('searches all types at once, grouping versions by original', async () => {
    const response = await editor.get('/api/search?query=school');
    expect(response.statusCode).toBe(200);
    const body = response.json() as PageBody<SearchGroup>;
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      type: 'post',
      original_id: ids.ecole,
      versions: [
        { id: ids.ecole, language: 'fr', matched: false },
        { id: ids.english, language: 'en', matched: true },
      ],
    });
    expect(body.data[0]!.versions[1]!.snippet).toBe(
      'The children go to the village <mark>school</mark>.',
    );
    const ecole = (await editor.get('/api/search?query=ecole')).json() as PageBody<SearchGroup>;
    expect(ecole.data.map((group) => [group.type, group.original_id]).sort()).toEqual(
      [
        ['mail', ids.mail],
        ['post', ids.ecole],
        ['post', ids.markup],
        ['post', ids.title],
      ].sort(),
    );
    expect(
      ((await editor.get('/api/search?query=ec')).json() as PageBody<SearchGroup>).data,
    ).toEqual([]);
  });
});

describe('snippet', () => {
  it('marks every match in the window and escapes the rest', () => {
    expect(snippet('<b>Émile</b> & emilie', ['emil'])).toBe(
      '&lt;b&gt;<mark>Émil</mark>e&lt;/b&gt; &amp; <mark>emil</mark>ie',
    );
    expect(snippet('nothing here', ['zzz'])).toBe('');
  });
});
