import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { routeIndex, type RouteName } from '@kinfolio/contract';
import { SanctumClient } from './http-client.js';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Where a login (and a logged-in visit to a guest page) leads: the archive. */
export const START_PAGE = '/posts';

/** Path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the SPA (client-side routing included) shows this path. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** The login form's fields and button, in any interface language (it follows the browser's). */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel(/^(Adresse e-mail|Email address|Indirizzo email|E-Mail-Adresse)/),
    password: page.getByLabel(/^(Mot de passe|Password|Passwort)( \*)?$/),
    submit: page.getByRole('button', { name: /^(Se connecter|Log in|Accedi|Anmelden)$/ }),
  };
}

/** Fills and sends the login form of the current page (no navigation). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * Waits until the page has settled: its finite animations and transitions done, and two frames
 * painted after them (what a person sees once the screen stops moving).
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Logs in through the home page's form and waits for the start page. */
export async function loginViaUi(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/');
  await submitLogin(page, account.email, account.password);
  await waitForPath(page, START_PAGE);
  await userMenu(page).waitFor();
}

/** Picks a language in the header's language menu (its button is named in the current one). */
export async function pickLanguage(page: Page, menuName: string, language: string): Promise<void> {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

/** The document's language, which follows the interface's. */
export const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** The account menu button of the logged-in layout (any language). */
export function userMenu(page: Page) {
  return page.getByRole('button', {
    name: /^(Menu du compte de|Account menu for|Menu dell'account di|Kontomenü von) /,
  });
}

/** Resolves with the next response of this method and path (start it before the action). */
/** The next answer of a route of the contract's table (by name, or by method and path). */
export function nextRouteResponse(page: Page, name: RouteName): Promise<Response> {
  const [method, path] = routeIndex[name];
  return nextResponse(page, method, path);
}

export function nextResponse(page: Page, method: string, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname === path,
  );
}

export interface LoggedInUser {
  id: number;
  email: string;
  permissions: string[];
  siteparams: { isnavbarleft: boolean; darkMode: boolean; language: string };
  themecolors: Record<string, string>;
}

/** GET /api/logged-in-user with the page's cookies, as the app itself would. */
export async function currentUserOf(page: Page): Promise<{ status: number; user?: LoggedInUser }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      headers: { accept: 'application/json' },
    });
    const body = (await response.json()) as LoggedInUser;
    return response.ok ? { status: response.status, user: body } : { status: response.status };
  }, routeIndex.loggedInUser[1]);
}

/** Opens registration as the admin and registers the accounts through the API (setup, not tested). */
export async function registerAccounts(
  baseUrl: string,
  admin: Pick<Account, 'email' | 'password'>,
  accounts: (Account & { language: string })[],
): Promise<void> {
  const adminClient = new SanctumClient(baseUrl);
  await adminClient.call('csrfCookie');
  expect((await adminClient.call('login', { body: admin })).status).toBe(200);
  await adminClient.call('csrfCookie');
  const open = await adminClient.call('adminSettingsUpdate', {
    body: { registration_enabled: true },
  });
  expect(open.status, open.text).toBe(200);
  for (const account of accounts) {
    const client = new SanctumClient(baseUrl, account.language);
    await client.call('csrfCookie');
    const registered = await client.call('register', {
      body: {
        name: account.name,
        email: account.email,
        password: account.password,
        password_confirmation: account.password,
      },
    });
    expect(registered.status, registered.text).toBe(201);
  }
}

/** Runs axe on the page and fails on serious or critical violations, naming them. */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // A row action's tooltip opens 400 ms after the pointer rests on it (a button just clicked) and
  // would be judged mid fade-in: the pointer moves off and any open tooltip is let close.
  await page.mouse.move(0, 0);
  await page
    .waitForFunction(() => !document.querySelector('[role="tooltip"]'), undefined, {
      timeout: 2_000,
    })
    .catch(() => undefined);
  // Contrast is judged on what is painted: a card caught mid fade-in reads as faded text.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // FilePond fades its drop label in with its own animation engine, which getAnimations() does not
  // see: wait until the label is fully painted (one it keeps hidden is left to axe after 5 s).
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.filepond--drop-label label')).every((label) => {
          for (let node: Element | null = label; node; node = node.parentElement) {
            if (getComputedStyle(node).opacity !== '1') return false;
          }
          return true;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? node.html}`)
          .join(', ')}`,
    );
  expect(serious, `axe on ${screen}`).toEqual([]);
}
