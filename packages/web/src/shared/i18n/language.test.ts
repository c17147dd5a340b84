import { afterEach, describe, expect, it } from 'vitest';
import { INSTALL_DISMISSED_KEY } from '@/shared/pwa/installPrompt';
import { resetSession } from '@/shared/session';
import {
  browserLanguage,
  currentLanguage,
  i18n,
  initialLanguage,
  LANGUAGE_CHOICE_KEY,
  LANGUAGE_STORAGE_KEY,
  setLanguage,
} from './index';

describe('the interface language before login', () => {
  afterEach(() => window.localStorage.clear());

  it('takes the first of the browser languages the interface has', () => {
    expect(browserLanguage(['es-ES', 'de-CH', 'fr'])).toBe('de');
    expect(browserLanguage(['IT'])).toBe('it');
    expect(browserLanguage(['es', 'pt-BR'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('prefers the last choice on this device', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    expect(initialLanguage()).toBe('it');
    expect(initialLanguage(['ja'])).toBe('it');
  });

  it('gives a browser asking only for languages the interface lacks English, one asking nothing French', () => {
    expect(initialLanguage(['ja', 'zh-CN'])).toBe('en');
    expect(initialLanguage(['es', 'de-AT'])).toBe('de');
    expect(initialLanguage([])).toBe('fr');
  });

  it('answers in the new language as soon as a switch starts, before its wording is in', async () => {
    await setLanguage('fr');
    const switching = setLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(i18n.language).toBe('fr');
    await switching;
    expect(currentLanguage()).toBe('de');
    // Switching back while a switch is under way wins over it.
    const toItalian = setLanguage('it');
    const back = setLanguage('de');
    expect(currentLanguage()).toBe('de');
    await Promise.all([toItalian, back]);
    expect(i18n.language).toBe('de');
    expect(currentLanguage()).toBe('de');
    await setLanguage('en');
  });

  it('keeps the device choices (language, declined install) through a logout, which clears everything else', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, 'de');
    window.localStorage.setItem('kinfolio-session', '1');
    window.localStorage.setItem('kinfolio-list-posts', '{}');
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    resetSession();
    expect({ ...window.localStorage }).toEqual({
      [LANGUAGE_STORAGE_KEY]: 'de',
      [LANGUAGE_CHOICE_KEY]: 'de',
      [INSTALL_DISMISSED_KEY]: '1',
    });
  });
});
