import { beforeAll, describe, expect, it } from 'vitest';
import { loginViaUi, registerAccounts } from '../support/app.js';
import { newContext, snap, type ContextOptions, type Page } from '../support/browser.js';
import { ADMIN, frenchAdminSuite } from '../support/french-admin.js';
import { SanctumClient } from '../support/http-client.js';

/** A relative the admin lets edit the archive; moving to the trash is the `content.delete` right. */
const MEMBER = {
  name: 'Cousine Léa',
  email: 'lea@example.com',
  password: 'e2e-member-password',
  language: 'fr',
};
const EDITOR = ['content.edit', 'records.edit'];
const DELETER = [...EDITOR, 'content.delete'];
const POST = 'Lettre à Mamie';
const RECORD = 'Cassette de Papi';

describe('the trash needs the delete right, on the server and on screen (375 px touch, 1440 px)', () => {
  const ids = { member: 0, post: 0, trashed: 0, record: 0, trashedRecord: 0 };
  let member: SanctumClient;

  const app = frenchAdminSuite(async ({ api, server }) => {
    const post = async (title: string) => {
      const created = await api.call('post.create', { body: { language: 'fr', title } });
      expect(created.status, created.text).toBe(201);
      return (created.json.item as { id: number }).id;
    };
    const record = async (title: string) => {
      const created = await api.call('recordCreate', { body: { lang: 'fr', title } });
      expect(created.status, created.text).toBe(201);
      const saved = created.json as { record?: { id: number }; id?: number };
      return saved.record?.id ?? saved.id ?? 0;
    };
    ids.post = await post(POST);
    ids.trashed = await post('Brouillon jeté');
    ids.record = await record(RECORD);
    ids.trashedRecord = await record('Essai de micro');
    expect((await api.call('post.delete', { params: { id: ids.trashed } })).status).toBe(200);
    expect((await api.call('recordDelete', { params: { id: ids.trashedRecord } })).status).toBe(
      200,
    );

    await registerAccounts(server.url, ADMIN, [MEMBER]);
    const users = await api.call('adminUsers');
    expect(users.status, users.text).toBe(200);
    const list = (Array.isArray(users.json) ? users.json : users.json.data) as {
      id: number;
      email: string;
    }[];
    ids.member = list.find((user) => user.email === MEMBER.email)!.id;
  });

  /** Sets the member's rights through the admin API, as the admin's screen does. */
  async function grant(permissions: string[]) {
    const updated = await app.api.call('adminUserUpdate', {
      params: { id: ids.member },
      body: { permissions },
    });
    expect(updated.status, updated.text).toBe(200);
  }

  beforeAll(async () => {
    member = new SanctumClient(app.server.url, 'fr');
    await member.call('csrfCookie');
    expect((await member.call('login', { body: MEMBER })).status).toBe(200);
    await member.call('csrfCookie');
  });

  it('refuses trash and restore (403) to a member without `content.delete`, allows them with it', async () => {
    await grant(EDITOR);
    // Editing is allowed: the refusals below are about the trash, not the login.
    const edited = await member.call('post.update', {
      params: { id: ids.post },
      body: { language: 'fr', title: POST },
    });
    expect(edited.status, edited.text).toBe(200);
    const attempts = () => ({
      trash: member.call('post.delete', { params: { id: ids.post } }),
      restore: member.call('post.restore', { params: { id: ids.trashed } }),
      bulkTrash: member.call('post.bulk', { body: { action: 'trash', ids: [ids.post] } }),
      bulkRestore: member.call('post.bulk', { body: { action: 'restore', ids: [ids.trashed] } }),
      recordTrash: member.call('recordDelete', { params: { id: ids.record } }),
      recordRestore: member.call('recordRestore', { params: { id: ids.trashedRecord } }),
      recordBulkTrash: member.call('recordBulk', {
        body: { action: 'trash', ids: [ids.record] },
      }),
    });
    for (const [name, call] of Object.entries(attempts())) {
      const answer = await call;
      expect(answer.status, `${name}: ${answer.text}`).toBe(403);
    }
    // Nothing moved.
    const live = await app.api.call('post.single', { params: { id: ids.post } });
    expect(JSON.stringify(live.json)).not.toMatch(/"deleted_at":"/);

    await grant(DELETER);
    expect((await member.call('post.delete', { params: { id: ids.post } })).status).toBe(200);
    expect((await member.call('post.restore', { params: { id: ids.post } })).status).toBe(200);
    expect((await member.call('recordDelete', { params: { id: ids.record } })).status).toBe(200);
    expect((await member.call('recordRestore', { params: { id: ids.record } })).status).toBe(200);
  });

  /** The trash's place in a list's view switch, and the list's bulk bar once a card is picked. */
  async function listOffers(page: Page, path: string) {
    await page.goto(path);
    const views = page.getByRole('radiogroup', { name: 'Affichage' });
    await views.getByRole('radio').first().waitFor({ state: 'attached' });
    const trashTab = await views.getByRole('radio', { name: 'Corbeille' }).count();
    await page
      .getByRole('checkbox', { name: /^Sélectionner « / })
      .first()
      .check();
    await page.getByText('1 sélectionné').waitFor();
    const bulkTrash = await page
      .locator('.kf-bulk-bar')
      .getByRole('button', { name: 'Mettre à la corbeille' })
      .count();
    return { trashTab, bulkTrash };
  }

  /** Whether an entry's page offers "Modifier" and "Mettre à la corbeille". */
  async function profileOffers(page: Page, path: string, title: string) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Modifier', exact: true }).waitFor();
    return page.getByRole('button', { name: 'Mettre à la corbeille', exact: true }).count();
  }

  it.each<[string, ContextOptions]>([
    ['375-touch', { width: 375, height: 740, touch: true }],
    ['1440', {}],
  ])('offers the trash only with the right (%s)', async (name, options) => {
    await grant(EDITOR);
    const context = await newContext(app.browser, app.server.url, options);
    const page = await context.newPage();
    await loginViaUi(page, MEMBER);

    expect(await listOffers(page, '/posts')).toEqual({ trashTab: 0, bulkTrash: 0 });
    expect(await listOffers(page, '/records')).toEqual({ trashTab: 0, bulkTrash: 0 });
    expect(await profileOffers(page, `/posts/${ids.post}/profile`, POST)).toBe(0);
    expect(await profileOffers(page, `/records/${ids.record}/profile`, RECORD)).toBe(0);
    await snap(page, `trash-rights-without-${name}`);

    await grant(DELETER);
    // The rights come with the session's user: a reload reads them again.
    expect(await listOffers(page, '/posts')).toEqual({ trashTab: 1, bulkTrash: 1 });
    expect(await listOffers(page, '/records')).toEqual({ trashTab: 1, bulkTrash: 1 });
    expect(await profileOffers(page, `/posts/${ids.post}/profile`, POST)).toBe(1);
    expect(await profileOffers(page, `/records/${ids.record}/profile`, RECORD)).toBe(1);
    await snap(page, `trash-rights-with-${name}`);

    // In the trash, the badges ("Français", "À la corbeille") leave the title its line on a phone.
    await page.goto('/records?deleted=1');
    const title = page.getByRole('heading', { level: 2, name: 'Essai de micro' });
    await title.waitFor();
    const box = (await title.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(150);
    expect(box.height).toBeLessThan(40);
    await context.close();
  });
});
