import { describe, expect, it } from 'vitest';
import { bundledKeys } from '@/shared/i18n';
import { countMissing, isIncomplete, matchesText, missingLanguages } from './search';

describe('site translations editor helpers', () => {
  it('lists every bundled key once, namespaced, including plural forms', async () => {
    const BUNDLED_KEYS = await bundledKeys();
    expect(BUNDLED_KEYS).toContain('layout:nav.sectionOrganisation');
    expect(BUNDLED_KEYS).toContain('common:validation.required');
    expect(new Set(BUNDLED_KEYS).size).toBe(BUNDLED_KEYS.length);
    expect(BUNDLED_KEYS.every((key) => /^[\w-]+:[\w.-]+$/.test(key))).toBe(true);
  });

  it('calls a key incomplete only when a language shows no text at all', () => {
    const row = { key: 'common:x', text: { fr: 'Bonjour', en: '', it: '', de: '' } };
    const builtIn = (_key: string, lng: string) => (lng === 'it' ? undefined : 'built in');
    expect(isIncomplete(row, builtIn)).toBe(true);
    expect(isIncomplete({ ...row, text: { ...row.text, it: 'Ciao' } }, builtIn)).toBe(false);
  });

  it('counts the missing values, not the keys', () => {
    const none = () => undefined;
    const rows = [
      { key: 'custom:a', text: { fr: 'Bonjour', en: '', it: '', de: ' ' } },
      { key: 'custom:b', text: { fr: 'Oui', en: 'Yes', it: 'Sì', de: '' } },
      { key: 'custom:c', text: { fr: 'Non', en: 'No', it: 'No', de: 'Nein' } },
    ];
    expect(missingLanguages(rows[0]!, none)).toEqual(['en', 'it', 'de']);
    expect(countMissing(rows, none)).toBe(4);
    expect(countMissing(rows, () => 'built in')).toBe(0);
  });

  it('matches accent- and case-insensitively', () => {
    expect(matchesText('eleve', ['Un Élève'])).toBe(true);
    expect(matchesText('zzz', ['Un Élève'])).toBe(false);
  });
});
