import {
  routePath,
  SESSION_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  type PublicShare,
  type Share,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { UNLOCK_COOKIE } from './tokens.js';
import { seedArchive, share, type SeededArchive } from './test-archive.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe('shares: expiry, password, revoke, changes of what is shared', () => {
  let server: TestServer;
  let archive: SeededArchive;
  let visitor: TestClient;
  // The server's clock, moved by the expiry test.
  let clock = Date.now();

  beforeAll(async () => {
    server = await createTestServer({ now: () => new Date(clock) });
    archive = await seedArchive(server);
    visitor = server.client();
  });
  afterAll(() => server?.close());

  const open = (token: string, headers: Record<string, string> = {}) =>
    visitor.send('GET', routePath('publicShare', { params: { token } }), undefined, { headers });
  const item = (token: string, id: number) =>
    visitor.get(routePath('publicShareItem', { params: { token, id } }));
  const unlock = (token: string, password: string) =>
    visitor.post(routePath('publicShareUnlock', { params: { token } }), { password });
  const update = (client: TestClient, id: number, body: Record<string, unknown>) =>
    client.patch(routePath('shareUpdate', { params: { id } }), body);
  const mine = async (client: TestClient): Promise<Share[]> =>
    (await client.get(routePath('shares', { query: { per_page: 100 } }))).json().data;

  it('an expired link answers 410 until its expiry is moved on', async () => {
    const made = await share(archive.editor, {
      target_type: 'posts',
      target_id: archive.ids.post,
      expires_at: new Date(clock + 30 * MINUTE).toISOString(),
    });
    expect((await open(made.token)).statusCode).toBe(200);
    // Within the editor's session lifetime (two hours), which the same clock ends.
    clock += 40 * MINUTE;
    const expired = await open(made.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: expect.stringContaining('expired') });
    const file = await visitor.get(
      routePath('publicShareFile', {
        params: { token: made.token, fileId: archive.files.postPhoto },
      }),
    );
    expect(file.statusCode).toBe(410);
    expect((await mine(archive.editor)).find((s) => s.id === made.id)?.expired).toBe(true);

    const past = await update(archive.editor, made.id, {
      expires_at: new Date(clock - DAY).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.expires_at).toBeDefined();
    const extended = await update(archive.editor, made.id, {
      expires_at: new Date(clock + 7 * DAY).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().share.expired).toBe(false);
    expect((await open(made.token)).statusCode).toBe(200);
    const never = await update(archive.editor, made.id, { expires_at: null });
    expect(never.json().share.expires_at).toBeNull();
  });

  it('a password: nothing before unlocking, a cookie for this link only', async () => {
    const a = await share(archive.editor, {
      target_type: 'records',
      target_id: archive.ids.record,
      password: 'grand-mère',
    });
    const b = await share(archive.editor, {
      target_type: 'posts',
      target_id: archive.ids.post,
      password: 'grand-mère',
    });
    const locked = await open(a.token);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ message: expect.any(String), password_required: true });
    const part = routePath('publicShareFile', {
      params: { token: a.token, fileId: archive.files.recordPart1 },
    });
    expect((await visitor.get(part)).statusCode).toBe(401);

    const wrong = await unlock(a.token, 'grand-pere');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().password_required).toBeUndefined();
    expect(visitor.cookies.has(UNLOCK_COOKIE)).toBe(false);

    const right = await unlock(a.token, 'grand-mère');
    expect(right.statusCode).toBe(204);
    const cookie = right.cookies.find((c) => c.name === UNLOCK_COOKIE)!;
    expect(cookie.path).toBe(`/api/public/${a.token}`);
    expect(cookie.httpOnly).toBe(true);
    const withCookie = { cookie: `${UNLOCK_COOKIE}=${cookie.value}` };
    expect((await open(a.token, withCookie)).statusCode).toBe(200);
    const bytes = await visitor.send('GET', part, undefined, { headers: withCookie });
    expect(bytes.statusCode).toBe(200);
    // The same cookie sent to another link (which a browser would not even do) opens nothing.
    expect((await open(b.token, withCookie)).statusCode).toBe(401);

    // A new password ends the unlocks made with the old one; removing it opens the link.
    const changed = await update(archive.editor, a.id, { password: 'autre-chose' });
    expect(changed.json().share.has_password).toBe(true);
    expect((await open(a.token, withCookie)).statusCode).toBe(401);
    await update(archive.editor, a.id, { password: null });
    expect((await open(a.token)).statusCode).toBe(200);
  });

  it('revoked: 404 at once, everywhere; listed as revoked with its audit entries', async () => {
    const made = await share(archive.editor, { target_type: 'posts', target_id: archive.ids.post });
    expect((await open(made.token)).statusCode).toBe(200);
    const revoked = await archive.editor.delete(
      routePath('shareDelete', { params: { id: made.id } }),
    );
    expect(revoked.statusCode).toBe(204);
    expect((await open(made.token)).statusCode).toBe(404);
    expect((await item(made.token, archive.ids.post)).statusCode).toBe(404);
    const listed = (await mine(archive.editor)).find((s) => s.id === made.id)!;
    expect(listed).toMatchObject({ revoked: true, views: 1 });
    expect((await update(archive.editor, made.id, { label: 'x' })).statusCode).toBe(409);
    // Revoking again changes nothing.
    const again = await archive.editor.delete(
      routePath('shareDelete', { params: { id: made.id } }),
    );
    expect(again.statusCode).toBe(204);
    const events = await server.ctx.db
      .withTables<{ share_events: { share_id: number; kind: string } }>()
      .selectFrom('share_events')
      .select('kind')
      .where('share_id', '=', made.id)
      .orderBy('id' as never)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['created', 'revoked']);
  });

  it('a category link follows the category: an item moved out leaves at once', async () => {
    const { ids } = archive;
    const made = await share(archive.editor, {
      target_type: 'categories',
      target_id: ids.categoryA,
      include_translations: false,
    });
    const listed = async () => {
      const page = (await open(made.token)).json() as PublicShare;
      return page.content.kind === 'list' ? page.content.data.map((e) => e.id).sort() : [];
    };
    expect(await listed()).toContain(ids.media);
    expect((await item(made.token, ids.media)).statusCode).toBe(200);

    const media = itemsApi(archive.editor, 'media');
    expect((await media.update(ids.media, { categories: [ids.categoryB] })).statusCode).toBe(200);
    expect(await listed()).not.toContain(ids.media);
    expect((await item(made.token, ids.media)).statusCode).toBe(404);
    const photo = routePath('publicShareFile', {
      params: { token: made.token, fileId: archive.files.mediaPhoto },
    });
    expect((await visitor.get(`${photo}?thumb=1`)).statusCode).toBe(404);

    // A new item in a subcategory comes in, as does the moved one coming back.
    const added = await itemsApi(archive.editor, 'post').create({
      title: 'Nouveau souvenir',
      language: 'fr',
      categories: [ids.categoryA1],
    });
    await media.update(ids.media, { categories: [ids.categoryA1] });
    expect(await listed()).toEqual(expect.arrayContaining([added.id, ids.media]));
    expect((await item(made.token, added.id)).statusCode).toBe(200);
  });

  it('an item deleted for good takes its links with it', async () => {
    const post = await itemsApi(archive.editor, 'post').create({
      title: 'Éphémère',
      language: 'fr',
    });
    const made = await share(archive.editor, { target_type: 'posts', target_id: post.id });
    const chosen = await share(archive.editor, {
      target_type: 'selection',
      ids: [post.id, archive.ids.dream],
    });
    expect((await itemsApi(archive.editor, 'post').trash(post.id)).statusCode).toBe(200);
    // In the trash: the link shows nothing, but lives on (the item may come back).
    expect((await open(made.token)).statusCode).toBe(404);
    expect((await itemsApi(archive.editor, 'post').hardDelete(post.id)).statusCode).toBe(200);
    const ids = (await mine(archive.editor)).map((s) => s.id);
    expect(ids).not.toContain(made.id);
    expect(ids).toContain(chosen.id);
    expect((await mine(archive.editor)).find((s) => s.id === chosen.id)?.selection_size).toBe(1);
  });

  it('a participant merged into another: their link shows the one kept', async () => {
    const people = linkTargets(archive.editor);
    const kept = await people.participant('Tante Jeanne');
    const merged = await people.participant('Jeanne (tante)');
    const post = itemsApi(archive.editor, 'post');
    const first = await post.create({ title: 'Chez Jeanne', language: 'fr', from: [kept] });
    const second = await post.create({ title: 'Lettre de Jeanne', language: 'fr', from: [merged] });
    const made = await share(archive.editor, { target_type: 'participants', target_id: merged });
    const merge = await archive.editor.post(routePath('participantMerge'), {
      participants: [kept, merged],
      participantToKeep: kept,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const page = (await open(made.token)).json() as PublicShare;
    expect(page.content.kind === 'list' && page.content.data.map((e) => e.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    const listed = (await mine(archive.editor)).find((s) => s.id === made.id);
    expect(listed).toMatchObject({ target_id: kept, target_title: 'Tante Jeanne' });
  });

  it('counts views of the page, not of its files', async () => {
    const made = await share(archive.editor, { target_type: 'posts', target_id: archive.ids.post });
    await open(made.token);
    await open(made.token);
    const photo = routePath('publicShareFile', {
      params: { token: made.token, fileId: archive.files.postPhoto },
    });
    await visitor.get(`${photo}?thumb=1`);
    const listed = (await mine(archive.editor)).find((s) => s.id === made.id)!;
    expect(listed.views).toBe(2);
    expect(listed.last_viewed_at).not.toBeNull();
  });

  it('throttles guessing per address: unknown tokens, then wrong passwords', async () => {
    const guess = (token: string, remoteAddress: string) =>
      server.app.inject({
        method: 'GET',
        url: routePath('publicShare', { params: { token } }),
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await guess(`guess-${n}`, '10.9.8.7')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    const throttled = await guess('guess-last', '10.9.8.7');
    expect(statuses[20]).toBe(429);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await guess('guess-0', '10.9.8.8')).statusCode).toBe(404);

    const locked = await share(archive.editor, {
      target_type: 'posts',
      target_id: archive.ids.post,
      password: 'secret-de-famille',
    });
    // From an address of its own, with the session and XSRF cookies the page would have.
    const address = '10.9.8.9';
    const csrf = await server.app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      remoteAddress: address,
    });
    const jar = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
    const unlockFrom = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: routePath('publicShareUnlock', { params: { token: locked.token } }),
        remoteAddress: address,
        headers: {
          cookie: `${SESSION_COOKIE}=${jar[SESSION_COOKIE]}; ${XSRF_COOKIE}=${jar[XSRF_COOKIE]}`,
          [XSRF_HEADER]: jar[XSRF_COOKIE]!,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ password }),
      });
    const tries: number[] = [];
    for (let n = 0; n < 21; n++) tries.push((await unlockFrom(`faux-${n}`)).statusCode);
    expect(tries.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(tries[20]).toBe(429);
  });
});
