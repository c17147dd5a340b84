import type { ItemListRow } from '@kinfolio/contract';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { itemsApi, type PageBody } from '../test/items-api.js';
import { createTestServer, type TestServer } from '../test/server.js';

/**
 * Archive reads are kept in memory while the archive's change stamp holds, sessions while the
 * auth stamp holds. Writes made behind the app's back (another instance, the CLI) stand in here
 * for what another process would do: they go to the database directly.
 */
describe('responses and sessions kept in memory', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;

  const titles = async (client: TestClient) =>
    ((await client.get('/api/posts-all')).json() as PageBody<ItemListRow>).data.map((r) => r.title);

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
  });
  afterAll(() => server.close());

  it('answers a repeated read from memory and a read after a write with the change', async () => {
    const posts = itemsApi(editor, 'post');
    await posts.create({ title: 'First', content: '<p>one</p>', language: 'en' });
    expect(await titles(reader)).toEqual(['First']);
    expect(await titles(reader)).toEqual(['First']);
    await posts.create({ title: 'Second', content: '<p>two</p>', language: 'en' });
    expect(await titles(reader)).toContain('Second');
  });

  it('sees a write made by another process at once', async () => {
    expect(await titles(reader)).not.toContain('Renamed');
    await sql`update items set title = 'Renamed' where title = 'First'`.execute(server.ctx.db);
    expect(await titles(reader)).toContain('Renamed');
    await server.ctx.db.updateTable('participants').set({ name: 'x' }).execute(); // no rows: still a write
    await sql`insert into participants (name, name_lower, search_key, created_at, updated_at)
      values ('Zia', 'zia', 'zia', '2026-01-01', '2026-01-01')`.execute(server.ctx.db);
    const people = (await reader.get('/api/participants')).json() as { data?: unknown[] };
    expect(JSON.stringify(people)).toContain('Zia');
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    const first = await reader.get('/api/posts-all');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await reader.send('GET', '/api/posts-all', undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await itemsApi(editor, 'post').create({ title: 'Third', content: '<p>3</p>', language: 'en' });
    const changed = await reader.send('GET', '/api/posts-all', undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the same answer gzipped to clients that accept it, fresh or kept', async () => {
    await itemsApi(editor, 'post').create({
      title: 'Long',
      content: `<p>${'Une longue lettre de la nonna. '.repeat(80)}</p>`,
      language: 'fr',
    });
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const fresh = await reader.send('GET', '/api/posts-all', undefined, { headers: gzip });
    const kept = await reader.send('GET', '/api/posts-all', undefined, { headers: gzip });
    const plain = await reader.get('/api/posts-all');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const response of [fresh, kept]) {
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers.etag).not.toBe(plain.headers.etag);
      expect(gunzipSync(response.rawPayload).toString()).toBe(plain.body);
    }
    const again = await reader.send('GET', '/api/posts-all', undefined, {
      headers: { ...gzip, 'if-none-match': kept.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never answers from memory before the access check', async () => {
    await reader.get('/api/posts-all');
    const anonymous = server.client();
    expect((await anonymous.get('/api/posts-all')).statusCode).toBe(401);
  });

  it('ends a session removed or a user deactivated by another process', async () => {
    await server.createUser({ email: 'leaving@example.com' });
    const leaving = await server.loggedIn('leaving@example.com');
    expect((await leaving.get('/api/posts-all')).statusCode).toBe(200);
    const user = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'leaving@example.com')
      .executeTakeFirstOrThrow();
    await server.ctx.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await leaving.get('/api/posts-all')).statusCode).toBe(401);

    const back = await server.loggedIn('leaving@example.com');
    expect((await back.get('/api/logged-in-user')).statusCode).toBe(200);
    await server.ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await back.get('/api/logged-in-user')).statusCode).toBe(401);
  });

  it('applies rights changed by another process to the next request', async () => {
    await server.createUser({ email: 'promoted@example.com' });
    const promoted = await server.loggedIn('promoted@example.com');
    const body = { title: 'By the promoted', content: '<p>x</p>', language: 'en' };
    expect((await promoted.post('/api/posts', body)).statusCode).toBe(403);
    await server.ctx.db
      .updateTable('users')
      .set({ permissions: JSON.stringify(['content.edit']) })
      .where('email', '=', 'promoted@example.com')
      .execute();
    expect((await promoted.post('/api/posts', body)).statusCode).toBe(201);
  });
});
