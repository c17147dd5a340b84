import type { Import, Item } from '@kinfolio/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';
import {
  importedByPath,
  importIdOf,
  importOf,
  picture,
  takeoutSidecar,
  zipOf,
} from '../support/imports.js';
import type { ParticipantRow } from '../support/organisation.js';

/** The account's language and scheme, which the interface follows once logged in. */
async function switchAccount(app: FrenchAdminApp, language: string, dark: boolean) {
  const switched = await app.api.request('PATCH', '/api/update-user', {
    siteparams: { language, darkMode: dark },
  });
  expect(switched.status, switched.text).toBe(200);
}

async function participants(app: FrenchAdminApp): Promise<ParticipantRow[]> {
  const answer = await app.api.request('GET', '/api/participants');
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as ParticipantRow[];
}

async function item(app: FrenchAdminApp, base: string, id: number): Promise<Item> {
  const answer = await app.api.request('GET', `/api/${base}-single/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as Item;
}

/** Waits until the import of the page's address has its report (it runs as a job). */
async function reportOf(app: FrenchAdminApp, page: Page, heading: string): Promise<Import> {
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor({ timeout: 30_000 });
  return importOf(app.api, importIdOf(page));
}

/** How much wider than the screen the page is (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A whole flow: an upload, an import job, screens checked with axe; the machine is shared. */
const FLOW_MS = 120_000;

const LRM = '\u200e';

/** A WhatsApp export on a phone, in the words of the phone's language and the app's. */
interface ChatCase {
  name: string;
  context: ContextOptions;
  dark: boolean;
  /** The participant already in the archive, and the chat's name for that person. */
  relative: string;
  author: string;
  /** The other author, who becomes a participant of their own. */
  other: string;
  zipName: string;
  entries: () => Promise<Record<string, Buffer>>;
  /** A line of the chat the messages' screen shows. */
  said: string;
  words: {
    openMenu: string;
    drawerLink: string;
    choose: string;
    people: string;
    mapping: (name: string) => string;
    confirm: string;
    report: string;
    from: string;
    participants: string;
    /** The report's link to the first day, named by its item's title. */
    firstDay: string;
    undo: string;
  };
}

const CHATS: ChatCase[] = [
  {
    // iOS, a French phone: `_chat.txt` in the zip, its first line under the group's name.
    name: 'fr-375-light',
    context: { locale: 'fr-FR', width: 375, height: 740, touch: true },
    dark: false,
    relative: 'Nonna Maria',
    author: 'Maria',
    other: 'Luca',
    zipName: 'WhatsApp Chat - Famille.zip',
    said: 'Coucou les enfants !',
    entries: async () => ({
      '_chat.txt': Buffer.from(
        [
          `[14/03/2021 18:00:00] Famille: ${LRM}Les messages et les appels sont chiffrés de bout en bout. Personne en dehors de cette discussion, pas même WhatsApp, ne peut les lire ou les écouter.`,
          '[14/03/2021 18:01:12] Maria: Coucou les enfants !',
          '[14/03/2021 18:02:40] Luca: Bonsoir Nonna, tu vas bien ?',
          `[14/03/2021 18:05:00] Maria: ${LRM}<joint : 00000004-PHOTO-2021-03-14-18-05-00.jpg>`,
          '[15/03/2021 09:30:05] Maria: Regardez le gâteau',
          "je l'ai fait avec la recette de ma mère",
          '[16/03/2021 20:15:00] Luca: Bonne nuit à tous',
        ].join('\n'),
      ),
      '00000004-PHOTO-2021-03-14-18-05-00.jpg': await picture(21),
    }),
    words: {
      openMenu: 'Ouvrir le menu',
      drawerLink: 'Importer',
      choose: 'Choisir un fichier',
      people: 'Personnes trouvées',
      mapping: (name) => `${name} dans l'archive`,
      confirm: 'Importer',
      report: 'Rapport',
      from: 'De',
      participants: 'Participants',
      firstDay: 'Famille — 14 mars 2021',
      undo: 'Annuler cet import',
    },
  },
  {
    // Android, a German phone: the chat's name in the file's, day first with dots.
    name: 'de-375-dark',
    context: { locale: 'de-DE', width: 375, height: 740, touch: true, colorScheme: 'dark' },
    dark: true,
    relative: 'Oma Erika',
    author: 'Erika',
    other: 'Jonas',
    zipName: 'WhatsApp Chat mit Familie.zip',
    said: 'Hallo ihr Lieben!',
    entries: async () => ({
      'WhatsApp Chat mit Familie.txt': Buffer.from(
        [
          '14.03.21, 18:00 - Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Niemand außerhalb dieses Chats kann sie lesen oder anhören, nicht einmal WhatsApp.',
          '14.03.21, 18:01 - Erika: Hallo ihr Lieben!',
          "14.03.21, 18:02 - Jonas: Guten Abend Oma, wie geht's?",
          '14.03.21, 18:05 - Erika: IMG-20210314-WA0001.jpg (Datei angehängt)',
          '15.03.21, 09:30 - Erika: Schaut mal, der Kuchen',
          'nach Mamas Rezept',
          '16.03.21, 20:15 - Jonas: Gute Nacht zusammen',
        ].join('\n'),
      ),
      'IMG-20210314-WA0001.jpg': await picture(22),
    }),
    words: {
      openMenu: 'Menü öffnen',
      drawerLink: 'Importieren',
      choose: 'Datei auswählen',
      people: 'Gefundene Personen',
      mapping: (name) => `${name} im Archiv`,
      confirm: 'Importieren',
      report: 'Bericht',
      from: 'Von',
      participants: 'Beteiligte',
      firstDay: 'Familie — 14. März 2021',
      undo: 'Diesen Import rückgängig machen',
    },
  },
];

