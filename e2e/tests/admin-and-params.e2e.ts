import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentUserOf,
  expectNoSeriousA11yViolations,
  loginViaUi,
  nextResponse,
  waitForPath,
} from '../support/app.js';
import {
  launchBrowser,
  newContext,
  snap,
  type Browser,
  type Locator,
  type Page,
} from '../support/browser.js';
import { startKinfolio, type RunningServer } from '../support/server.js';

const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };
const MEMBER = { name: 'Jeanne Dupont', email: 'jeanne@example.com', password: 'member-password' };
const NEW_PRIMARY = '#7b2cbf';
/**
 * This walk-through reads the English interface: the start-up administrator takes the language of
 * the screen it first logs in from, so its browser speaks English.
 */
const ENGLISH = { locale: 'en-US' };

const cssVariable = (page: Page, name: string) =>
  page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );

/** Where the side navigation sits relative to the page's content (its h1). */
async function navbarSide(page: Page): Promise<'left' | 'right'> {
  const nav = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  if (!nav || !title) throw new Error('navigation or page title not laid out');
  if (nav.x + nav.width <= title.x) return 'left';
  if (nav.x >= title.x + title.width) return 'right';
  throw new Error(`navigation overlaps the content: ${JSON.stringify({ nav, title })}`);
}

describe('admin screens and interface parameters', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startKinfolio({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('main logged-in screens have no serious or critical accessibility violations', async () => {
    const context = await newContext(browser, server.url, ENGLISH);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    const screens: { path: string; name: string; ready: (page: Page) => Locator }[] = [
      {
        path: '/user/userprofile',
        name: 'user-profile',
        ready: (p) => p.getByRole('heading', { level: 1, name: 'My profile' }),
      },
      {
        path: '/params/interface',
        name: 'interface-params',
        ready: (p) => p.getByRole('button', { name: 'Save the preferences' }),
      },
      {
        path: '/admin/tabAdminUsers/userList',
        name: 'user-list',
        ready: (p) => p.getByRole('link', { name: `${ADMIN.name}: profile and rights` }),
      },
      {
        path: '/admin/tabAdminUsers/userProfileAndRights?user=1',
        name: 'user-rights',
        ready: (p) => p.getByRole('checkbox', { name: 'Edit content' }),
      },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page).waitFor();
      await expectNoSeriousA11yViolations(page, screen.name);
      await snap(page, screen.name);
    }
    await context.close();
  });

  it('saves theme colours and the navbar side, which survive a reload', async () => {
    const context = await newContext(browser, server.url, ENGLISH);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN);
    await page.goto('/params/interface');
    await page.getByRole('heading', { level: 1, name: 'Interface' }).waitFor();
    const primary = page.getByLabel(/^Primary colour \(buttons and links\)/);
    const save = page.getByRole('button', { name: 'Save the preferences' });
    const saveBackground = () => save.evaluate((el) => getComputedStyle(el).backgroundColor);

    expect(await navbarSide(page)).toBe('left');
    expect(await cssVariable(page, '--kf-primary')).toBe('#00a8e8');
    expect(await primary.inputValue()).toBe('#00a8e8');
    expect(await saveBackground()).toBe('rgb(0, 168, 232)');

    await primary.fill(NEW_PRIMARY);
    await primary.press('Escape');
    // The whole app previews the colour at once.
    await expect.poll(() => cssVariable(page, '--kf-primary')).toBe(NEW_PRIMARY);
    await page.getByRole('radio', { name: 'Right' }).check();

    const saved = nextResponse(page, 'PATCH', '/api/update-user');
    await save.click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      siteparams: { isnavbarleft: false },
      themecolors: { primarycolor: NEW_PRIMARY },
    });
    await expect.poll(() => navbarSide(page)).toBe('right');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Interface' }).waitFor();
    await expect.poll(() => navbarSide(page)).toBe('right');
    expect(await cssVariable(page, '--kf-primary')).toBe(NEW_PRIMARY);
    expect(await primary.inputValue()).toBe(NEW_PRIMARY);
    expect(await page.getByRole('radio', { name: 'Right' }).isChecked()).toBe(true);
    expect(await saveBackground()).toBe('rgb(123, 44, 191)');
    await snap(page, 'interface-params-saved');

    const { user } = await currentUserOf(page);
    expect(user?.siteparams.isnavbarleft).toBe(false);
    expect(user?.themecolors.primarycolor).toBe(NEW_PRIMARY);
    await context.close();
  });

  it('lets the admin open registration and grant a permission to the new member', async () => {
    const adminContext = await newContext(browser, server.url, ENGLISH);
    const admin = await adminContext.newPage();
    await loginViaUi(admin, ADMIN);
    await admin.goto('/admin/tabAdminUsers/userList');
    // The switch's label says its state (its name goes on with the description).
    const registration = admin.getByRole('switch', { name: /^Registration is (open|closed)\b/ });
    await admin.getByRole('switch', { name: 'Registration is closed' }).waitFor();
    expect(await registration.isChecked()).toBe(false);
    const opened = nextResponse(admin, 'PATCH', '/api/admin-settings');
    await registration.click();
    expect((await opened).status()).toBe(200);
    await expect.poll(() => registration.isChecked()).toBe(true);
    await admin.getByRole('switch', { name: 'Registration is open' }).waitFor();

    // The member registers from the home page, in French.
    const memberContext = await newContext(browser, server.url);
    const member = await memberContext.newPage();
    await member.goto('/');
    await member.getByRole('link', { name: 'Créer un compte' }).click();
    await member.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    await member.getByLabel(/^Nom/).fill(MEMBER.name);
    await member.getByLabel(/^Adresse e-mail/).fill(MEMBER.email);
    await member.getByLabel(/^Mot de passe/).fill(MEMBER.password);
    await member.getByLabel(/^Confirmez le mot de passe/).fill(MEMBER.password);
    await member.getByRole('button', { name: 'Créer mon compte' }).click();
    await waitForPath(member, '/user/userprofile');
    await member.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    await member.getByText('Aucun droit particulier', { exact: false }).waitFor();

    // The admin finds the member in the list and opens their rights.
    await admin.goto('/admin/tabAdminUsers/userList');
    await admin.getByRole('link', { name: `${MEMBER.name}: profile and rights` }).click();
    await waitForPath(admin, '/admin/tabAdminUsers/userProfileAndRights');
    await admin.getByRole('heading', { level: 2, name: MEMBER.name }).waitFor();
    const editContent = admin.getByRole('checkbox', { name: 'Edit content' });
    expect(await editContent.isChecked()).toBe(false);
    await editContent.check();
    const granted = admin.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/api\/admin-users\/\d+$/.test(r.url()),
    );
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    const response = await granted;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ permissions: ['content.edit'] });

    // The list shows the new right…
    await admin.getByRole('tab', { name: 'Users' }).click();
    await waitForPath(admin, '/admin/tabAdminUsers/userList');
    const row = admin.getByRole('row').filter({ hasText: MEMBER.email });
    await row.getByText('Edit content').waitFor();

    // …and the member has it: on the server and on their profile after a reload.
    expect((await currentUserOf(member)).user?.permissions).toEqual(['content.edit']);
    await member.reload();
    await member
      .getByRole('list', { name: 'Droits' })
      .getByRole('listitem')
      .filter({ hasText: 'Modifier les contenus' })
      .waitFor();
    await memberContext.close();
    await adminContext.close();
  });
});
