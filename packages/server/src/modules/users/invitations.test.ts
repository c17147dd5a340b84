import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';
import { linkIn, startSmtpCapture } from '../../test/smtp-capture.js';
import type { TestClient } from '../../test/client.js';

const DAY = 24 * 60 * 60 * 1000;

describe('invitations over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;
  let admin: TestClient;
  let clock = Date.now();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await createTestServer({ env: { SMTP_URL: smtp.url }, now: () => new Date(clock) });
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** The token of the last invitation mailed to this address. */
  async function mailedToken(email: string, count = 1): Promise<string> {
    await server.ctx.mailer.flush();
    await smtp.waitFor(email, () => smtp.mails.filter((m) => m.to.includes(email)).length >= count);
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
    const link = new URL(linkIn(mail.text));
    expect(link.origin).toBe('http://kinfolio.test');
    expect(link.pathname).toMatch(/^\/user\/invitation\//);
    return link.pathname.split('/').pop()!;
  }

  async function userRow(email: string) {
    return server.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  }

  it('invites with chosen rights; the mailed link sets name and password and logs in', async () => {
    admin.language = 'de';
    const invited = await admin.post('/api/admin-invitations', {
      email: ' Lena@Example.com ',
      permissions: ['content.edit', 'content.edit'],
    });
    admin.language = 'en';
    expect(invited.statusCode).toBe(201);
    const body = invited.json();
    expect(body.message).toContain('lena@example.com');
    expect(body.user).toMatchObject({
      email: 'lena@example.com',
      active: false,
      permissions: ['content.edit'],
      last_login_at: null,
      invitation: { expired: false },
    });
    expect(Date.parse(body.user.invitation.expires_at) - clock).toBe(7 * DAY);
    // Listed for the admin with its invitation; not among the members anyone may see.
    const list = (await admin.get('/api/admin-users')).json();
    expect(list.find((u: { email: string }) => u.email === 'lena@example.com').invitation).toEqual(
      body.user.invitation,
    );
    expect(
      (await admin.get('/api/users')).json().map((u: { name: string }) => u.name),
    ).not.toContain('lena');
    // Not a usable account yet: no login, no reset mail.
    const guest = server.client();
    expect(
      (await guest.post('/login', { email: 'lena@example.com', password: '' })).statusCode,
    ).toBe(422);

    const token = await mailedToken('lena@example.com');
    const mail = smtp.mails.filter((m) => m.to.includes('lena@example.com')).at(-1)!;
    // In the language the admin's screen spoke.
    expect(mail.subject).toBe('Ada Admin lädt Sie zu Kinfolio ein');

    const shown = await guest.get(`/api/invitation?token=${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      email: 'lena@example.com',
      name: 'lena',
      expires_at: body.user.invitation.expires_at,
    });

    const mismatch = await guest.post('/api/invitation/accept', {
      token,
      name: 'Lena',
      password: 'lena-password-1',
      password_confirmation: 'other-password',
    });
    expect(mismatch.statusCode).toBe(422);
    expect((await userRow('lena@example.com'))!.active).toBe(0);

    // Accepted on a page that speaks Italian, though the admin's screen spoke German.
    guest.language = 'it';
    const accepted = await guest.post('/api/invitation/accept', {
      token,
      name: '  Lena Rossi ',
      password: 'lena-password-1',
      password_confirmation: 'lena-password-1',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe('Benvenuto! Il tuo account è pronto.');
    expect(accepted.json().user).toMatchObject({
      name: 'Lena Rossi',
      active: true,
      permissions: ['content.edit'],
    });
    // Logged in, with the rights chosen at invitation and the language of the page.
    const me = await guest.get('/api/logged-in-user');
    expect(me.statusCode).toBe(200);
    expect(me.json().siteparams.language).toBe('it');
    expect((await guest.post('/api/tags', { name: 'Lena' })).statusCode).toBe(201);
    const row = (await userRow('lena@example.com'))!;
    expect(row.last_login_at).toBe(new Date(clock).toISOString());
    expect(row.email_verified_at).not.toBeNull();
    const after = (await admin.get('/api/admin-users')).json();
    expect(after.find((u: { email: string }) => u.email === 'lena@example.com')).toMatchObject({
      invitation: null,
      active: true,
    });

    // The link was for one use.
    expect((await server.client().get(`/api/invitation?token=${token}`)).statusCode).toBe(404);
    const again = await server.client().post('/api/invitation/accept', {
      token,
      name: 'Intruder',
      password: 'intruder-pass-1',
      password_confirmation: 'intruder-pass-1',
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['token']);
    await server.client().login('lena@example.com', 'lena-password-1');
  });

  it('refuses an address that already has an account, invited or not, and changes nothing', async () => {
    const before = (await admin.get('/api/admin-users')).json();
    for (const email of [ADMIN.email, 'lena@example.com']) {
      const response = await admin.post('/api/admin-invitations', { email });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['email']);
    }
    await admin.post('/api/admin-invitations', { email: 'twice@example.com' });
    const twice = await admin.post('/api/admin-invitations', { email: 'twice@example.com' });
    expect(twice.statusCode).toBe(422);
    const after = (await admin.get('/api/admin-users')).json();
    expect(after).toHaveLength(before.length + 1);
  });

  it('lets the link expire after 7 days; a resend gives a new link and kills the old one', async () => {
    const invited = await admin.post('/api/admin-invitations', {
      email: 'marco@example.com',
      name: 'Marco',
    });
    const id = invited.json().user.id as number;
    const first = await mailedToken('marco@example.com');
    clock += 7 * DAY + 1000;
    // A week on, the admin's session has ended too.
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    expect((await server.client().get(`/api/invitation?token=${first}`)).statusCode).toBe(404);
    const listed = (await admin.get('/api/admin-users')).json();
    expect(listed.find((u: { id: number }) => u.id === id).invitation.expired).toBe(true);
    const late = await server.client().post('/api/invitation/accept', {
      token: first,
      name: 'Marco',
      password: 'marco-password-1',
      password_confirmation: 'marco-password-1',
    });
    expect(late.statusCode).toBe(422);

    const resent = await admin.post(`/api/admin-invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().user.invitation.expired).toBe(false);
    const second = await mailedToken('marco@example.com', 2);
    expect(second).not.toBe(first);
    expect((await server.client().get(`/api/invitation?token=${first}`)).statusCode).toBe(404);
    expect((await server.client().get(`/api/invitation?token=${second}`)).json().name).toBe(
      'Marco',
    );
    // No invitation to resend for an account that has none (accepted, or never invited).
    const lena = (await userRow('lena@example.com'))!;
    expect((await admin.post(`/api/admin-invitations/${lena.id}/resend`)).statusCode).toBe(404);
  });

  it('revokes an invitation: the link dies and the unused account goes', async () => {
    const invited = await admin.post('/api/admin-invitations', { email: 'gone@example.com' });
    const id = invited.json().user.id as number;
    const token = await mailedToken('gone@example.com');
    const revoked = await admin.delete(`/api/admin-invitations/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('The invitation has been withdrawn.');
    expect(await userRow('gone@example.com')).toBeUndefined();
    expect((await server.client().get(`/api/invitation?token=${token}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin-invitations/${id}`)).statusCode).toBe(404);
    // An accepted account is not an invitation: revoking it is a 404 and deletes nothing.
    const lena = (await userRow('lena@example.com'))!;
    expect((await admin.delete(`/api/admin-invitations/${lena.id}`)).statusCode).toBe(404);
    expect(await userRow('lena@example.com')).toBeDefined();
    // The address is free again.
    expect(
      (await admin.post('/api/admin-invitations', { email: 'gone@example.com' })).statusCode,
    ).toBe(201);
  });

  it('is for admins only', async () => {
    await server.createUser({ email: 'editor@example.com', permissions: ['content.edit'] });
    const editor = await server.loggedIn('editor@example.com');
    const response = await editor.post('/api/admin-invitations', { email: 'x@example.com' });
    expect(response.statusCode).toBe(403);
    expect(await userRow('x@example.com')).toBeUndefined();
  });

  it('sets last login when registration or setup logs the new account in', async () => {
    await server.ctx.db
      .insertInto('settings')
      .values({ key: 'registration_enabled', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
    const response = await server.client().post('/register', {
      name: 'Newcomer',
      email: 'new@example.com',
      password: 'newcomer-pass-1',
      password_confirmation: 'newcomer-pass-1',
    });
    expect(response.statusCode).toBe(201);
    expect((await userRow('new@example.com'))!.last_login_at).toBe(new Date(clock).toISOString());
  });
});
