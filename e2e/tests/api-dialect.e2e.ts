import { describe, expect, it } from 'vitest';
import { SanctumClient } from '../support/http-client.js';
import { DIALECTS, serverOn } from '../support/postgres.js';

const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

for (const dialect of DIALECTS) {
  describe(`the spec's auth dialect against the started server (${dialect})`, () => {
    const current = serverOn(dialect, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

    it('csrf-cookie, 419 without the header, login, logged-in user with defaults, logout, 401 after', async (context) => {
      const server = current();
      if (!server) return context.skip();
      const client = new SanctumClient(server.url);
      const csrf = await client.request('GET', '/sanctum/csrf-cookie');
      expect(csrf.status).toBe(204);
      expect(client.cookie('XSRF-TOKEN')).toBeTruthy();

      expect((await client.request('POST', '/login', ADMIN, false)).status).toBe(419);
      const login = await client.request('POST', '/login', ADMIN);
      expect(login.status).toBe(200);

      const me = await client.request('GET', '/api/logged-in-user');
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({
        email: ADMIN.email,
        permissions: ['admin'],
        siteparams: { isnavbarleft: true, isnavbarexpanded: true, darkMode: false, language: 'en' },
        themecolors: { maincolor: '#003459', primarycolor: '#00a8e8', secondarycolor: '#007ea7' },
      });

      expect((await client.request('POST', '/logout', undefined, false)).status).toBe(419);
      expect((await client.request('POST', '/logout')).status).toBe(204);
      const after = await client.request('GET', '/api/logged-in-user');
      expect(after.status).toBe(401);
      expect(after.json.message).toBeTypeOf('string');
    });

    it('serves the web app with history fallback and JSON 404s for the API', async (context) => {
      const server = current();
      if (!server) return context.skip();
      const page = await fetch(`${server.url}/some/deep/link`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const api = await fetch(`${server.url}/api/nothing-here`);
      expect(api.status).toBe(404);
      expect(await api.json()).toHaveProperty('message');
    });
  });
}
