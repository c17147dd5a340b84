import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap, type BrowserContext, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';
import { getList, type ParticipantRow } from '../support/organisation.js';

/** Two families over three generations: Giuseppe and Maria, their daughter Anna, her husband
 * Luca and their son Paolo. */
const FAMILY_GED = [
  '0 HEAD',
  '1 SOUR Kinfolio-e2e',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Giuseppe /Rossi/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE ABT 1890',
  '2 PLAC Napoli',
  '1 DEAT',
  '2 DATE 1960',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Maria /Bianchi/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 12 MAR 1895',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Anna /Rossi/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE BET 1920 AND 1922',
  '2 PLAC Roma',
  '1 FAMC @F1@',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Luca /Verdi/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1918',
  '1 FAMS @F2@',
  '0 @I5@ INDI',
  '1 NAME Paolo /Verdi/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1948',
  '1 FAMC @F2@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 MARR',
  '2 DATE 1919',
  '1 CHIL @I3@',
  '0 @F2@ FAM',
  '1 HUSB @I4@',
  '1 WIFE @I3@',
  '1 CHIL @I5@',
  '0 TRLR',
  '',
].join('\n');

/** The account's interface language and dark mode (the app follows the account, not the browser). */
async function setParams(app: FrenchAdminApp, language: string, darkMode: boolean) {
  const answer = await app.api.call('updateUser', { body: { siteparams: { language, darkMode } } });
  expect(answer.status, answer.text).toBe(200);
}

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });

/** The zoom of the drawn tree (d3-zoom's `scale(k)` on the chart's group). */
const treeScale = (page: Page) =>
  page
    .locator('svg.kf-tree > g')
    .getAttribute('transform')
    .then((transform) => Number(/scale\(([\d.]+)\)/.exec(transform ?? '')?.[1] ?? 1));

