import type { Item } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse, pageSettled } from '../support/app.js';
import { snap, type ContextOptions, type Locator, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';

/** The machine runs other suites beside this one: a missing element fails after 30 s. */
const PATIENT = { timeout: 30_000 };
const SLOW = 180_000;

/** A tile server of the test's own: its tiles are answered by the page's route below. */
const TILE_HOST = 'https://tiles.kinfolio.test';
const TILE_URL = `${TILE_HOST}/{z}/{x}/{y}.png`;
const CREDIT = 'Tuiles d’essai';
/** A 1×1 grey PNG, stretched over each tile. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGPo6AAAAwEBAF3QuKwAAAAASUVORK5CYII=',
  'base64',
);

interface Words {
  tilesOn: string;
  tilesUrl: string;
  tilesCredit: string;
  tilesSave: string;
  tilesInvalid: string;
  mapLabel: string;
  select: (title: string) => string;
  change: string;
  setPlace: string;
  placeName: string;
  coordinates: string;
  placeMap: string;
  apply: string;
  changed: string;
}

const FRENCH: Words = {
  tilesOn: 'Charger des fonds de carte',
  tilesUrl: 'Adresse du serveur de tuiles',
  tilesCredit: 'Mention affichée sur la carte',
  tilesSave: 'Enregistrer la carte',
  tilesInvalid: 'Saisissez une adresse en http:// ou https:// contenant {z}, {x} et {y}.',
  mapLabel: 'Carte des archives',
  select: (title) => `Sélectionner « ${title} »`,
  change: 'Modifier…',
  setPlace: 'Définir le lieu',
  placeName: 'Nom du lieu',
  coordinates: 'Coordonnées (latitude, longitude)',
  placeMap: 'Carte pour choisir le lieu',
  apply: 'Appliquer à 2 éléments',
  changed: 'Éléments modifiés : 2.',
};

const ITALIAN: Words = {
  tilesOn: 'Carica gli sfondi della mappa',
  tilesUrl: 'Indirizzo del server di tasselli',
  tilesCredit: 'Crediti mostrati sulla mappa',
  tilesSave: 'Salva le impostazioni della mappa',
  tilesInvalid: 'Inserisci un indirizzo http:// o https:// che contenga {z}, {x} e {y}.',
  mapLabel: 'Mappa dell’archivio',
  select: (title) => `Seleziona «${title}»`,
  change: 'Modifica…',
  setPlace: 'Imposta il luogo',
  placeName: 'Nome del luogo',
  coordinates: 'Coordinate (latitudine, longitudine)',
  placeMap: 'Mappa per scegliere il luogo',
  apply: 'Applica a 2 elementi',
  changed: 'Elementi modificati: 2.',
};

/** What the bulk "set place" tests need of the words (English is tested there only). */
type BulkWords = Pick<
  Words,
  'select' | 'change' | 'setPlace' | 'placeName' | 'coordinates' | 'placeMap' | 'apply' | 'changed'
>;

const ENGLISH: BulkWords = {
  select: (title) => `Select “${title}”`,
  change: 'Change…',
  setPlace: 'Set the place',
  placeName: 'Name of the place',
  coordinates: 'Coordinates (latitude, longitude)',
  placeMap: 'Map to choose the place',
  apply: 'Apply to 2 items',
  changed: 'Items changed: 2.',
};

const DESKTOP: ContextOptions = { locale: 'fr-FR', width: 1440, height: 900 };
const PHONE: ContextOptions = {
  locale: 'it-IT',
  width: 375,
  height: 740,
  touch: true,
  colorScheme: 'dark',
};

async function switchAccount(app: FrenchAdminApp, language: string, dark: boolean) {
  const switched = await app.api.request('PATCH', '/api/update-user', {
    siteparams: { language, darkMode: dark },
  });
  expect(switched.status, switched.text).toBe(200);
}

/** Counts the page's requests to the test's tile server, answering each with TILE_PNG. */
async function serveTiles(page: Page): Promise<() => number> {
  let asked = 0;
  await page.route(`${TILE_HOST}/**`, (route) => {
    asked++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
  });
  return () => asked;
}

/** The bundled world outline is drawn under whatever tiles there are. */
async function outlineShown(map: Locator) {
  await map.locator('path.kf-map-outline').first().waitFor(PATIENT);
  expect(await map.locator('path.kf-map-outline').count()).toBeGreaterThan(100);
}

/** The map tiles' part of the parameters page. */
async function tilesSection(page: Page, words: Words) {
  await page.goto('/admin/tabAdminParam/backup');
  const save = page.getByRole('button', { name: words.tilesSave });
  await save.waitFor(PATIENT);
  await save.scrollIntoViewIfNeeded();
  return save;
}

async function saveTiles(page: Page, save: Locator, touch: boolean) {
  const saved = nextResponse(page, 'PATCH', '/api/admin-settings');
  await (touch ? save.tap() : save.click());
  expect((await saved).status()).toBe(200);
}

describe('places: the map tiles setting and the bulk "set place"', () => {
  const app = frenchAdminSuite();

  it(
    'points the map at another tile server with its credit, refusing a template without {z} (fr, 1440)',
    async () => {
      await switchAccount(app, 'fr', false);
      const { context, page, cspErrors } = await adminPage(app, { ...DESKTOP, timeout: 30_000 });
      const tiles = await serveTiles(page);
      const save = await tilesSection(page, FRENCH);
      const url = page.getByRole('textbox', { name: FRENCH.tilesUrl });
      expect(await url.inputValue()).toContain('openstreetmap');
      // A template the browser could not fill is refused in words, before anything is saved.
      await url.fill(`${TILE_HOST}/tiles.png`);
      let patches = 0;
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().endsWith('/api/admin-settings')) {
          patches++;
        }
      });
      await save.click();
      await page.locator('[aria-invalid="true"]').first().waitFor(PATIENT);
      expect(await url.getAttribute('aria-invalid')).toBe('true');
      await page.getByText(FRENCH.tilesInvalid, { exact: true }).waitFor();
      expect(patches).toBe(0);
      await snap(page, 'places-tiles-invalid-fr-1440-light');

      await url.fill(TILE_URL);
      await page.getByRole('textbox', { name: FRENCH.tilesCredit }).fill(CREDIT);
      await saveTiles(page, save, false);
      await snap(page, 'places-tiles-form-fr-1440-light');
      await expectNoSeriousA11yViolations(page, 'map tiles form, 1440');

      // The map now loads its tiles from there, under the credit the server asks for.
      await page.goto('/map');
      const map = page.getByRole('region', { name: FRENCH.mapLabel });
      await outlineShown(map);
      await map.locator(`img.leaflet-tile[src^="${TILE_HOST}/"]`).first().waitFor(PATIENT);
      expect(tiles()).toBeGreaterThan(0);
      expect(await map.locator('.leaflet-control-attribution').innerText()).toContain(CREDIT);
      await snap(page, 'places-tiles-map-fr-1440-light');
      await expectNoSeriousA11yViolations(page, 'map with custom tiles, 1440');
      expect(cspErrors, 'the tile server is allowed by the page’s CSP').toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'turns the tiles off on a phone: the map draws its bundled outline and asks no tile server (it, 375)',
    async () => {
      await switchAccount(app, 'it', true);
      const { context, page } = await adminPage(app, { ...PHONE, timeout: 30_000 });
      const tiles = await serveTiles(page);
      const save = await tilesSection(page, ITALIAN);
      const url = page.getByRole('textbox', { name: ITALIAN.tilesUrl });
      expect(await url.inputValue()).toBe(TILE_URL);
      const tilesOn = page.getByRole('switch', { name: ITALIAN.tilesOn });
      // Clear of the sticky header, which the switch sits under once the save button is in view.
      await tilesOn.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await tilesOn.tap();
      await url.waitFor({ state: 'detached' });
      await saveTiles(page, save, true);
      const settings = await app.api.request('GET', '/api/admin-settings');
      expect(settings.json).toMatchObject({ map_tile_url: null });
      await snap(page, 'places-tiles-off-it-375-dark');
      await expectNoSeriousA11yViolations(page, 'map tiles turned off, 375 dark');

      await page.goto('/map');
      const map = page.getByRole('region', { name: ITALIAN.mapLabel });
      await outlineShown(map);
      // Given time to ask, it asks nothing: no tile layer, no credit.
      await page.waitForTimeout(1_000);
      expect(tiles()).toBe(0);
      expect(await map.locator('img.leaflet-tile').count()).toBe(0);
      expect(await map.locator('.leaflet-control-attribution').count()).toBe(0);
      await snap(page, 'places-tiles-off-map-it-375-dark');
      await expectNoSeriousA11yViolations(page, 'map without tiles, 375 dark');
      await context.close();
    },
    SLOW,
  );

  interface BulkCase {
    name: string;
    context: ContextOptions;
    dark: boolean;
    language: string;
    words: BulkWords;
    /** Set by coordinates pasted, or by a tap or click on the dialog's map. */
    by: 'paste' | 'map';
  }

  /** The phones are a small one's 375 × 667: the dialog must fit there, Apply in sight. */
  const SMALL_PHONE: ContextOptions = { ...PHONE, height: 667 };
  const BULK: BulkCase[] = [
    {
      name: 'it-375-dark',
      context: SMALL_PHONE,
      dark: true,
      language: 'it',
      words: ITALIAN,
      by: 'paste',
    },
    {
      name: 'fr-375-light',
      context: { ...SMALL_PHONE, locale: 'fr-FR', colorScheme: 'light' },
      dark: false,
      language: 'fr',
      words: FRENCH,
      by: 'map',
    },
    {
      name: 'fr-1440-light',
      context: DESKTOP,
      dark: false,
      language: 'fr',
      words: FRENCH,
      by: 'map',
    },
    {
      name: 'en-1440-dark',
      context: { ...DESKTOP, locale: 'en-GB', colorScheme: 'dark' },
      dark: true,
      language: 'en',
      words: ENGLISH,
      by: 'paste',
    },
  ];

  /**
   * The button is on the screen as it opened, nothing over it: a person can reach it without
   * scrolling (at 375 × 667 it once sat under the dialog's map, below the fold).
   */
  async function applyInSight(page: Page, button: Locator) {
    const box = (await button.boundingBox())!;
    const screen = page.viewportSize()!;
    expect(box.y, 'the button starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'the button ends on the screen').toBeLessThanOrEqual(screen.height);
    expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
    const onTop = await button.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return top !== null && element.contains(top);
    });
    expect(onTop, 'nothing covers the button').toBe(true);
  }

  it.each(BULK)(
    'sets one place on two selected posts from the bulk bar ($name, by $by)',
    async ({ name, context: options, dark, language, words, by }) => {
      await switchAccount(app, language, dark);
      const titles = [`Vendemmia (${name})`, `Battesimo (${name})`, `Fiera (${name})`];
      const ids: number[] = [];
      for (const [index, title] of titles.entries()) {
        const created = await app.api.call('post.create', {
          body: { language, title, date: `197${index}-09-01` },
        });
        expect(created.status, created.text).toBe(201);
        ids.push((created.json as { item: Item }).item.id);
      }
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      const touch = options.touch === true;
      const press = (target: Locator) => (touch ? target.tap() : target.click());
      await page.goto('/posts');
      for (const title of titles.slice(0, 2)) {
        await press(page.getByRole('checkbox', { name: words.select(title) }));
      }
      await press(page.getByRole('button', { name: words.change }));
      await press(page.getByRole('menuitem', { name: words.setPlace }));
      const dialog = page.getByRole('dialog', { name: words.setPlace });
      await dialog.waitFor(PATIENT);
      const apply = dialog.getByRole('button', { name: words.apply });
      expect(await apply.isDisabled(), 'nothing to apply before a place is given').toBe(true);
      await dialog.getByRole('region', { name: words.placeMap }).waitFor(PATIENT);
      await pageSettled(page);
      await applyInSight(page, apply);
      if (touch) {
        const screen = page.viewportSize()!;
        const box = (await dialog.boundingBox())!;
        expect(box.width, 'the whole screen on a phone').toBeGreaterThanOrEqual(screen.width - 1);
      }
      await dialog.getByRole('combobox', { name: words.placeName }).fill('La cascina');
      const coordinates = dialog.getByRole('textbox', { name: words.coordinates });
      const picker = dialog.getByRole('region', { name: words.placeMap });
      await outlineShown(picker);
      if (by === 'paste') {
        await coordinates.fill('44.7, 8.03');
      } else {
        await picker.scrollIntoViewIfNeeded();
        const box = (await picker.boundingBox())!;
        const [x, y] = [box.x + box.width * 0.52, box.y + box.height * 0.35];
        await (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
        await expect.poll(() => coordinates.inputValue()).toMatch(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
      }
      const [latitude, longitude] = (await coordinates.inputValue()).split(', ').map(Number) as [
        number,
        number,
      ];
      await snap(page, `places-bulk-dialog-${name}`);
      await expectNoSeriousA11yViolations(page, `bulk place dialog ${name}`);
      // Still in sight with a place given (the field's "remove the place" line added).
      expect(await apply.isEnabled()).toBe(true);
      await applyInSight(page, apply);

      const answer = nextResponse(page, 'POST', '/api/posts-bulk');
      await press(apply);
      const body = (await (await answer).json()) as { changed: number };
      expect(body.changed).toBe(2);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(words.changed).waitFor(PATIENT);
      await snap(page, `places-bulk-done-${name}`);
      const placeOf = async (id: number) =>
        ((await app.api.request('GET', `/api/posts-single/${id}`)).json as unknown as Item).place;
      for (const id of ids.slice(0, 2)) {
        expect(await placeOf(id)).toMatchObject({ name: 'La cascina', latitude, longitude });
      }
      expect(await placeOf(ids[2]!)).toBeNull();
      if (by === 'paste') {
        expect(((await placeOf(ids[0]!))?.country as { code: string } | null)?.code).toBe('IT');
      }
      await context.close();
    },
    SLOW,
  );
});

