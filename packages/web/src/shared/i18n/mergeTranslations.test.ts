import type { SiteTranslation } from '@kinfolio/contract';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './core';
import { SITE_TRANSLATIONS_MERGED } from './events';
import { createTranslationMerger, splitKey } from './mergeTranslations';

const row = (id: number, key: string, text: Partial<SiteTranslation['text']>): SiteTranslation => ({
  id,
  key,
  text: { fr: '', en: '', it: '', de: '', ...text },
});

function instance() {
  return createI18n({
    lng: 'fr',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'layout'],
    resources: {
      fr: { layout: { nav: { profile: 'Mon profil', label: 'Navigation' } }, common: { ok: 'OK' } },
      en: { layout: { nav: { profile: 'My profile', label: 'Navigation' } }, common: { ok: 'OK' } },
    },
  });
}

describe('site translation merge', () => {
  it('splits keys into namespace and path', () => {
    expect(splitKey('layout:nav.profile', 'common')).toEqual({ ns: 'layout', path: 'nav.profile' });
    expect(splitKey('loading', 'common')).toEqual({ ns: 'common', path: 'loading' });
  });

  it('puts non-empty values over the bundle, keeps siblings, and signals a re-render', () => {
    const i18n = instance();
    const merged = vi.fn();
    i18n.on(SITE_TRANSLATIONS_MERGED, merged);
    const merge = createTranslationMerger(i18n);
    const rows = [row(1, 'layout:nav.profile', { fr: 'Mes infos', en: '  ', de: 'Mein Profil' })];
    merge(rows);
    expect(i18n.t('layout:nav.profile')).toBe('Mes infos');
    expect(i18n.t('layout:nav.label')).toBe('Navigation');
    expect(i18n.t('layout:nav.profile', { lng: 'en' })).toBe('My profile');
    expect(i18n.t('layout:nav.profile', { lng: 'de' })).toBe('Mein Profil');
    expect(merged).toHaveBeenCalledTimes(1);
    // The same rows again change nothing: no re-render.
    merge(rows);
    expect(merged).toHaveBeenCalledTimes(1);
  });

  it('adds keys the bundle lacks, and gives back the bundled wording when a value is cleared', () => {
    const i18n = instance();
    const merge = createTranslationMerger(i18n);
    merge([
      row(1, 'layout:nav.profile', { fr: 'Mes infos' }),
      row(2, 'common:fresh.key', { fr: 'Nouveau' }),
    ]);
    expect(i18n.t('common:fresh.key')).toBe('Nouveau');
    merge([row(1, 'layout:nav.profile', { fr: '' }), row(2, 'common:fresh.key', {})]);
    expect(i18n.t('layout:nav.profile')).toBe('Mon profil');
    expect(i18n.exists('common:fresh.key')).toBe(false);
  });

  it('leaves a key naming a group of messages alone', () => {
    const i18n = instance();
    createTranslationMerger(i18n)([row(1, 'layout:nav', { fr: 'oops' })]);
    expect(i18n.t('layout:nav.profile')).toBe('Mon profil');
  });
});