/** Two fingers spreading apart over the tree, as Chromium gets them from a touch screen. */
async function pinchOut(context: BrowserContext, page: Page) {
  const box = await page.locator('svg.kf-tree').boundingBox();
  if (!box) throw new Error('no tree drawn');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const fingers = (gap: number) => [
    { x: x - gap, y, id: 0 },
    { x: x + gap, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let gap = 30; gap <= 120; gap += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('the family tree: a GEDCOM file imported, the tree on a phone, a child added', () => {
  const app = frenchAdminSuite();

  it('imports a GEDCOM file through the Import page', async () => {
    const { context, page } = await adminPage(app);
    await page.goto('/import');
    await page.getByRole('heading', { name: 'Importer', level: 1 }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'famille.ged',
      mimeType: 'text/plain',
      buffer: Buffer.from(FAMILY_GED),
    });
    await page.waitForURL(/\/imports\/\d+$/);
    // The preview says what it read (a GEDCOM family tree) and its people, then the import runs.
    await page.getByText('Arbre généalogique (GEDCOM)').first().waitFor({ timeout: 30_000 });
    const report = page.getByRole('heading', { name: 'Rapport' });
    const go = page.getByRole('button', { name: 'Importer', exact: true });
    await poll(async () => (await report.isVisible()) || (await go.isVisible())).toBe(true);
    await snap(page, 'family-import-preview-fr-1440-light');
    await expectNoSeriousA11yViolations(page, 'gedcom import preview');
    if (await go.isVisible()) await go.click();
    await report.waitFor({ timeout: 30_000 });

    const people = await getList<ParticipantRow>(app.api, '/api/participants');
    expect(people.map((p) => p.name).sort()).toEqual(
      expect.arrayContaining([
        'Anna Rossi',
        'Giuseppe Rossi',
        'Luca Verdi',
        'Maria Bianchi',
        'Paolo Verdi',
      ]),
    );
    await context.close();
  });

  it('opens the tree on a phone, pinches it, opens a person and adds a child', async () => {
    const { context, page } = await adminPage(app, { width: 375, height: 740, touch: true });
    // From the navbar, as on a phone: the menu, then the Tree entry.
    await page.goto('/people');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Arbre' })
      .tap();
    await page.waitForURL(/\/tree$/);
    // Centred on the most related person: Anna (two parents, a husband, a son).
    await page
      .getByRole('heading', { name: 'Arbre généalogique : Anna Rossi', level: 1 })
      .waitFor();
    const anna = page.locator('svg.kf-tree a.kf-tree-centre');
    await expect
      .poll(() => anna.getAttribute('aria-label'))
      .toBe('Anna Rossi, entre 1920 et 1922 –');
    await expect.poll(() => page.locator('svg.kf-tree a.kf-tree-box').count()).toBe(5);
    await snap(page, 'family-tree-fr-375-light');
    await expectNoSeriousA11yViolations(page, 'tree fr 375 light');

    const before = await treeScale(page);
    await pinchOut(context, page);
    await expect.poll(() => treeScale(page)).toBeGreaterThan(before * 1.5);

    // A tap on Paolo's box opens his page.
    await page.locator('svg.kf-tree a.kf-tree-box', { hasText: 'Paolo Verdi' }).tap();
    await page.waitForURL(/\/people\/\d+$/);
    await page.getByRole('heading', { name: 'Paolo Verdi', level: 1 }).waitFor();
    const family = page.getByRole('region', { name: 'Famille' });
    await family.getByRole('link', { name: 'Anna Rossi' }).waitFor();
    await family.getByRole('link', { name: 'Luca Verdi' }).waitFor();

    // A child, new to the archive, in one step.
    await family.getByRole('button', { name: 'Ajouter un enfant' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Un proche de Paolo Verdi' });
    await dialog
      .getByLabel('Enfant de Paolo Verdi')
      .and(page.locator('input'))
      .fill('Chiara Verdi');
    await dialog.getByRole('option', { name: 'Nouvelle personne : Chiara Verdi' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await family.getByRole('link', { name: 'Chiara Verdi' }).waitFor();
    await snap(page, 'family-person-fr-375-light');
    await expectNoSeriousA11yViolations(page, 'person fr 375 light');

    // Paolo made his own grandfather's parent: refused in the server's words.
    await family.getByRole('button', { name: 'Ajouter un enfant' }).tap();
    await dialog
      .getByLabel('Enfant de Paolo Verdi')
      .and(page.locator('input'))
      .fill('Giuseppe Rossi');
    await dialog.getByRole('option', { name: 'Giuseppe Rossi' }).tap();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/ancêtre/);
    await context.close();
  }, 120_000);

  it('reads the tree and a person in English and in the dark, as a list too, at 1440 px', async () => {
    await setParams(app, 'fr', true);
    const { context, page } = await adminPage(app, { colorScheme: 'dark' });
    const people = await getList<ParticipantRow>(app.api, '/api/participants');
    const paolo = people.find((p) => p.name === 'Paolo Verdi')!;
    await page.goto(`/tree/${paolo.id}`);
    await page
      .getByRole('heading', { name: 'Arbre généalogique : Paolo Verdi', level: 1 })
      .waitFor();
    await page.locator('svg.kf-tree a.kf-tree-centre').waitFor();
    // The keys: Tab reaches a box, + zooms, Enter opens it.
    const before = await treeScale(page);
    await page.locator('svg.kf-tree').focus();
    await page.keyboard.press('+');
    await expect.poll(() => treeScale(page)).toBeGreaterThan(before);
    await snap(page, 'family-tree-fr-1440-dark');
    await expectNoSeriousA11yViolations(page, 'tree fr 1440 dark');
    await page.getByText('Liste', { exact: true }).click();
    await page.getByRole('link', { name: 'Centrer l’arbre sur Anna Rossi' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'tree list fr 1440 dark');
    await context.close();

    // In English: the tree at 1440 px, the person page on a phone.
    await setParams(app, 'en', false);
    try {
      const wide = await adminPage(app);
      await wide.page.goto(`/tree/${paolo.id}`);
      await wide.page
        .getByRole('heading', { name: 'Family tree of Paolo Verdi', level: 1 })
        .waitFor();
      await wide.page.locator('svg.kf-tree a.kf-tree-centre').waitFor();
      await snap(wide.page, 'family-tree-en-1440-light');
      await expectNoSeriousA11yViolations(wide.page, 'tree en 1440 light');
      await wide.context.close();
      await setParams(app, 'en', true);
      const phone = await adminPage(app, {
        width: 375,
        height: 740,
        touch: true,
        colorScheme: 'dark',
      });
      const anna = people.find((p) => p.name === 'Anna Rossi')!;
      await phone.page.goto(`/people/${anna.id}`);
      await phone.page.getByRole('heading', { name: 'Anna Rossi', level: 1 }).waitFor();
      await phone.page.getByText('between 1920 and 1922, Roma').waitFor();
      await snap(phone.page, 'family-person-en-375-dark');
      await expectNoSeriousA11yViolations(phone.page, 'person en 375 dark');
      await phone.context.close();
    } finally {
      await setParams(app, 'fr', false);
    }
  }, 150_000);
});