describe('places: /map as a person sees it, on a phone and a computer, light and dark', () => {
  const app = frenchAdminSuite(async ({ api }) => {
    // A few posts around Turin (one cluster from afar), one in Paris, one in Casablanca.
    const spots: [string, number, number][] = [
      ['Torino 1', 45.07, 7.68],
      ['Torino 2', 45.072, 7.69],
      ['Torino 3', 45.06, 7.7],
      ['Paris', 48.85, 2.35],
      ['Casablanca', 33.57, -7.59],
    ];
    for (const [index, [title, latitude, longitude]] of spots.entries()) {
      const created = await api.call('post.create', {
        body: {
          language: 'it',
          title,
          date: `19${60 + index}-05-01`,
          place: { name: title, latitude, longitude },
        },
      });
      expect(created.status, created.text).toBe(201);
    }
  });

  const LOOKS: { name: string; context: ContextOptions; language: string; dark: boolean }[] = [
    {
      name: 'fr-375-light',
      context: { ...PHONE, locale: 'fr-FR', colorScheme: 'light' },
      language: 'fr',
      dark: false,
    },
    { name: 'it-375-dark', context: PHONE, language: 'it', dark: true },
    {
      name: 'fr-1440-dark',
      context: { ...DESKTOP, colorScheme: 'dark' },
      language: 'fr',
      dark: true,
    },
    {
      name: 'it-1440-light',
      context: { ...DESKTOP, locale: 'it-IT' },
      language: 'it',
      dark: false,
    },
  ];

  it.each(LOOKS)(
    'shows the clusters over the outline, axe clean ($name)',
    async ({ name, context: options, language, dark }) => {
      await switchAccount(app, language, dark);
      const words = language === 'fr' ? FRENCH : ITALIAN;
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      await page.goto('/map');
      const map = page.getByRole('region', { name: words.mapLabel });
      await outlineShown(map);
      await page.waitForFunction(
        (label) =>
          document
            .querySelector(`[role="region"][aria-label="${label}"]`)
            ?.getAttribute('aria-busy') === 'false',
        words.mapLabel,
        PATIENT,
      );
      await map.locator('.leaflet-marker-icon').first().waitFor(PATIENT);
      await snap(page, `places-map-looks-${name}`);
      await expectNoSeriousA11yViolations(page, `map ${name}`);
      await context.close();
    },
    SLOW,
  );
});
