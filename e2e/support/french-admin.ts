import { afterAll, beforeAll, expect } from 'vitest';
import { loginViaUi } from './app.js';
import { launchBrowser, newContext, type Browser, type ContextOptions } from './browser.js';
import type { SanctumClient } from './http-client.js';
import { adminApi } from './organisation.js';
import { startKinfolio, type RunningServer } from './server.js';

/** The first administrator of the screens tests. */
export const ADMIN = { name: 'Admin', email: 'admin@example.com', password: 'e2e-admin-password' };

export interface FrenchAdminApp {
  server: RunningServer;
  browser: Browser;
  api: SanctumClient;
}

/**
 * The app with its first administrator, a browser, and the administrator's API client; the
 * account is switched to French, the product's default language (a new admin starts in English).
 */
export async function startWithFrenchAdmin(
  admin: {
    email: string;
    password: string;
  },
  env: Record<string, string> = {},
): Promise<FrenchAdminApp> {
  const [server, browser] = await Promise.all([
    startKinfolio({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env }),
    launchBrowser(),
  ]);
  const api = await adminApi(server.url, admin);
  const french = await api.call('updateUser', { body: { siteparams: { language: 'fr' } } });
  expect(french.status, french.text).toBe(200);
  return { server, browser, api };
}

/**
 * Starts the app with ADMIN (see startWithFrenchAdmin) before the suite's tests, runs `setup`
 * (the suite's own data), and stops it all after them. Call it inside `describe`; the returned
 * object is filled in by the time the tests run.
 */
export function frenchAdminSuite(
  setup?: (app: FrenchAdminApp) => Promise<void>,
  env: Record<string, string> = {},
): FrenchAdminApp {
  const app = {} as FrenchAdminApp;
  beforeAll(async () => {
    Object.assign(app, await startWithFrenchAdmin(ADMIN, env));
    await setup?.(app);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * A fresh browser context (see newContext) with a page logged in as ADMIN through the home page.
 * Content Security Policy errors in the console are collected from the start, for the tests
 * that check there are none.
 */
export async function adminPage(
  app: FrenchAdminApp,
  options: ContextOptions & { timeout?: number } = {},
) {
  const context = await newContext(app.browser, app.server.url, options);
  if (options.timeout) context.setDefaultTimeout(options.timeout);
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspErrors.push(message.text());
    }
  });
  await loginViaUi(page, ADMIN);
  return { context, page, cspErrors };
}
