import type { Item } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse } from '../support/app.js';
import { snap, type ContextOptions, type Locator, type Page } from '../support/browser.js';
import { adminPage, frenchAdminSuite, type FrenchAdminApp } from '../support/french-admin.js';

/** The post placed by tapping the map, and a neighbour placed through the API near the same spot. */
const MILL = 'Le moulin de grand-mère';
const NEIGHBOUR = 'La fête au village';

/** The machine runs other suites beside this one: a missing element fails after 30 s. */
const PATIENT = { timeout: 30_000 };
const SLOW = 180_000;

interface Words {
  placeMap: string;
  placeName: string;
  coordinates: string;
  save: string;
  mapTitle: string;
  mapLabel: string;
  cluster: RegExp;
  place: string;
  showOnMap: string;
}

const FRENCH: Words = {
  placeMap: 'Carte pour choisir le lieu',
  placeName: 'Nom du lieu',
  coordinates: 'Coordonnées (latitude, longitude)',
  save: 'Enregistrer',
  mapTitle: 'Carte',
  mapLabel: 'Carte des archives',
  cluster: /éléments ici/,
  place: 'Lieu',
  showOnMap: 'Voir sur la carte',
};

const ENGLISH: Words = {
  placeMap: 'Map to choose the place',
  placeName: 'Name of the place',
  coordinates: 'Coordinates (latitude, longitude)',
  save: 'Save',
  mapTitle: 'Map',
  mapLabel: 'Map of the archive',
  cluster: /entries here/,
  place: 'Place',
  showOnMap: 'Show on the map',
};

async function switchAccount(app: FrenchAdminApp, language: string, dark: boolean) {
  const switched = await app.api.request('PATCH', '/api/update-user', {
    siteparams: { language, darkMode: dark },
  });
  expect(switched.status, switched.text).toBe(200);
}

