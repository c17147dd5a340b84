import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  loginForm,
  submitLogin,
  waitForPath,
  START_PAGE,
} from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { ADMIN, adminPage, frenchAdminSuite } from '../support/french-admin.js';
import { adminApi } from '../support/organisation.js';
import { startKinfolio } from '../support/server.js';

const PATH = '/admin/tabAdminParam/backup';
const TITLES = ['Lettre de Rome', 'Carnet de voyage à Alger'];
const BACKUP_NAME = /^kinfolio-backup-[\w-]+\.tar$/;
// The machine is shared: a backup job, a download or a restore may take a while.
const SLOW = 180_000;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 90_000 });

interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start. */
  offset: number;
}

/** The entries of a plain (ustar) tar file, read from its 512-byte headers. */
function tarEntries(bytes: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + 512 <= bytes.length) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    entries.push({ name, size, offset: at + 512 });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** The backup page's file input (Mantine's FileInput keeps the real input hidden). */
async function chooseBackup(page: Page, name: string, buffer: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/x-tar', buffer });
}

describe('backup screen: back up, download, verify, restore into a fresh instance', () => {
  const app = frenchAdminSuite(async ({ api }) => {
    for (const title of TITLES) {
      const post = await api.request('POST', '/api/posts', { title, language: 'fr' });
      expect(post.status, post.text).toBe(201);
    }
  });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-e2e-backup-'));
  let backup: Buffer;

  it(
    'backs up now, follows it to the end, downloads and verifies it (fr, 1440, light)',
    async () => {
      const { context, page } = await adminPage(app, { timeout: 60_000 });
      // The site parameters open on their first tab, the backup.
      await page.goto('/admin/tabAdminParam');
      await waitForPath(page, PATH);
      await page.getByRole('tab', { name: 'Sauvegarde', selected: true }).waitFor();
      await page.getByText('Aucune sauvegarde pour l’instant.').waitFor();

      await page.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
      await page.getByText('La sauvegarde a commencé.').first().waitFor();
      // The list polls while the job writes, then links the file.
      const link = page.getByRole('link', { name: BACKUP_NAME }).filter({ visible: true });
      await poll(() => link.count()).toBe(1);
      const fileName = (await link.textContent())!;
      await page.getByText('Prête').filter({ visible: true }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
      for (const line of ['Éléments : 2', 'Enregistrements : 0', 'Comptes : 1']) {
        await row.getByText(line, { exact: true }).waitFor();
      }

      const downloading = page.waitForEvent('download', { timeout: 90_000 });
      await page.getByRole('link', { name: `Télécharger ${fileName}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      backup = fs.readFileSync((await download.path())!);
      const entries = tarEntries(backup);
      // The manifest comes last and names every other entry.
      expect(entries.at(-1)?.name).toBe('manifest.json');
      const last = entries.at(-1)!;
      const manifest = JSON.parse(
        backup.subarray(last.offset, last.offset + last.size).toString('utf8'),
      ) as { format_version: number; entries: unknown[]; tables: Record<string, { rows: number }> };
      expect(manifest.format_version).toBe(1);
      expect(manifest.entries).toHaveLength(entries.length - 1);
      expect(manifest.tables.items?.rows).toBe(2);

      await page.getByRole('button', { name: `Vérifier ${fileName}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /La sauvegarde est intacte : toutes les sommes de contrôle/ })
        .waitFor();
      await snap(page, 'backup-fr-1440-light');
      await expectNoSeriousA11yViolations(page, 'backup fr 1440 light');

      // This archive is not empty: the server refuses, and says why.
      await chooseBackup(page, fileName, backup);
      await page.getByRole('button', { name: 'Restaurer la sauvegarde' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restaurer' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /L’archive n’est pas vide/ })
        .waitFor();

      // The backup is among the downloads too, with its kind.
      await page.getByRole('tab', { name: 'Téléchargements' }).click();
      await waitForPath(page, '/admin/tabAdminParam/downloads');
      const table = page.locator('table');
      await table.getByRole('link', { name: fileName, exact: true }).waitFor();
      await table.getByText('Sauvegarde', { exact: true }).waitFor();
      await snap(page, 'backup-in-downloads-fr-1440-light');
      await expectNoSeriousA11yViolations(page, 'downloads with a backup fr 1440 light');
      await context.close();
    },
    SLOW,
  );

  it(
    'saves the nightly schedule and the trash’s emptying from the same screen',
    async () => {
      const { context, page } = await adminPage(app, { timeout: 60_000 });
      await page.goto(PATH);
      const keep = page.getByLabel('Sauvegardes de nuit à garder');
      await poll(() => keep.isDisabled()).toBe(true);
      await page.getByLabel('Faire une sauvegarde chaque nuit').check();
      await page.getByRole('combobox', { name: 'À', exact: true }).click();
      await page.getByRole('option', { name: '22:00' }).click();
      await keep.fill('3');
      await page.getByRole('button', { name: 'Enregistrer la planification' }).click();
      await page.getByText('La planification des sauvegardes a été enregistrée.').first().waitFor();

      const trash = page.getByLabel('Vider la corbeille après (jours)');
      await trash.fill('90');
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Les durées de conservation ont été enregistrées.').first().waitFor();

      const schedule = await app.api.request('GET', '/api/backup-schedule');
      expect(schedule.json).toEqual({ nightly: true, hour: 22, keep: 3 });
      const retention = await app.api.request('GET', '/api/deleted-medias/settings');
      expect(retention.json).toMatchObject({ trash_retention_days: 90 });
      // A new visit shows what was saved.
      await page.reload();
      await poll(() => keep.inputValue()).toBe('3');
      expect(await trash.inputValue()).toBe('90');
      await context.close();
    },
    SLOW,
  );

  it.each<[string, ContextOptions]>([
    ['en-375-dark', { locale: 'en-GB', width: 375, height: 812, colorScheme: 'dark', touch: true }],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }],
  ])(
    'reads well on other screens (%s), axe clean',
    async (name, options) => {
      const language = name.slice(0, 2);
      const switched = await app.api.request('PATCH', '/api/update-user', {
        siteparams: { language, darkMode: options.colorScheme === 'dark' },
      });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, { ...options, timeout: 60_000 });
      await page.goto(PATH);
      await poll(() =>
        page.getByRole('link', { name: BACKUP_NAME }).filter({ visible: true }).count(),
      ).toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `backup-${name}`);
      await expectNoSeriousA11yViolations(page, `backup ${name}`);
      await context.close();
    },
    SLOW,
  );

  it(
    'refuses a damaged file, then restores the backup into a fresh instance with the same items',
    async () => {
      expect(backup, 'the first test downloads the backup').toBeDefined();
      // A fresh installation: its first administrator (the same address as the source's), no data.
      const fresh = await startKinfolio({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      try {
        // The screen in English here, to read the refusals in a second language.
        const freshApi = await adminApi(fresh.url, ADMIN);
        const english = await freshApi.call('updateUser', {
          body: { siteparams: { language: 'en' } },
        });
        expect(english.status, english.text).toBe(200);
        const target = { ...app, server: fresh, api: freshApi };
        const { context, page } = await adminPage(target, { timeout: 60_000 });
        await page.goto(PATH);
        await page.getByRole('tab', { name: 'Backup', selected: true }).waitFor();
        await page.getByText('No backup yet.').waitFor();

        // One byte changed inside the first entry with data: a checksum no longer matches.
        const first = tarEntries(backup).find((entry) => entry.size > 0)!;
        const damaged = Buffer.from(backup);
        damaged[first.offset] = damaged[first.offset]! ^ 0xff;
        fs.writeFileSync(path.join(tmp, 'damaged.tar'), damaged);
        await chooseBackup(page, 'damaged.tar', damaged);
        await page.getByRole('button', { name: 'Restore the backup' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: /This backup is damaged: a checksum does not match/ })
          .waitFor();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        // Keyboard and screen-reader users land on the refusal.
        await poll(() =>
          page.evaluate(() => document.activeElement?.getAttribute('role') ?? null),
        ).toBe('alert');
        // A full-page picture of a scrolled page paints the fixed header mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await snap(page, 'backup-restore-refused-en-1440-light');
        await expectNoSeriousA11yViolations(page, 'backup restore refused en 1440 light');

        await chooseBackup(page, 'kinfolio-backup.tar', backup);
        await page.getByRole('button', { name: 'Restore the backup' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
        await page
          .getByText(/The backup has been restored\. Log in again/)
          .first()
          .waitFor();
        // The sessions went with the old accounts: the login form, then the backup's admin.
        await loginForm(page).submit.waitFor();
        await submitLogin(page, ADMIN.email, ADMIN.password);
        await waitForPath(page, START_PAGE);
        for (const title of TITLES) await page.getByText(title).first().waitFor();
        // The restored account speaks French again, as it did in the source.
        expect(await page.locator('html').getAttribute('lang')).toBe('fr');
        await context.close();
      } finally {
        await fresh.stop();
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
