import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

const TAKEN = 'This email address is already in use.';

/**
 * Requests racing for the same address all pass the "is it taken?" check before any of them
 * writes; the unique index then refuses all but one write, and those must get the same 422 as the
 * check, never a 500.
 */
describe('requests racing for the same email address', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    expect(
      (await admin.patch('/api/admin-settings', { registration_enabled: true })).statusCode,
    ).toBe(200);
  });
  afterAll(() => server.close());

  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it('register: one account, the others the localised 422 on the email', async () => {
    const body = {
      name: 'Twin',
      email: 'twin@example.com',
      password: 'twin-password-1',
      password_confirmation: 'twin-password-1',
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => server.client().post('/register', body)),
    );
    expect(statuses(answers)).toEqual([201, 422, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(answer.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { email: [TAKEN] },
      });
    }
    const rows = await server.ctx.db
      .selectFrom('users')
      .where('email', '=', body.email)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('invitations: one invited account, the others the same 422', async () => {
    const body = { email: 'invited-twice@example.com', name: 'Guest', permissions: [] };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => admin.post('/api/admin-invitations', body)),
    );
    expect(statuses(answers)).toEqual([201, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(answer.json().errors).toEqual({ email: [TAKEN] });
    }
  });
});
