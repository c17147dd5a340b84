import type { UiLanguage } from '@kinfolio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n, LANGUAGE_CHOICE_KEY, setLanguage } from '@/shared/i18n';
import { stubFetch } from '@/shared/test/fetchStub';
import { testUser } from '@/shared/test/user';
import { chooseLanguage, login, resetSession, useSessionStore } from './index';

const account = (language: UiLanguage) => testUser([], { language });

/** Logs in as an account whose saved language is `saved`; the scripted server's calls. */
async function logInAs(saved: UiLanguage) {
  const server = stubFetch();
  server.reply({ body: { user: account(saved) } }, { body: account(saved) });
  await login({ email: 'ada@example.com', password: 'secret-password', remember: false });
  // The account's save, when there is one, runs on after the login.
  await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('ready'));
  return server;
}

const saves = (server: ReturnType<typeof stubFetch>) =>
  server
    .apiCalls()
    .filter((call) => call.url === '/api/update-user')
    .map((call) => ({
      body: JSON.parse(String(call.body)) as unknown,
      language: call.headers['Accept-Language'],
    }));

describe('the language a person picked is the language they get', () => {
  beforeEach(async () => {
    await resetSession();
    window.localStorage.clear();
    await setLanguage('fr');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetSession();
    window.localStorage.clear();
  });

  it('keeps a language picked on the login page through the login, and saves it to the account', async () => {
    await chooseLanguage('de');
    expect(i18n.language).toBe('de');
    const server = await logInAs('fr');
    expect(i18n.language).toBe('de');
    await vi.waitFor(() =>
      expect(saves(server)).toEqual([{ body: { siteparams: { language: 'de' } }, language: 'de' }]),
    );
    // Every request of the login spoke the picked language.
    expect(new Set(server.apiCalls().map((call) => call.headers['Accept-Language']))).toEqual(
      new Set(['de']),
    );
    // Used once: a later login on this browser takes the account's language again.
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
  });

  it("takes the account's language when nothing was picked on this browser since", async () => {
    await setLanguage('de');
    const server = await logInAs('it');
    expect(i18n.language).toBe('it');
    expect(currentLanguage()).toBe('it');
    expect(saves(server)).toEqual([]);
  });

  it('saves a pick made while logged in at once, leaving nothing for the next login', async () => {
    await logInAs('fr');
    const server = stubFetch();
    server.reply({ body: { user: account('it') } });
    await chooseLanguage('it');
    expect(i18n.language).toBe('it');
    await vi.waitFor(() =>
      expect(saves(server)).toEqual([{ body: { siteparams: { language: 'it' } }, language: 'it' }]),
    );
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
  });
});
