import { ITEM_TYPES } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';

const SAID = "Donnez à l'élément un titre ou un contenu.";
const REFUSAL = { message: SAID, errors: { title: [SAID], content: [SAID] } };

/** An item must have a title or some content: a blank one is a localised 422 that stores nothing. */
describe('blank items', () => {
  let server: TestServer;
  let editor: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'editor@example.com', permissions: ['content.edit'] });
    editor = await server.loggedIn('editor@example.com');
    editor.language = 'fr';
  });
  afterAll(() => server.close());

  it.each(ITEM_TYPES)('refuses to create a %s with neither title nor content', async (type) => {
    const api = itemsApi(editor, type);
    for (const body of [
      { language: 'fr' },
      { title: '   ', content: '<p>  </p><p><br></p>', language: 'fr' },
      { title: '', content: '<script>alert(1)</script>', language: 'ar' },
    ]) {
      const refused = await api.createRaw(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json()).toEqual(REFUSAL);
    }
    expect((await api.list('all')).meta.total).toBe(0);
    // A blank translation is refused too, once its original is known to be right.
    const original = await api.create({ title: 'Lettre', language: 'fr' });
    const translation = await api.createRaw({ parent_id: original.id, language: 'en' });
    expect(translation.statusCode).toBe(422);
    expect(translation.json()).toEqual(REFUSAL);
    expect((await api.single(original.id)).languages).toEqual(['fr']);
  });

  it('accepts a title alone, content alone, or only a picture', async () => {
    const api = itemsApi(editor, 'media');
    expect((await api.createRaw({ title: 'Plage', language: 'fr' })).statusCode).toBe(201);
    expect((await api.createRaw({ content: '<p>Été 1978</p>', language: 'fr' })).statusCode).toBe(
      201,
    );
    const picture = '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>';
    const created = await api.createRaw({ content: picture, language: 'it' });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses an edit that blanks both, and keeps the item and its history as they were', async () => {
    const api = itemsApi(editor, 'post');
    const item = await api.create({ title: 'Vendanges', content: '<p>1962</p>', language: 'fr' });
    const blanked = await api.update(item.id, { title: ' ', content: '<p></p>' });
    expect(blanked.statusCode).toBe(422);
    expect(blanked.json()).toEqual(REFUSAL);
    const kept = await api.single(item.id);
    expect(kept).toMatchObject({ title: 'Vendanges', content: '<p>1962</p>', revisions_count: 0 });
    // Emptying one of the two is fine; a change elsewhere is not checked.
    expect((await api.update(item.id, { content: '' })).statusCode).toBe(200);
    expect((await api.update(item.id, { status: 'draft' })).statusCode).toBe(200);
    expect((await api.update(item.id, { title: '' })).statusCode).toBe(422);
  });
});