async function post(app: FrenchAdminApp, id: number): Promise<Item> {
  const answer = await app.api.request('GET', `/api/posts-single/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as unknown as Item;
}

/** The bundled world outline is drawn (tiles do not load here: no network). */
async function outlineShown(map: Locator) {
  await map.locator('path.kf-map-outline').first().waitFor(PATIENT);
  expect(await map.locator('path.kf-map-outline').count()).toBeGreaterThan(100);
}

/**
 * Waits until the map shows the points of its view: from a move until they are drawn it is
 * `aria-busy`, and the points on it are the previous view's (a cluster about to split, whose
 * element goes away under a tap aimed at it).
 */
function mapSettled(page: Page, label: string, zoomNot?: string | null) {
  return page.waitForFunction(
    ([name, before]) =>
      (before === undefined || new URL(location.href).searchParams.get('zoom') !== before) &&
      document
        .querySelector(`[role="region"][aria-label="${CSS.escape(name)}"]`)
        ?.getAttribute('aria-busy') === 'false',
    [label, zoomNot] as const,
    PATIENT,
  );
}

/**
 * Opens the post from `/map`: its cluster is tapped (or clicked) until the map shows the post as a
 * point of its own, whose card leads to its page.
 */
async function openFromCluster(page: Page, words: Words, title: string, touch: boolean) {
  const map = page.getByRole('region', { name: words.mapLabel });
  const press = (target: Locator) => (touch ? target.tap() : target.click());
  let clusters = 0;
  await mapSettled(page, words.mapLabel);
  for (let step = 0; step < 8; step++) {
    const own = map.getByRole('button', { name: title, exact: true });
    if (await own.count()) {
      await press(own);
      break;
    }
    const cluster = map.getByRole('button', { name: words.cluster }).first();
    await cluster.waitFor(PATIENT);
    const zoom = new URL(page.url()).searchParams.get('zoom');
    await press(cluster);
    clusters++;
    await mapSettled(page, words.mapLabel, zoom);
  }
  expect(clusters, 'the two posts start as one cluster').toBeGreaterThan(0);
  const card = page.getByRole('dialog', { name: title });
  await card.waitFor(PATIENT);
  return card;
}

interface Case {
  name: string;
  context: ContextOptions;
  dark: boolean;
  language: string;
  words: Words;
  /** Where the map is tapped, as fractions of its width and height (each case its own spot). */
  tap: [number, number];
}

const CASES: Case[] = [
  {
    name: 'fr-375-light',
    context: { locale: 'fr-FR', width: 375, height: 740, touch: true },
    dark: false,
    language: 'fr',
    words: FRENCH,
    tap: [0.55, 0.4],
  },
  {
    name: 'en-375-dark',
    context: { locale: 'en-GB', width: 375, height: 740, touch: true, colorScheme: 'dark' },
    dark: true,
    language: 'en',
    words: ENGLISH,
    tap: [0.4, 0.35],
  },
];

describe('places: a post placed by tapping the map on a phone, found on /map', () => {
  const app = frenchAdminSuite();

  it.each(CASES)(
    'sets the place by a tap, finds the post on the map and opens it from its cluster ($name)',
    async ({ name, context: options, dark, language, words, tap }) => {
      await switchAccount(app, language, dark);
      const title = `${MILL} (${name})`;
      const created = await app.api.call('post.create', { body: { language, title } });
      expect(created.status, created.text).toBe(201);
      const id = (created.json as { item: Item }).item.id;
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      const shot = (step: string) => snap(page, `places-${step}-${name}`);

      // The form: the place's map shows the world outline without tiles; a tap puts the place.
      await page.goto(`/posts/${id}/profile?edit=1`);
      const picker = page.getByRole('region', { name: words.placeMap });
      await picker.waitFor(PATIENT);
      await outlineShown(picker);
      await picker.scrollIntoViewIfNeeded();
      await page.getByRole('combobox', { name: words.placeName }).fill('Le moulin');
      const box = (await picker.boundingBox())!;
      // Above the middle: somewhere in Europe, Africa or Asia on the world view.
      await page.touchscreen.tap(box.x + box.width * tap[0], box.y + box.height * tap[1]);
      const coordinates = page.getByRole('textbox', { name: words.coordinates });
      await expect.poll(() => coordinates.inputValue()).toMatch(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
      const [latitude, longitude] = (await coordinates.inputValue()).split(', ').map(Number) as [
        number,
        number,
      ];
      await shot('form');
      await expectNoSeriousA11yViolations(page, `place form ${name}`);
      const saved = nextResponse(page, 'PATCH', `/api/posts/${id}`);
      await page.getByRole('button', { name: words.save, exact: true }).tap();
      expect((await saved).status()).toBe(200);
      const stored = await post(app, id);
      expect(stored.place).toMatchObject({ name: 'Le moulin', latitude, longitude });

      // A neighbour placed through the API ~5 km away: on a world view they are one cluster.
      const neighbour = await app.api.call('post.create', {
        body: {
          language,
          title: `${NEIGHBOUR} (${name})`,
          place: { name: 'Le village', latitude: latitude + 0.05, longitude },
        },
      });
      expect(neighbour.status, neighbour.text).toBe(201);

      // The read view: the place in words, its small map, "show on the map".
      await page.getByRole('heading', { level: 2, name: words.place }).waitFor(PATIENT);
      await page.getByRole('link', { name: words.showOnMap }).waitFor();

      // /map from the navigation: the cluster, tapped until the post stands alone, opens it.
      await page.goto('/map');
      await page.getByRole('heading', { level: 1, name: words.mapTitle }).waitFor(PATIENT);
      const map = page.getByRole('region', { name: words.mapLabel });
      await outlineShown(map);
      await map.getByRole('button', { name: words.cluster }).first().waitFor(PATIENT);
      await shot('map-world');
      await expectNoSeriousA11yViolations(page, `map ${name}`);
      const card = await openFromCluster(page, words, title, true);
      await shot('map-card');
      await card.getByRole('link', { name: title }).tap();
      await page.waitForURL(new RegExp(`/posts/${id}/profile`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor(PATIENT);
      await context.close();
    },
    SLOW,
  );

  it(
    'works with the keyboard on a computer: + zooms, Tab reaches the points, Enter opens one',
    async () => {
      await switchAccount(app, 'fr', false);
      const { context, page } = await adminPage(app, { width: 1440, height: 900, timeout: 30_000 });
      const title = `${MILL} (fr-375-light)`;
      const stored = (
        await app.api.request('GET', '/api/places/points?bbox=-180,-90,180,90&zoom=22')
      ).json as { data: { id?: number; title?: string; latitude: number; longitude: number }[] };
      const mill = stored.data.find((point) => point.title === title)!;
      expect(mill).toBeDefined();
      await page.goto(`/map?lat=${mill.latitude}&lng=${mill.longitude}&zoom=15`);
      const map = page.getByRole('region', { name: FRENCH.mapLabel });
      await map.getByRole('button', { name: title, exact: true }).waitFor(PATIENT);
      await map.focus();
      await page.keyboard.press('+');
      await page.waitForURL(/zoom=16/);
      await page.keyboard.press('Tab');
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      for (let i = 0; i < 5 && (await focused()) !== title; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(title);
      await page.keyboard.press('Enter');
      const card = page.getByRole('dialog', { name: title });
      await card.waitFor(PATIENT);
      // The card takes the focus (its entry's link), Escape closes it and gives it back.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
      await snap(page, 'places-map-keyboard-fr-1440');
      await expectNoSeriousA11yViolations(page, 'map with a card, 1440');
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'detached' });
      expect(await focused()).toBe(title);
      await page.keyboard.press('Enter');
      await card.waitFor(PATIENT);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await card.waitFor({ state: 'detached' });
      expect(await focused(), 'the close button gives the focus back too').toBe(title);
      await context.close();
    },
    SLOW,
  );

  const VIEWS: { name: string; context: ContextOptions; language: string; words: Words }[] = [
    {
      name: 'fr-375-light',
      context: { locale: 'fr-FR', width: 375, height: 667, touch: true },
      language: 'fr',
      words: FRENCH,
    },
    {
      name: 'en-375-dark',
      context: { locale: 'en-GB', width: 375, height: 667, touch: true, colorScheme: 'dark' },
      language: 'en',
      words: ENGLISH,
    },
    {
      name: 'fr-1440-dark',
      context: { locale: 'fr-FR', width: 1440, height: 900, colorScheme: 'dark' },
      language: 'fr',
      words: FRENCH,
    },
    {
      name: 'en-1440-light',
      context: { locale: 'en-GB', width: 1440, height: 900 },
      language: 'en',
      words: ENGLISH,
    },
  ];

  it.each(VIEWS)(
    'keeps a point at the map’s bottom left in sight above or beside its card ($name)',
    async ({ name, context: options, language, words }) => {
      await switchAccount(app, language, options.colorScheme === 'dark');
      const title = `${MILL} (fr-375-light)`;
      const stored = (
        await app.api.request('GET', '/api/places/points?bbox=-180,-90,180,90&zoom=22')
      ).json as { data: { title?: string; latitude: number; longitude: number }[] };
      const mill = stored.data.find((point) => point.title === title)!;
      expect(mill).toBeDefined();
      const { context, page } = await adminPage(app, { ...options, timeout: 30_000 });
      const touch = options.touch === true;
      const map = page.getByRole('region', { name: words.mapLabel });
      const marker = map.getByRole('button', { name: title, exact: true });
      const ZOOM = 15;
      await page.goto(`/map?lat=${mill.latitude}&lng=${mill.longitude}&zoom=${ZOOM}`);
      await marker.waitFor(PATIENT);
      await mapSettled(page, words.mapLabel);

      // Opens the map again with the point where the card opens: near the map's bottom left.
      const frame = (await map.boundingBox())!;
      const at = (await marker.boundingBox())!;
      const perPixel = 360 / (256 * 2 ** ZOOM);
      const right = at.x + at.width / 2 - (frame.x + 60);
      const down = frame.y + frame.height - 70 - (at.y + at.height / 2);
      const lng = mill.longitude + right * perPixel;
      const lat = mill.latitude + down * perPixel * Math.cos((mill.latitude * Math.PI) / 180);
      await page.goto(`/map?lat=${lat}&lng=${lng}&zoom=${ZOOM}`);
      await marker.waitFor(PATIENT);
      await mapSettled(page, words.mapLabel);
      const before = (await marker.boundingBox())!;
      const box = (await map.boundingBox())!;
      expect(before.x - box.x, 'the point starts at the left').toBeLessThan(120);
      expect(box.y + box.height - before.y, 'the point starts at the bottom').toBeLessThan(120);

      await (touch ? marker.tap() : marker.click());
      const card = page.getByRole('dialog', { name: title });
      await card.waitFor(PATIENT);
      const overlap = (
        a: { x: number; y: number; width: number; height: number },
        b: { x: number; y: number; width: number; height: number },
      ) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      // The map pans: the point's disc ends clear of the card and inside the map.
      await expect
        .poll(
          async () => {
            // Measured again: a tap below the fold scrolls the page.
            const box = await map.boundingBox();
            const point = await marker.boundingBox();
            const sheet = await card.boundingBox();
            if (!box || !point || !sheet) return 'not drawn';
            if (overlap(point, sheet)) return 'under the card';
            const inside =
              point.x >= box.x &&
              point.y >= box.y &&
              point.x + point.width <= box.x + box.width &&
              point.y + point.height <= box.y + box.height;
            return inside ? 'in sight' : 'off the map';
          },
          { timeout: 10_000 },
        )
        .toBe('in sight');
      await mapSettled(page, words.mapLabel);
      const sheet = (await card.boundingBox())!;
      const shown = (await map.boundingBox())!;
      if (touch) {
        // A low sheet across the map's bottom: most of the map stays in sight.
        expect(sheet.width).toBeGreaterThan(shown.width - 40);
        expect(sheet.height, 'at most a third of the map').toBeLessThanOrEqual(
          shown.height / 3 + 1,
        );
      } else {
        expect(sheet.width).toBeLessThanOrEqual(360);
      }
      // The point is still the one to tap: nothing is drawn over its middle.
      const hit = await marker.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return top !== null && element.contains(top);
      });
      expect(hit, 'the point can be tapped with its card open').toBe(true);
      await snap(page, `places-map-cover-${name}`);
      await expectNoSeriousA11yViolations(page, `map with its card ${name}`);

      const close = card.getByRole('button', { name: /^(Fermer la fiche|Close the card)$/ });
      await (touch ? close.tap() : close.click());
      await card.waitFor({ state: 'detached' });
      const focusedName = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? '',
      );
      expect([title, words.mapLabel], 'the focus goes back to the point or the map').toContain(
        focusedName,
      );
      await context.close();
    },
    SLOW,
  );
});