describe('importing the family’s sources: WhatsApp on a phone, Takeout on a computer', () => {
  const app = frenchAdminSuite();

  it.each(CHATS)(
    'imports a WhatsApp zip on a touch phone, maps an author, reads the messages ($name)',
    async (chat) => {
      const made = await app.api.request('POST', '/api/participants', { name: chat.relative });
      expect(made.status, made.text).toBe(201);
      const relative = (await participants(app)).find((p) => p.name === chat.relative)!;
      await switchAccount(app, chat.name.slice(0, 2), chat.dark);
      const { context, page } = await adminPage(app, chat.context);
      const shot = (step: string) => snap(page, `import-whatsapp-${step}-${chat.name}`);
      const { words } = chat;

      // The drawer's entry, then the phone's file picker.
      await page.getByRole('button', { name: words.openMenu }).tap();
      await page.getByRole('dialog').getByRole('link', { name: words.drawerLink }).tap();
      await page.waitForURL(/\/import$/);
      await page.getByRole('heading', { level: 1, name: words.drawerLink }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await shot('pick');
      const picker = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: words.choose }).tap();
      await (
        await picker
      ).setFiles({
        name: chat.zipName,
        mimeType: 'application/zip',
        buffer: await zipOf(await chat.entries()),
      });

      // The preview: both authors found; one is mapped, by touch, to the relative already there.
      await page.waitForURL(/\/imports\/\d+$/);
      await page.getByRole('heading', { name: words.people }).waitFor({ timeout: 30_000 });
      const mapping = page.getByRole('combobox', { name: words.mapping(chat.author) });
      await mapping.waitFor();
      await expect.poll(() => mapping.inputValue()).not.toBe(chat.relative);
      await page.getByRole('combobox', { name: words.mapping(chat.other) }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot('preview');
      await expectNoSeriousA11yViolations(page, `whatsapp preview ${chat.name}`);
      // Two participants to create, then one: the mapped author is the relative.
      const toCreate = page
        .locator('.kf-import-counts > div')
        .filter({ hasText: words.participants })
        .locator('dd');
      await expect.poll(() => toCreate.textContent()).toBe('2');
      await mapping.tap();
      await page.getByRole('option', { name: chat.relative }).tap();
      await expect.poll(() => mapping.inputValue()).toBe(chat.relative);
      await expect.poll(() => toCreate.textContent()).toBe('1');
      await shot('mapped');

      await page.getByRole('button', { name: words.confirm, exact: true }).tap();
      const report = await reportOf(app, page, words.report);
      expect(report.status, JSON.stringify(report.errors)).toBe('done');
      expect(report.source_kind).toBe('whatsapp');
      // One item per day of the chat.
      expect(report.created.message).toHaveLength(3);
      // Nothing wider than the phone, and Undo's words whole (they wrap rather than being cut).
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const undo = page.getByRole('button', { name: words.undo });
      expect(await undo.evaluate((button) => button.scrollWidth - button.clientWidth)).toBe(0);
      await shot('report');
      await expectNoSeriousA11yViolations(page, `whatsapp report ${chat.name}`);

      // The first day's messages, from the report's link: the text, and the relative as author.
      await page.getByRole('link', { name: words.firstDay }).tap();
      await page.waitForURL(/\/messages\/\d+\/profile$/);
      await page.getByText(chat.said).waitFor();
      const from = page.locator('.kf-fields dt', { hasText: words.from }).locator('+ dd');
      await expect.poll(() => from.textContent()).toContain(chat.relative);
      await expect.poll(() => from.textContent()).toContain(chat.other);
      // The photo of the chat, inline where it was sent.
      const photo = page.locator('.kf-item-content img');
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await shot('messages');

      // No participant was made for the mapped author; the other one has theirs.
      const names = (await participants(app)).map((p) => p.name);
      expect(names).not.toContain(chat.author);
      expect(names).toContain(chat.other);
      const first = await item(app, 'messages', report.created.message![0]!);
      expect(first.from.map((p) => p.id)).toContain(relative.id);
      await context.close();
    },
    FLOW_MS,
  );

  it(
    'imports a Takeout zip from the add menu, reviews a near-duplicate, undoes it all (fr, 1440)',
    async () => {
      await switchAccount(app, 'fr', false);
      // A picture already in the archive, imported earlier.
      const original = await picture(41, 640);
      const earlier = await importedByPath(
        app.api,
        'anciennes.zip',
        await zipOf({ 'Anciennes/portrait.jpg': original }),
      );
      const [originalId] = earlier.created.media!;

      const YEAR = 'Takeout/Google Photos/Photos from 2019';
      const ALBUM = 'Takeout/Google Photos/Vacances au lac';
      const lake = await picture(42, 480);
      const lakeSidecar = takeoutSidecar('IMG_0001.jpg', '2019-07-14T10:00:00Z', {
        geo: [45.899247, 6.129384],
        description: "Au bord du lac d'Annecy",
      });
      const takeout = await zipOf({
        'Takeout/archive_browser.html': Buffer.from('<html></html>'),
        [`${YEAR}/IMG_0001.jpg`]: lake,
        [`${YEAR}/IMG_0001.jpg.json`]: lakeSidecar,
        // The original, resized and recompressed as Google Photos keeps it.
        [`${YEAR}/IMG_0002.jpg`]: await sharp(original)
          .resize(300)
          .jpeg({ quality: 60 })
          .toBuffer(),
        [`${YEAR}/IMG_0002.jpg.json`]: takeoutSidecar('IMG_0002.jpg', '2019-08-01T12:00:00Z'),
        [`${ALBUM}/metadata.json`]: Buffer.from('{"title": "Vacances au lac"}'),
        [`${ALBUM}/IMG_0001.jpg`]: lake,
        [`${ALBUM}/IMG_0001.jpg.json`]: lakeSidecar,
      });

      const { context, page } = await adminPage(app);
      const shot = (step: string) => snap(page, `import-takeout-${step}-fr-1440-light`);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await page.getByRole('menuitem', { name: 'Importer…' }).click();
      await page.waitForURL(/\/import$/);
      const picker = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choisir un fichier' }).click();
      await (
        await picker
      ).setFiles({ name: 'takeout-20240101.zip', mimeType: 'application/zip', buffer: takeout });

      // The preview: recognised as a Takeout, two pictures (the album's copy is the same one).
      await page.waitForURL(/\/imports\/\d+$/);
      await page.getByText('Google Takeout (Photos)').waitFor({ timeout: 30_000 });
      const counts = page.locator('.kf-import-counts');
      await expect
        .poll(() => counts.locator('div').filter({ hasText: 'Photos et vidéos' }).textContent())
        .toContain('2');
      await shot('preview');
      await expectNoSeriousA11yViolations(page, 'takeout preview fr 1440');
      await page.getByRole('button', { name: 'Importer', exact: true }).click();

      const report = await reportOf(app, page, 'Rapport');
      expect(report.status, JSON.stringify(report.errors)).toBe('done');
      expect(report.source_kind).toBe('takeout');
      const created = report.created.media!;
      expect(created).toHaveLength(2);
      expect(report.counts.near_duplicates).toBe(1);
      // One media for the photo and its album copy, dated, placed and described by its sidecar.
      const lakes = await Promise.all(created.map((id) => item(app, 'medias', id)));
      const inAlbum = lakes.find((media) => media.categories.length > 0)!;
      expect(inAlbum.categories.map((c) => Object.values(c.name))).toEqual([
        expect.arrayContaining(['Vacances au lac']),
      ]);
      expect(inAlbum.date.slice(0, 10)).toBe('2019-07-14');
      expect(inAlbum.content).toContain("Au bord du lac d'Annecy");
      expect(inAlbum.files).toHaveLength(1);
      expect(inAlbum.files[0]).toMatchObject({ taken_on: '2019-07-14' });
      expect(inAlbum.files[0]!.latitude).toBeCloseTo(45.899247, 4);
      expect(inAlbum.files[0]!.longitude).toBeCloseTo(6.129384, 4);
      const copy = lakes.find((media) => media !== inAlbum)!;

      // The near-duplicate beside the picture already there: both pictures shown.
      const pair = page.getByRole('listitem', {
        name: `Nouvelle image n° ${copy.id} et image n° ${originalId}`,
      });
      const thumbnails = pair.locator('img');
      await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBe(2);
      for (const thumbnail of await thumbnails.all()) {
        await expect
          .poll(() =>
            thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
      }
      // The links to what was created say which pictures they are.
      for (const media of lakes) await page.getByRole('link', { name: media.title }).waitFor();
      await shot('report');
      await expectNoSeriousA11yViolations(page, 'takeout report fr 1440');
      await pair.getByRole('button', { name: 'Garder les deux' }).click();
      await pair.getByText('Les deux sont gardées.').waitFor();

      // Undo: the two pictures go to the trash; the one already there stays.
      await page.getByRole('button', { name: 'Annuler cet import' }).click();
      await page
        .getByRole('dialog', { name: 'Annuler cet import ?' })
        .getByRole('button', { name: "Annuler l'import" })
        .click();
      await page.getByText('Annulé', { exact: true }).first().waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await shot('undone');
      expect((await importOf(app.api, report.id)).status).toBe('undone');
      const trash = await app.api.request('GET', '/api/medias-deleted');
      const trashed = (trash.json as { data: { id: number }[] }).data.map((row) => row.id);
      expect(trashed.sort()).toEqual([...created].sort());

      // The archive's pictures no longer show them; its trash does.
      await page.goto('/medias');
      await page
        .getByText((await item(app, 'medias', originalId!)).title)
        .first()
        .waitFor();
      for (const media of lakes) expect(await page.getByText(media.title).count()).toBe(0);
      await page.goto('/medias?deleted=1');
      for (const media of lakes) await page.getByText(media.title).first().waitFor();
      await shot('trash');
      await context.close();
    },
    FLOW_MS,
  );
});
