import { afterEach, describe, expect, it } from 'vitest';
import { INSTALL_DISMISSED_KEY } from '@/shared/pwa/installPrompt';
import { resetSession } from '@/shared/session';
import { browserLanguage, initialLanguage, LANGUAGE_STORAGE_KEY } from './index';

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
  });

  it('keeps the device choices (language, declined install) through a logout, which clears everything else', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    window.localStorage.setItem('kinfolio-session', '1');
    window.localStorage.setItem('kinfolio-list-posts', '{}');
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    resetSession();
    expect({ ...window.localStorage }).toEqual({
      [LANGUAGE_STORAGE_KEY]: 'de',
      [INSTALL_DISMISSED_KEY]: '1',
    });
  });
});
