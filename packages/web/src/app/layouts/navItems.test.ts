import { ITEM_TYPES, UI_LANGUAGES } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_META } from '@/features/archive/itemTypes';
import { i18n } from '@/shared/i18n';
import { router } from '../routing/router';
import { NAV_SECTIONS } from './navItems';

describe('the item types drive the archive screens', () => {
  it('derive each list and profile address from the API base', () => {
    expect(ITEM_TYPE_META.post).toMatchObject({
      listPath: '/posts',
      param: 'post_id',
      profileRoute: '/posts/$post_id/profile',
    });
    expect(ITEM_TYPE_META.media).toMatchObject({ listPath: '/medias', routeNumber: 1 });
  });

  it('give every type a navbar entry, in order, worded in each interface language', () => {
    const archive = NAV_SECTIONS.find((section) => section.labelKey === 'nav.sectionArchive');
    const entries = archive?.items.slice(0, ITEM_TYPES.length) ?? [];
    expect(entries.map((item) => item.to)).toEqual(
      ITEM_TYPES.map((type) => ITEM_TYPE_META[type].listPath),
    );
    for (const { labelKey } of entries) {
      for (const lng of UI_LANGUAGES) {
        expect(i18n.exists(labelKey, { lng, ns: 'layout' }), `${labelKey} in ${lng}`).toBe(true);
      }
    }
  });

  it('give every type its list and profile routes', () => {
    const paths = Object.keys(router.routesByPath);
    for (const type of ITEM_TYPES) {
      expect(paths).toContain(ITEM_TYPE_META[type].listPath);
      expect(paths).toContain(ITEM_TYPE_META[type].profileRoute);
      // The id is optional in the path: `/posts/profile` opens the create form.
      expect(paths).toContain(ITEM_TYPE_META[type].newProfileRoute);
    }
    // The feed of recent changes, of every type or one, beside an item's own history.
    expect(paths).toEqual(
      expect.arrayContaining(['/history', '/history/$type', '/history/$type/$id']),
    );
  });
});

describe('audio records', () => {
  it('have a navbar entry after the item types, worded in each interface language', () => {
    const archive = NAV_SECTIONS.find((section) => section.labelKey === 'nav.sectionArchive');
    const entry = archive?.items[ITEM_TYPES.length];
    expect(entry?.to).toBe('/records');
    for (const lng of UI_LANGUAGES) {
      expect(i18n.exists(entry?.labelKey ?? '', { lng, ns: 'layout' })).toBe(true);
    }
  });

  it('have their list, profile (with and without an id) and history routes', () => {
    const paths = Object.keys(router.routesByPath);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/records',
        '/records/{-$record_id}/profile',
        '/records/$record_id/history',
      ]),
    );
  });
});
