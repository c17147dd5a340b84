import { DEFAULT_THEME_COLORS, routePath } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, nextResponse, waitForPath } from '../support/app.js';
import { snap, type ContextOptions, type Page } from '../support/browser.js';
import { heatContrasts, smallTapTargets } from '../support/contrast.js';
import { adminPage, frenchAdminSuite } from '../support/french-admin.js';

/** The dream's day, and a post in English on the same day (two entries, two types, two languages). */
const DAY = '1987-03-14';
const DREAM = 'Le train qui traversait la mer';
const POST = 'The Easter picnic';
const ANNIVERSARY = 'La communion de Paul';

/** The machine runs other suites beside this one: a missing element fails after 30 s, a test after 180 s. */
const PATIENT = { timeout: 30_000 };
const SLOW = 180_000;

/** Days of June 1962 and how many entries each holds: heat levels 1, 2, 3 and 4 (heatLevel). */
const HEAT_DAYS: [string, number][] = [
  ['02', 1],
  ['05', 2],
  ['09', 4],
  ['20', 16],
];

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's month and day on this machine's clock (the browser's, which the page reads), `11-26`. */
function todayMonthDay(): string {
  const now = new Date();
  return `${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A year about 25 years ago in which today's month and day exist (29 February needs a leap year). */
function anniversaryYear(monthDay: string): number {
  for (let year = new Date().getFullYear() - 25; ; year--) {
    const date = new Date(
      Date.UTC(year, Number(monthDay.slice(0, 2)) - 1, Number(monthDay.slice(3))),
    );
    if (date.getUTCDate() === Number(monthDay.slice(3))) return year;
  }
}

/** The label of the focused element (the timeline's bars and the calendar's days are named). */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
}

/** The timeline's bar whose name starts with the period (counts follow it). */
function bar(page: Page, period: RegExp) {
  return page.locator('.kf-timeline-bars').getByRole('button', { name: period });
}

describe('planning: the archive on a calendar, a timeline and "on this day"', () => {
  const monthDay = todayMonthDay();
  const year = anniversaryYear(monthDay);
  const anniversary = `${year}-${monthDay}`;
  let dreamId = 0;

  const app = frenchAdminSuite(async ({ api }) => {
    for (const body of [
      { language: 'en', title: POST, date: DAY },
      { language: 'fr', title: ANNIVERSARY, date: anniversary },
    ]) {
      const created = await api.call('post.create', { body });
      expect(created.status, created.text).toBe(201);
    }
    // June 1962 holds every warmth of the heat scale (1, 2, 4 and 16 entries a day), for axe to
    // judge the day numbers on each colour.
    for (const [day, count] of HEAT_DAYS) {
      for (let i = 1; i <= count; i++) {
        const created = await api.call('post.create', {
          body: { language: 'fr', title: `Juin 1962, ${day} (${i})`, date: `1962-06-${day}` },
        });
        expect(created.status, created.text).toBe(201);
      }
    }
  });

  it(
    'creates a dated dream, finds it on the timeline from the decades down to its day, and opens it',
    async () => {
      const { context, page } = await adminPage(app, PATIENT);
      await page.goto('/dreams/profile');
      await page.getByRole('heading', { level: 1, name: 'Nouveau rêve' }).waitFor();
      await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(DREAM);
      await page.getByLabel('Date', { exact: true }).fill(DAY);
      await page.getByRole('combobox', { name: 'Humeur' }).click();
      await page.getByRole('option', { name: 'Étrange' }).click();
      const saved = nextResponse(page, 'POST', routePath('dream.create'));
      await page.getByRole('button', { name: 'Créer', exact: true }).click();
      const response = await saved;
      expect(response.status(), await response.text()).toBe(201);
      const dream = ((await response.json()) as { item: { id: number; date: string } }).item;
      dreamId = dream.id;
      expect(dream.date.slice(0, 10)).toBe(DAY);
      await waitForPath(page, `/dreams/${dreamId}/profile`);

      await page.getByRole('link', { name: 'Planning', exact: true }).first().click();
      await waitForPath(page, '/planning');
      await page.getByRole('heading', { level: 1, name: 'Planning' }).waitFor();
      await page.getByText('Frise', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'timeline');

      // Decades, then the 1980s' years, the year's months, the month's days: two entries each time.
      await bar(page, /^Années 1980 : 2 entrées$/).click();
      await bar(page, /^1987 : 2 entrées$/).click();
      await bar(page, /^mars 1987 : 2 entrées$/).click();
      await bar(page, /^samedi 14 mars 1987 : 2 entrées$/).click();
      await page.waitForURL((url) => url.searchParams.get('day') === DAY);
      const dayPanel = page.getByRole('region', { name: /14 mars 1987/ });
      await dayPanel.getByText('2 entrées', { exact: true }).waitFor();
      await dayPanel.getByRole('link', { name: POST }).waitFor();
      await dayPanel.getByRole('link', { name: DREAM }).click();
      await waitForPath(page, `/dreams/${dreamId}/profile`);
      await page.getByRole('heading', { level: 1, name: DREAM }).waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    'counts the day on the calendar, and the type and language filters change the counts',
    async () => {
      expect(dreamId, 'the first test created the dream').toBeGreaterThan(0);
      const { context, page } = await adminPage(app, PATIENT);
      await page.goto(`/planning?day=${DAY}`);
      const day = page.locator('.kf-planning-calendar button[aria-label^="samedi 14 mars 1987"]');
      await expect.poll(() => day.getAttribute('aria-label'), PATIENT).toMatch(/: 2 entrées$/);
      await expect.poll(() => day.textContent(), PATIENT).toBe('142');
      await page.getByText('mars 1987 : 2 entrées datées').waitFor();

      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Rêves' }).click();
      await page.waitForURL((url) => url.searchParams.get('type') === 'dream');
      await expect.poll(() => day.getAttribute('aria-label'), PATIENT).toMatch(/: 1 entrée$/);
      await page.getByText('mars 1987 : 1 entrée datée').waitFor();
      const dayPanel = page.getByRole('region', { name: /14 mars 1987/ });
      await dayPanel.getByRole('link', { name: DREAM }).waitFor();
      await expect.poll(() => dayPanel.getByRole('link').count()).toBe(1);

      // Dreams in English: none that day; all types in English: the post.
      await page.getByRole('combobox', { name: 'Langue' }).click();
      await page.getByRole('option', { name: 'Anglais' }).click();
      await page.waitForURL((url) => url.searchParams.get('language') === 'en');
      await expect.poll(() => day.getAttribute('aria-label'), PATIENT).toMatch(/: 0 entrée$/);
      await dayPanel.getByText('Rien à cette date.').waitFor();
      await page.goto(`/planning?day=${DAY}&language=en`);
      await expect.poll(() => day.getAttribute('aria-label'), PATIENT).toMatch(/: 1 entrée$/);
      await dayPanel.getByRole('link', { name: POST }).waitFor();

      // The timeline under the same filter: the 1980s hold the post, the anniversary's decade none.
      await page.goto('/planning?view=timeline&language=en');
      await bar(page, /^Années 1980 : 1 entrée$/).waitFor();
      await page.goto('/planning?view=timeline&type=dream');
      await bar(page, /^Années 1980 : 1 entrée$/).waitFor();
      await page.goto('/planning?view=timeline');
      await bar(page, /^Années 1980 : 2 entrées$/).waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    'walks the timeline and the calendar with the keyboard alone',
    async () => {
      const { context, page } = await adminPage(app, PATIENT);
      await page.goto('/planning?view=timeline');
      await bar(page, /^Années 1980/).waitFor();
      // Tab from the last control before the bars lands on the bars' one tab stop.
      await page.getByRole('button', { name: 'Zoomer', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Années 1960 : 23 entrées$/);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Années 1970 : 0 entrée$/);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Années 1980 : 2 entrées$/);
      await page.keyboard.press('End');
      await expect
        .poll(() => focusedLabel(page))
        .toMatch(new RegExp(`^Années ${Math.floor(year / 10) * 10} : 1 entrée$`));
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Années 1980/);
      await page.keyboard.press('+');
      await page.waitForURL((url) => url.searchParams.get('zoom') === 'year');
      await expect.poll(() => focusedLabel(page)).toMatch(/^1980 : 0 entrée$/);
      for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^1987 : 2 entrées$/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('zoom') === 'month');
      await expect.poll(() => focusedLabel(page)).toMatch(/^janvier 1987/);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^mars 1987 : 2 entrées$/);
      await page.keyboard.press('+');
      await page.waitForURL((url) => url.searchParams.get('zoom') === 'day');
      await expect.poll(() => focusedLabel(page)).toMatch(/^dimanche 1 mars 1987/);
      for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^samedi 14 mars 1987 : 2 entrées$/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('day') === DAY);
      await page
        .getByRole('region', { name: /14 mars 1987/ })
        .getByRole('link', { name: DREAM })
        .waitFor();
      // Past the last day, the next month; − zooms back out to the months.
      await page.locator('.kf-timeline-bars button[tabindex="0"]').focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.searchParams.get('at') === '1987-04-01');
      await expect.poll(() => focusedLabel(page)).toMatch(/^mercredi 1 avril 1987/);
      await page.keyboard.press('-');
      await page.waitForURL((url) => url.searchParams.get('zoom') === 'month');
      await expect.poll(() => focusedLabel(page)).toMatch(/^avril 1987/);

      // The calendar: arrows move between days, Enter chooses one.
      await page.goto(`/planning?day=${DAY}`);
      const chosen = page.locator(
        '.kf-planning-calendar button[aria-label^="samedi 14 mars 1987"]',
      );
      await expect.poll(() => chosen.getAttribute('aria-label'), PATIENT).toMatch(/2 entrées$/);
      await chosen.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedLabel(page)).toMatch(/^dimanche 15 mars 1987 : 0 entrée$/);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedLabel(page)).toMatch(/^dimanche 22 mars 1987/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('day') === '1987-03-22');
      await page
        .getByRole('region', { name: /22 mars 1987/ })
        .getByText('Rien à cette date.')
        .waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    'shows on this day the entry of the same day and month in an earlier year',
    async () => {
      const { context, page } = await adminPage(app, PATIENT);
      await page.goto('/planning');
      await page.getByText('Ce jour-là', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'onthisday');
      const section = page.locator('main section').filter({ hasText: ANNIVERSARY });
      await section.getByRole('heading', { level: 2, name: new RegExp(String(year)) }).waitFor();
      await section.getByText('1 entrée', { exact: true }).waitFor();
      // Another day of the year shows the dream's day instead.
      await page.goto('/planning?view=onthisday&md=03-14');
      const march = page.locator('main section').filter({ hasText: DREAM });
      await march.getByRole('heading', { level: 2, name: '14 mars 1987' }).waitFor();
      await march.getByRole('link', { name: POST }).waitFor();
      await expect.poll(() => page.getByText(ANNIVERSARY).count()).toBe(0);
      await context.close();
    },
    SLOW,
  );

  it.each<[string, ContextOptions, string]>([
    ['fr-1440-light', { locale: 'fr-FR' }, 'fr'],
    [
      'en-375-dark',
      { locale: 'en-GB', width: 375, height: 812, colorScheme: 'dark', touch: true },
      'en',
    ],
    ['de-1440-dark', { locale: 'de-DE', colorScheme: 'dark' }, 'de'],
    ['it-375-light', { locale: 'it-IT', width: 375, height: 812, touch: true }, 'it'],
  ])(
    'shows the calendar, the timeline and on this day in %s, axe clean',
    async (name, options, language) => {
      const switched = await app.api.call('updateUser', {
        body: { siteparams: { language, darkMode: options.colorScheme === 'dark' } },
      });
      expect(switched.status, switched.text).toBe(200);
      const { context, page } = await adminPage(app, { ...options, ...PATIENT });
      const screens: [string, string, string][] = [
        ['calendar', `/planning?day=${DAY}`, '.kf-planning-calendar .kf-planning-day-count'],
        [
          'timeline',
          `/planning?view=timeline&zoom=day&at=${DAY}&day=${DAY}`,
          '.kf-timeline-bar[data-selected]',
        ],
        ['decades', '/planning?view=timeline', '.kf-timeline-bar'],
        ['heat', '/planning?month=1962-06', '.kf-planning-calendar [data-heat="1"]'],
        [
          'heat-timeline',
          '/planning?view=timeline&zoom=day&at=1962-06-20',
          '.kf-timeline-fill[data-heat="1"]',
        ],
        ['onthisday', `/planning?view=onthisday&md=03-14`, '.kf-planning-entry'],
      ];
      for (const [screen, path, ready] of screens) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        await page.locator(ready).first().waitFor();
        if (screen === 'calendar' || screen === 'timeline') {
          await page.locator('.kf-planning-entry').first().waitFor();
        }
        await expectNoSeriousA11yViolations(page, `planning ${screen} ${name}`);
        // Nothing wider than the phone's screen: the page itself never scrolls sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `planning ${screen} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
        if (screen === 'heat') {
          const cells = await heatContrasts(
            page,
            '.kf-planning-calendar .mantine-Calendar-day[data-heat]:not([data-heat="0"])',
          );
          console.log(name, JSON.stringify(cells));
          expect(cells.map((cell) => cell.heat).sort()).toEqual(['1', '2', '3', '4']);
          for (const cell of cells) {
            expect(cell.ratio, `day ${cell.text} on heat ${cell.heat}`).toBeGreaterThanOrEqual(4.5);
          }
        }
        if (screen === 'timeline') {
          // The chosen day's bar is scrolled into sight, even on a phone showing a few days.
          const chosen = page.locator('.kf-timeline-bar[data-selected]');
          const box = await chosen.boundingBox();
          expect(box, 'the chosen day has a bar').not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(options.width ?? 1440);
        }
        if (options.touch) expect(await smallTapTargets(page), `${screen} ${name}`).toEqual([]);
        await snap(page, `planning-${screen}-${name}`);
      }
      if (options.touch) {
        // A finger: the filters open under their button; the timeline is tapped down to the
        // day, whose entries come into sight under the bars.
        await page.goto(`/planning?day=${DAY}`);
        await page.locator('button[aria-controls="kf-planning-filters"]').tap();
        await page.locator('#kf-planning-filters input').first().waitFor();
        await expectNoSeriousA11yViolations(page, `planning filters ${name}`);
        expect(await smallTapTargets(page), `filters ${name}`).toEqual([]);
        await snap(page, `planning-filters-${name}`);
        // A small phone (iPhone SE): the day's panel opens below the fold.
        await page.setViewportSize({ width: 375, height: 667 });
        await page.goto('/planning?view=timeline');
        for (const [start, zoom] of [
          ['1980-01-01', 'year'],
          ['1987-01-01', 'month'],
          ['1987-03-01', 'day'],
        ] as const) {
          await page.locator(`.kf-timeline-bar[data-start="${start}"]`).tap();
          await page.waitForURL((url) => url.searchParams.get('zoom') === zoom);
        }
        await page.locator(`.kf-timeline-bar[data-start="${DAY}"]`).tap();
        await page.waitForURL((url) => url.searchParams.get('day') === DAY);
        const entry = page.locator('.kf-planning-entry').first();
        await entry.waitFor();
        await expect
          .poll(
            () =>
              entry.evaluate((node) => {
                const box = node.getBoundingClientRect();
                return box.top >= 0 && box.bottom <= window.innerHeight;
              }),
            PATIENT,
          )
          .toBe(true);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await page.screenshot({ path: `screenshots/planning-tapped-${name}.png` });
      }
      if (options.colorScheme === 'dark') {
        // A pale primary colour of the user's choosing: light day numbers stay readable on it.
        const pale = await app.api.call('updateUser', {
          body: { themecolors: { primarycolor: '#ffe066' } },
        });
        expect(pale.status, pale.text).toBe(200);
        await page.goto('/planning?month=1962-06');
        await page.locator('.kf-planning-calendar .mantine-Calendar-day[data-heat="1"]').waitFor();
        const cells = await heatContrasts(
          page,
          '.kf-planning-calendar .mantine-Calendar-day[data-heat]:not([data-heat="0"])',
        );
        console.log(`${name} pale primary`, JSON.stringify(cells));
        for (const cell of cells) {
          expect(cell.ratio, `day ${cell.text} on heat ${cell.heat}`).toBeGreaterThanOrEqual(4.5);
        }
        await snap(page, `planning-heat-pale-${name}`);
        const back = await app.api.call('updateUser', {
          body: { themecolors: { primarycolor: DEFAULT_THEME_COLORS.primarycolor } },
        });
        expect(back.status, back.text).toBe(200);
      }
      await context.close();
    },
    SLOW,
  );
});
