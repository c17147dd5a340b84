import { createHash } from 'node:crypto';
import { routePath, type Share } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { sharesDb } from './repository.js';
import { seedArchive, share, type SeededArchive } from './test-archive.js';

describe('shares: making and managing links', () => {
  let server: TestServer;
  let archive: SeededArchive;
  let admin: TestClient;
  let otherEditor: TestClient;
  let reader: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    archive = await seedArchive(server);
    await server.createAdmin();
    await server.createUser({ email: 'other@example.com', permissions: ['content.edit'] });
    await server.createUser({ email: 'reader@example.com' });
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    otherEditor = await server.loggedIn('other@example.com');
    reader = await server.loggedIn('reader@example.com');
  });
  afterAll(() => server?.close());

  const list = async (client: TestClient, query: Record<string, string | number> = {}) => {
    const response = await client.get(routePath('shares', { query: { per_page: 100, ...query } }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Share[]; meta: { total: number } };
  };

  it('shows the token once, keeps only its hash, and answers the link', async () => {
    const made = await share(archive.editor, {
      target_type: 'categories',
      target_id: archive.ids.categoryA,
      label: '  Pour les cousins  ',
    });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.url).toBe(`http://kinfolio.test/s/${made.token}`);
    expect(made.message).toContain('not be shown again');
    expect(made.share).toMatchObject({
      id: made.id,
      target_type: 'categories',
      target_id: archive.ids.categoryA,
      target_title: 'Voyages',
      label: 'Pour les cousins',
      has_password: false,
      show_names: true,
      allow_download: false,
      include_translations: true,
      views: 0,
      revoked: false,
      created_by: { name: 'Sam Sharer' },
    });
    const row = await sharesDb(server.ctx.db)
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(JSON.stringify(await list(archive.editor))).not.toContain(made.token);
  });

  it('every kind of target, checked; a selection takes ids of any type and records', async () => {
    const { ids } = archive;
    const titles: [string, number, string][] = [
      ['posts', ids.post, 'Le voyage en Italie'],
      ['mails', ids.mail, 'Lettre de Lucie'],
      ['messages', ids.message, 'Message du dimanche'],
      ['medias', ids.media, 'Photos de Rome'],
      ['dreams', ids.dream, 'Un rêve de mer'],
      ['records', ids.record, 'Entretien avec Lucie'],
      ['categories', ids.categoryA1, 'Italie'],
      ['participants', ids.person, 'Lucie Martin'],
      ['tags', ids.tag, 'mariage'],
    ];
    for (const [type, id, title] of titles) {
      const made = await share(archive.editor, { target_type: type, target_id: id });
      expect(made.share.target_title, type).toBe(title);
    }
    const chosen = await share(archive.editor, {
      target_type: 'selection',
      ids: [ids.post, ids.mail, ids.post],
      record_ids: [ids.record],
    });
    expect(chosen.share).toMatchObject({ target_id: null, target_title: null, selection_size: 3 });

    const refuse = async (body: Record<string, unknown>, status: number) => {
      const response = await archive.editor.post(routePath('shareCreate'), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      return response.json() as { message: string; errors?: Record<string, string[]> };
    };
    await refuse({ target_type: 'posts', target_id: ids.mail }, 404);
    await refuse({ target_type: 'posts', target_id: ids.trashed }, 404);
    await refuse({ target_type: 'categories', target_id: 999_999 }, 404);
    await refuse({ target_type: 'records', target_id: ids.post + 999 }, 404);
    expect((await refuse({ target_type: 'posts' }, 422)).errors?.target_id).toBeDefined();
    expect((await refuse({ target_type: 'selection' }, 422)).errors?.ids).toBeDefined();
    const trashedInSelection = await refuse(
      { target_type: 'selection', ids: [ids.post, ids.trashed] },
      422,
    );
    expect(trashedInSelection.errors?.ids).toBeDefined();
    await refuse({ target_type: 'selection', record_ids: [999_999] }, 422);
    await refuse({ target_type: 'albums', target_id: 1 }, 422);
    await refuse({ target_type: 'posts', target_id: ids.post, password: 'abc' }, 422);
    await refuse({ target_type: 'posts', target_id: ids.post, expires_at: 'tomorrow' }, 422);
    archive.editor.language = 'fr';
    const past = await refuse(
      { target_type: 'posts', target_id: ids.post, expires_at: '2001-01-01T00:00:00Z' },
      422,
    );
    archive.editor.language = 'en';
    expect(past.errors?.expires_at).toEqual(["Choisissez une date d'expiration dans le futur."]);
  });

  it('each editor manages their own links; an admin sees and manages everyone’s', async () => {
    const mine = await share(archive.editor, { target_type: 'tags', target_id: archive.ids.tag });
    const theirs = await share(otherEditor, { target_type: 'posts', target_id: archive.ids.post });
    const editorsList = await list(archive.editor);
    expect(editorsList.data.map((s) => s.id)).toContain(mine.id);
    expect(editorsList.data.map((s) => s.id)).not.toContain(theirs.id);
    expect((await list(otherEditor)).data.map((s) => s.id)).toEqual([theirs.id]);

    const all = await list(admin);
    expect(all.data.map((s) => s.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.data.find((s) => s.id === theirs.id)?.created_by.name).toBe('other');
    expect((await list(admin, { mine: 1 })).data).toEqual([]);
    const ofTag = await list(archive.editor, { target_type: 'tags', target_id: archive.ids.tag });
    expect(ofTag.data.every((s) => s.target_type === 'tags')).toBe(true);
    expect(ofTag.data.map((s) => s.id)).toContain(mine.id);

    // Someone else's link is not there for an editor, as if it did not exist.
    const update = (client: TestClient, id: number, body: Record<string, unknown>) =>
      client.patch(routePath('shareUpdate', { params: { id } }), body);
    const revoke = (client: TestClient, id: number) =>
      client.delete(routePath('shareDelete', { params: { id } }));
    expect((await update(otherEditor, mine.id, { label: 'x' })).statusCode).toBe(404);
    expect((await revoke(otherEditor, mine.id)).statusCode).toBe(404);
    const changed = await update(admin, theirs.id, {
      label: 'Vu par l’admin',
      allow_download: true,
      show_names: false,
      include_translations: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().share).toMatchObject({
      label: 'Vu par l’admin',
      allow_download: true,
      show_names: false,
      include_translations: false,
    });
    expect((await revoke(admin, theirs.id)).statusCode).toBe(204);
    expect((await list(otherEditor)).data[0]).toMatchObject({ id: theirs.id, revoked: true });
    const events = await sharesDb(server.ctx.db)
      .selectFrom('share_events')
      .select(['kind', 'user_name', 'details'])
      .where('share_id', '=', theirs.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, e.user_name])).toEqual([
      ['created', 'other'],
      ['updated', ADMIN.name],
      ['revoked', ADMIN.name],
    ]);
    expect(JSON.parse(events[1]!.details)).toMatchObject({ allow_download: true });
  });

  it('needs content.edit; nobody else even lists links', async () => {
    expect((await reader.get(routePath('shares'))).statusCode).toBe(403);
    const refused = await reader.post(routePath('shareCreate'), {
      target_type: 'posts',
      target_id: archive.ids.post,
    });
    expect(refused.statusCode).toBe(403);
    expect((await server.client().get(routePath('shares'))).statusCode).toBe(401);
  });

  it('a password is stored hashed, changed or removed, never shown', async () => {
    const made = await share(archive.editor, {
      target_type: 'posts',
      target_id: archive.ids.post,
      password: 'le chat de Mamie',
    });
    expect(made.share.has_password).toBe(true);
    const row = await sharesDb(server.ctx.db)
      .selectFrom('shares')
      .select('password_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const removed = await archive.editor.patch(
      routePath('shareUpdate', { params: { id: made.id } }),
      {
        password: null,
      },
    );
    expect(removed.json().share.has_password).toBe(false);
    const events = await sharesDb(server.ctx.db)
      .selectFrom('share_events')
      .select('details')
      .where('share_id', '=', made.id)
      .execute();
    expect(JSON.stringify(events)).not.toContain('le chat de Mamie');
  });
});
