import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { itemFixtures } from '../test/items.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

/**
 * An id has one spelling: decimal digits. Other spellings of 16 (hex, binary, exponent, padded)
 * used to reach item 16 through `Number()`, and a DELETE could hit the wrong row that way.
 */
describe('ids are decimal digits only', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    const fixtures = itemFixtures(server.ctx.db);
    for (let i = 0; i < 16; i++) await fixtures.item();
    for (let i = 0; i < 15; i++) {
      expect((await admin.post('/api/tags', { name: `tag ${i + 1}` })).statusCode).toBe(201);
    }
  });
  afterAll(() => server.close());

  it('answers item 16 at /16 only', async () => {
    expect((await admin.get('/api/posts-single/16')).statusCode).toBe(200);
    for (const spelling of [
      '0x10',
      '0b10000',
      '1.6e1',
      '%2016%0A',
      '016',
      '16.0',
      '+16',
      '%2B16',
    ]) {
      const response = await admin.get(`/api/posts-single/${spelling}`);
      expect(response.statusCode, spelling).toBe(422);
      expect(response.json().message, spelling).toBe('The given data was invalid.');
    }
  });

  it('does not delete tag 15 for DELETE /api/tags/0b1111', async () => {
    const response = await admin.delete('/api/tags/0b1111');
    expect(response.statusCode).toBe(422);
    const ids = (await server.ctx.db.selectFrom('tags').select('id').execute()).map((r) => r.id);
    expect(ids).toContain(15);
  });

  it('refuses ids past the 32-bit columns and non-decimal ids in bodies and lists', async () => {
    expect((await admin.get('/api/posts-single/2147483648')).statusCode).toBe(422);
    expect((await admin.get('/api/posts-single/2147483647')).statusCode).toBe(404);
    for (const tags of [['0x1'], ['1e0'], [' 1'], [1.5], [-1], [true], [null], [[1]]]) {
      const response = await admin.post('/api/posts', { language: 'fr', tags });
      expect(response.statusCode, JSON.stringify(tags)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(tags)).toEqual(['tags.0']);
    }
    // A JSON number, and the same digits as a string, are one and the same id.
    for (const tags of [[1], ['1']]) {
      expect(
        (await admin.post('/api/posts', { title: 't', language: 'fr', tags })).statusCode,
      ).toBe(201);
    }
    const merge = await admin.post('/api/participants/merge', {
      participants: ['0x1', 2],
      participantToKeep: '0b10',
    });
    expect(merge.statusCode).toBe(422);
    expect(Object.keys(merge.json().errors).sort()).toEqual([
      'participantToKeep',
      'participants.0',
    ]);
  });

  it('refuses other spellings of page numbers too', async () => {
    for (const page of ['0x2', '1e1', '%202', '2.0']) {
      const response = await admin.get(`/api/posts-all?page=${page}`);
      expect(response.statusCode, page).toBe(422);
    }
    expect((await admin.get('/api/posts-all?page=2')).statusCode).toBe(200);
  });

  it('sends any mangled e-mail verification link to the "invalid link" page, never a 500', async () => {
    for (const id of ['2147483648', '99999999999999999999', '0x1', '-1', '1e1']) {
      const response = await server.client().get(`/email/verify/${id}/x?expires=1&signature=y`);
      expect(response.statusCode, id).toBe(302);
      expect(response.headers.location, id).toBe('/user/verified?status=invalid');
    }
  });
});
