import { expect } from 'vitest';
import { launchBrowser } from './browser.js';
import { adminApi } from './organisation.js';
import { startKinfolio } from './server.js';

/**
 * The app with its first administrator, a browser, and the administrator's API client; the
 * account is switched to French, the product's default language (a new admin starts in English).
 */
export async function startWithFrenchAdmin(admin: { email: string; password: string }) {
  const [server, browser] = await Promise.all([
    startKinfolio({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
    launchBrowser(),
  ]);
  const api = await adminApi(server.url, admin);
  const french = await api.call('updateUser', { body: { siteparams: { language: 'fr' } } });
  expect(french.status, french.text).toBe(200);
  return { server, browser, api };
}
