import { describe, expect, it } from 'vitest';
import { SanctumClient } from '../support/http-client.js';
import { DIALECTS, serverOn } from '../support/postgres.js';

const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

interface Row {
  id: number;
  [key: string]: unknown;
}

/** Calls the categories, participants and tags routes as an outside Sanctum client would. */
async function adminClient(url: string, language = 'fr') {
  const client = new SanctumClient(url, language);
  await client.request('GET', '/sanctum/csrf-cookie');
  expect((await client.request('POST', '/login', ADMIN)).status).toBe(200);
  return client;
}

for (const dialect of DIALECTS) {
  describe(`the spec's organisation calls against the started server (${dialect})`, () => {
    const current = serverOn(dialect, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });

    it('categories: tree, move, cycle refusal, delete rules', async (context) => {
      const server = current();
      if (!server) return context.skip();
      const client = await adminClient(server.url);

      const family = await client.request('POST', '/api/categories', {
        name: { fr: 'Famille', en: 'Family' },
      });
      expect(family.status).toBe(201);
      const familyId = (family.json.category as Row).id;
      const weddings = await client.request('POST', '/api/categories', {
        name: 'Mariages',
        parent_id: familyId,
      });
      expect(weddings.status).toBe(201);
      const weddingsCategory = weddings.json.category as Row;
      // A plain string is the name in the request's language.
      expect(weddingsCategory.name).toEqual({ fr: 'Mariages', en: null, it: null, de: null });
      const travels = await client.request('POST', '/api/categories', {
        name: { it: 'Viaggi' },
        parent_id: familyId,
        order: 0,
      });
      const travelsId = (travels.json.category as Row).id;

      const list = await client.request('GET', '/api/categories');
      expect(list.status).toBe(200);
      const children = (list.json as unknown as Row[]).filter((c) => c.parent_id === familyId);
      expect(children.map((c) => [c.id, c.order, c.count])).toEqual([
        [travelsId, 0, 0],
        [weddingsCategory.id, 1, 0],
      ]);
      expect((await client.request('GET', `/api/categories/${familyId}`)).json).toMatchObject({
        id: familyId,
        name: { fr: 'Famille', en: 'Family' },
        parent_id: null,
        order: 0,
      });

      const cycle = await client.request('PATCH', `/api/categories/${familyId}`, {
        parent_id: weddingsCategory.id,
      });
      expect(cycle.status).toBe(422);
      expect(cycle.json.errors).toHaveProperty('parent_id');

      const reordered = await client.request('PATCH', `/api/categories/${weddingsCategory.id}`, {
        order: 0,
      });
      expect(reordered.status).toBe(200);
      expect((reordered.json.category as Row).order).toBe(0);

      const refused = await client.request('DELETE', `/api/categories/${familyId}`);
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBeTypeOf('string');
      expect((await client.request('DELETE', `/api/categories/${travelsId}`)).status).toBe(200);
      expect((await client.request('GET', `/api/categories/${travelsId}`)).status).toBe(404);
    });

    it('participants: create, duplicate, search, merge with participants + participantToKeep, divide with name1 + name2', async (context) => {
      const server = current();
      if (!server) return context.skip();
      const client = await adminClient(server.url);

      const elise = await client.request('POST', '/api/participants', { name: '  Élise Martin ' });
      expect(elise.status).toBe(201);
      const eliseRow = elise.json.participant as Row;
      expect(eliseRow.name).toBe('Élise Martin');
      const duplicate = await client.request('POST', '/api/participants', {
        name: 'élise martin',
      });
      expect(duplicate.status).toBe(422);
      expect(duplicate.json.errors).toHaveProperty('name');

      const found = await client.request('GET', '/api/participants?search=ELISE');
      expect((found.json as unknown as Row[]).map((p) => p.name)).toEqual(['Élise Martin']);

      const lise = (await client.request('POST', '/api/participants', { name: 'Lise M.' })).json
        .participant as Row;
      const notAmong = await client.request('POST', '/api/participants/merge', {
        participants: [eliseRow.id, lise.id],
        participantToKeep: 999_999,
      });
      expect(notAmong.status).toBe(422);
      const merged = await client.request('POST', '/api/participants/merge', {
        participants: [eliseRow.id, lise.id],
        participantToKeep: eliseRow.id,
      });
      expect(merged.status).toBe(200);
      expect((await client.request('GET', `/api/participants/${lise.id}`)).status).toBe(404);

      const divided = await client.request('POST', `/api/participants/divide/${eliseRow.id}`, {
        name1: 'Élise Martin (mère)',
        name2: 'Élise Martin (fille)',
      });
      expect(divided.status).toBe(200);
      const names = (await client.request('GET', '/api/participants')).json as unknown as Row[];
      expect(names.map((p) => p.name).sort()).toEqual([
        'Élise Martin (fille)',
        'Élise Martin (mère)',
      ]);
    });

    it('tags and site translations', async (context) => {
      const server = current();
      if (!server) return context.skip();
      const client = await adminClient(server.url, 'en');

      const tag = await client.request('POST', '/api/tags', { name: { fr: 'Vacances' } });
      expect(tag.status).toBe(201);
      const tagId = (tag.json.tag as Row).id;
      const renamed = await client.request('PATCH', `/api/tags/${tagId}`, {
        name: { en: 'Holidays' },
      });
      expect((renamed.json.tag as Row).name).toEqual({
        fr: 'Vacances',
        en: 'Holidays',
        it: null,
        de: null,
      });
      expect((await client.request('POST', '/api/tags', { name: {} })).status).toBe(422);
      expect((await client.request('DELETE', `/api/tags/${tagId}`)).status).toBe(200);
      expect((await client.request('GET', '/api/tags')).json).toEqual([]);

      // Only keys the app ships may be reported; anything else is refused and stores nothing.
      const unknown = await client.request('POST', '/api/site-translations', {
        key: 'common:e2e.greeting',
      });
      expect(unknown.status).toBe(422);
      const key = 'common:loading';
      const created = await client.request('POST', '/api/site-translations', { key });
      expect(created.status).toBe(201);
      expect((await client.request('POST', '/api/site-translations', { key })).status).toBe(200);
      const id = (created.json as unknown as Row).id;
      const edited = await client.request('PATCH', `/api/site-translations/${id}`, {
        text: { fr: 'Bonjour' },
      });
      expect(edited.status).toBe(200);
      // Interface strings are readable without logging in.
      const anonymous = new SanctumClient(server.url);
      const all = (await anonymous.request('GET', '/api/site-translations')).json as unknown as {
        key: string;
        text: Record<string, string>;
      }[];
      expect(all.some((row) => row.key === 'common:e2e.greeting')).toBe(false);
      expect(all.find((row) => row.key === key)?.text).toEqual({
        fr: 'Bonjour',
        en: '',
        it: '',
        de: '',
      });
    });
  });
}
