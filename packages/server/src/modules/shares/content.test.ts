import {
  itemRoutes,
  routePath,
  routes,
  type PublicItem,
  type PublicShare,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADER } from '../../http/response-cache.js';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { seedArchive, share, type SeededArchive } from './test-archive.js';

describe('shares: what the public page receives', () => {
  let server: TestServer;
  let archive: SeededArchive;
  let visitor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    archive = await seedArchive(server);
    visitor = server.client();
  });
  afterAll(() => server?.close());

  const open = async (token: string, query?: Record<string, string | number>) => {
    const response = await visitor.get(routePath('publicShare', { params: { token }, query }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PublicShare;
  };
  const fileUrl = (token: string, fileId: number) =>
    routePath('publicShareFile', { params: { token, fileId } });

  it('an item: text with links to what is shared only, translations, names, no account data', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'posts',
      target_id: ids.post,
      label: 'Pour Mamie',
    });
    const answer = await open(made.token);
    expect(answer.share).toMatchObject({
      target_type: 'posts',
      title: 'Pour Mamie',
      shared_by: 'Sam Sharer',
      expires_at: null,
      show_names: true,
      allow_download: false,
      include_translations: true,
      site: { name: null, picture_url: null },
    });
    if (answer.content.kind !== 'item') throw new Error('an item');
    const { item } = answer.content;
    expect(item).toMatchObject({
      id: ids.post,
      type: 'post',
      language: 'fr',
      from: ['Lucie Martin'],
    });
    expect(item.tags).toEqual(['mariage']);
    expect(item.translations.map((t) => [t.id, t.language])).toEqual([[ids.translation, 'en']]);
    // The mail and the media are not shared: their links are plain text; the web link stays.
    expect(item.content).toContain('<span>la lettre</span>');
    expect(item.content).toContain('<span>les photos</span>');
    expect(item.content).toContain('href="https://example.org/rome"');
    expect(item.content).toContain('rel="noopener noreferrer"');
    // The dream's picture is not shared: gone from the text.
    expect(item.content).not.toContain('<img');
    expect(item.files).toEqual([
      expect.objectContaining({
        id: files.postPhoto,
        mime: 'image/jpeg',
        url: null,
        download_url: null,
        thumbnail_url: `${fileUrl(made.token, files.postPhoto)}?thumb=1`,
      }),
    ]);
    const text = JSON.stringify(answer);
    expect(text).not.toContain('@example.com');
    expect(text).not.toMatch(/permissions|email|password/);
    expect(text).not.toContain('/api/files/');
  });

  it('links to shared items lead to their place on the page; names hidden on request', async () => {
    const { ids, files } = archive;
    const made = await share(archive.editor, {
      target_type: 'selection',
      ids: [ids.post, ids.mail, ids.dream],
      show_names: false,
    });
    const opened = await visitor.get(
      routePath('publicShareItem', { params: { token: made.token, id: ids.post } }),
    );
    expect(opened.statusCode).toBe(200);
    const { item } = opened.json() as { item: PublicItem };
    expect(item.content).toContain(`href="/s/${made.token}/items/${ids.mail}"`);
    expect(item.content).toContain('<span>les photos</span>');
    expect(item.content).toContain(`src="${fileUrl(made.token, files.dreamPhoto)}?thumb=1"`);
    expect(item.from).toEqual([]);
    expect(item.to).toEqual([]);
    const page = await open(made.token);
    expect(page.share.title).toBeNull();
  });

  it('a record: transcript with time codes, parts through the link, names as asked', async () => {
    const { ids, files } = archive;
    const shown = await share(archive.editor, { target_type: 'records', target_id: ids.record });
    const answer = await open(shown.token);
    if (answer.content.kind !== 'record') throw new Error('a record');
    const { record } = answer.content;
    expect(record).toMatchObject({
      id: ids.record,
      title: 'Entretien avec Lucie',
      owner: 'Paul Martin',
      people: ['Lucie Martin'],
      transcript: '[00:00:05] Bonjour Lucie. [00:01:10] Parlez-moi de Rome.',
      mp3_url: null,
    });
    expect(record.parts.map((p) => [p.id, p.position, p.url])).toEqual([
      [files.recordPart1, 0, fileUrl(shown.token, files.recordPart1)],
      [files.recordPart2, 1, fileUrl(shown.token, files.recordPart2)],
    ]);
    // Audio plays (and seeks) without downloads allowed, never as an attachment.
    const range = await visitor.send('GET', record.parts[0]!.url!, undefined, {
      headers: { range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toMatch(/^bytes 0-9\//);
    expect(String(range.headers['content-disposition'])).toMatch(/^inline/);
    const download = await visitor.get(`${record.parts[0]!.url!}?download=1`);
    expect(download.statusCode).toBe(403);

    const hidden = await share(archive.editor, {
      target_type: 'records',
      target_id: ids.record,
      show_names: false,
    });
    const quiet = await open(hidden.token);
    if (quiet.content.kind !== 'record') throw new Error('a record');
    expect(quiet.content.record).toMatchObject({ owner: null, people: [] });
  });

  it('downloads: originals only when allowed, as attachments when asked', async () => {
    const { ids, files } = archive;
    const closed = await share(archive.editor, { target_type: 'mails', target_id: ids.mail });
    expect((await visitor.get(fileUrl(closed.token, files.mailPdf))).statusCode).toBe(403);
    const opened = await share(archive.editor, {
      target_type: 'mails',
      target_id: ids.mail,
      allow_download: true,
    });
    const answer = await open(opened.token);
    if (answer.content.kind !== 'item') throw new Error('an item');
    const pdf = answer.content.item.files[0]!;
    expect(pdf.url).toBe(fileUrl(opened.token, files.mailPdf));
    const inline = await visitor.get(pdf.url!);
    expect(inline.statusCode).toBe(200);
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline/);
    const attachment = await visitor.get(pdf.download_url!);
    expect(attachment.statusCode).toBe(200);
    expect(String(attachment.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('a list: each story once in the reader’s language, pages, search inside the share only', async () => {
    const { ids } = archive;
    const made = await share(archive.editor, {
      target_type: 'participants',
      target_id: ids.person,
    });
    const first = await open(made.token, { per_page: 2 });
    if (first.content.kind !== 'list') throw new Error('a list');
    expect(first.content.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    const second = await open(made.token, { per_page: 2, page: 2 });
    if (second.content.kind !== 'list') throw new Error('a list');
    const all = [...first.content.data, ...second.content.data].map((e) => `${e.type}:${e.id}`);
    // The trip is told in French and in English: an English reader gets the English one.
    expect(all.sort()).toEqual(
      [`post:${ids.translation}`, `mail:${ids.mail}`, `record:${ids.record}`].sort(),
    );
    visitor.language = 'fr';
    const french = await open(made.token);
    visitor.language = 'en';
    if (french.content.kind !== 'list') throw new Error('a list');
    expect(french.content.data.map((e) => e.id)).toContain(ids.post);
    expect(french.content.data.map((e) => e.id)).not.toContain(ids.translation);
    // Without translations, each version is an entry of its own.
    const versions = await share(archive.editor, {
      target_type: 'participants',
      target_id: ids.person,
      include_translations: false,
    });
    const separate = await open(versions.token);
    expect(separate.content.kind === 'list' && separate.content.meta.total).toBe(4);
    const found = await open(made.token, { q: 'lucie' });
    if (found.content.kind !== 'list') throw new Error('a list');
    expect(found.content.data.map((e) => `${e.type}:${e.id}`).sort()).toEqual(
      [`mail:${ids.mail}`, `record:${ids.record}`].sort(),
    );
    // A word of an item outside the share finds nothing.
    const outside = await open(made.token, { q: 'dimanche' });
    expect(outside.content.kind === 'list' && outside.content.meta.total).toBe(0);
    const category = await share(archive.editor, {
      target_type: 'categories',
      target_id: ids.categoryA,
    });
    const photos = await open(category.token, { q: 'voyage' });
    if (photos.content.kind !== 'list') throw new Error('a list');
    expect(photos.content.data.map((e) => e.id)).toEqual([ids.post]);
    expect(photos.content.data[0]!.thumbnail_url).toMatch(
      new RegExp(`^/api/public/${category.token}/files/\\d+\\?thumb=1$`),
    );
  });

  it('every public answer: no-store, no referrer, not indexed (errors too)', async () => {
    const made = await share(archive.editor, {
      target_type: 'posts',
      target_id: archive.ids.post,
      password: 'mot-de-passe',
    });
    const answers = [
      await visitor.get(routePath('publicShare', { params: { token: made.token } })),
      await visitor.get(routePath('publicShare', { params: { token: 'nope' } })),
      await visitor.get('/api/public/nope/unknown/route'),
      await visitor.post(routePath('publicShareUnlock', { params: { token: made.token } }), {
        password: 'mot-de-passe',
      }),
      await visitor.get(routePath('publicShare', { params: { token: made.token } })),
      await visitor.get(`${fileUrl(made.token, archive.files.postPhoto)}?thumb=1`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 404, 204, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-robots-tag']).toBe('noindex');
      expect(answer.headers[CACHE_STATUS_HEADER]).toBeUndefined();
    }
  });

  it('no public route is ever kept by the response cache', () => {
    const publicRoutes = Object.values(routes).filter((route) => route.access === 'public');
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of publicRoutes) expect('cache' in route, route.path).toBe(false);
  });

  it('the response cache: a private answer is never served publicly, nor the reverse; links bump nothing', async () => {
    const { ids } = archive;
    const reader = archive.editor;
    const single = routePath('post.single', { params: { id: ids.post } });
    expect(itemRoutes.post.single.cache).toBe('archive');
    await reader.get(single);
    const kept = await reader.get(single);
    expect(kept.headers[CACHE_STATUS_HEADER]).toBe('hit');
    // Without a session, the same address is refused before the cache is asked.
    const anonymous = await visitor.get(single);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers[CACHE_STATUS_HEADER]).toBeUndefined();
    expect(anonymous.body).not.toContain('Le voyage en Italie');

    // Making, opening, changing and revoking links leave the archive's stamp (and so the cache) alone.
    const before = (await server.ctx.readStamps()).archive;
    const made = await share(archive.editor, { target_type: 'posts', target_id: ids.post });
    await open(made.token);
    await open(made.token);
    await archive.editor.patch(routePath('shareUpdate', { params: { id: made.id } }), {
      show_names: false,
    });
    await archive.editor.delete(routePath('shareDelete', { params: { id: made.id } }));
    expect((await server.ctx.readStamps()).archive).toBe(before);
    expect((await reader.get(single)).headers[CACHE_STATUS_HEADER]).toBe('hit');

    // A public answer read by a logged-in browser is computed for the link, never kept.
    const again = await share(archive.editor, { target_type: 'posts', target_id: ids.post });
    const url = routePath('publicShare', { params: { token: again.token } });
    for (const client of [reader, visitor, reader]) {
      const answer = await client.get(url);
      expect(answer.headers[CACHE_STATUS_HEADER]).toBeUndefined();
      expect(answer.json().share.shared_by).toBe('Sam Sharer');
    }
  });
});
