import { describe, expect, it } from 'vitest';
import {
  ITEM_BASES,
  ITEM_TYPES,
  itemCreateBody,
  itemListQuery,
  itemRoutes,
  itemTrashQuery,
  itemUpdateBody,
  buildPath,
  hasPermission,
  loginBody,
  negotiateUiLanguage,
  registerBody,
  routes,
  siteparamsSchema,
  updateUserBody,
  themecolorsSchema,
} from './index.js';

describe('contract', () => {
  it('negotiates the interface language and falls back to en', () => {
    expect(negotiateUiLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateUiLanguage('es-ES,de;q=0.5')).toBe('de');
    expect(negotiateUiLanguage('es-ES')).toBe('en');
    expect(negotiateUiLanguage('it;q=0.2,de;q=0.9')).toBe('de');
    expect(negotiateUiLanguage(undefined)).toBe('en');
  });

  it('lets admin do everything and checks other permissions by exact name', () => {
    expect(hasPermission({ permissions: ['admin'] }, 'content.edit')).toBe(true);
    expect(hasPermission({ permissions: ['content.edit'] }, 'content.edit')).toBe(true);
    expect(hasPermission({ permissions: ['content.edit'] }, 'content.delete')).toBe(false);
    expect(hasPermission(null, 'content.edit')).toBe(false);
  });

  it('fills route parameters and refuses a missing one', () => {
    expect(buildPath(routes.adminUserUpdate.path, { id: 7 })).toBe('/api/admin-users/7');
    expect(() => buildPath(routes.adminUserUpdate.path)).toThrow(/id/);
  });

  it('gives the spec defaults for siteparams and theme colours', () => {
    expect(siteparamsSchema.parse({})).toEqual({
      isnavbarleft: true,
      isnavbarexpanded: true,
      darkMode: false,
      language: 'en',
    });
    expect(themecolorsSchema.parse({}).maincolor).toBe('#003459');
    expect(themecolorsSchema.safeParse({ maincolor: 'red' }).success).toBe(false);
  });

  it('keeps a partial user update partial (no defaults filled in)', () => {
    expect(updateUserBody.parse({ siteparams: { darkMode: true } })).toEqual({
      siteparams: { darkMode: true },
    });
    expect(updateUserBody.parse({ themecolors: { maincolor: '#ABCDEF' } })).toEqual({
      themecolors: { maincolor: '#abcdef' },
    });
  });

  it('normalises emails and checks password confirmation', () => {
    expect(loginBody.parse({ email: ' Ada@Example.COM ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
      remember: false,
    });
    const mismatch = registerBody.safeParse({
      name: 'A',
      email: 'a@b.co',
      password: 'password1',
      password_confirmation: 'password2',
    });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });
});

describe('item routes', () => {
  it('declares the sixteen spec routes and the three bulk ones once per base, plus the cross-type search', () => {
    const expected = [
      ['GET', '-all'],
      ['GET', '-search'],
      ['GET', '-category/:id'],
      ['GET', '-participant/:id'],
      ['GET', '-tag/:id'],
      ['GET', '-deleted'],
      ['GET', '-deletedandrevisions'],
      ['GET', '-correlation'],
      ['GET', '-revision/:id'],
      ['GET', '-single/:id'],
      ['POST', ''],
      ['PATCH', '/:id'],
      ['POST', '-separate/:id'],
      ['DELETE', '/:id'],
      ['DELETE', '-harddelete/:id'],
      ['POST', '-restore/:id'],
      ['POST', '-bulk'],
      ['POST', '-bulk-harddelete'],
      ['DELETE', '-trash'],
    ];
    for (const type of ITEM_TYPES) {
      const declared = Object.values(itemRoutes[type]).map((r) => [r.method, r.path]);
      expect(declared.sort()).toEqual(
        expected.map(([method, suffix]) => [method, `${ITEM_BASES[type]}${suffix}`]).sort(),
      );
    }
    const table = Object.values(routes);
    expect(table.filter((r) => r.path.startsWith('/api/posts'))).toHaveLength(19);
    expect(routes['media.hardDelete']).toMatchObject({
      method: 'DELETE',
      path: '/api/medias-harddelete/:id',
      access: 'content.delete',
    });
    expect(routes.searchAll.path).toBe('/api/search');
  });

  it('validates item bodies and list queries', () => {
    expect(itemCreateBody.parse({ language: 'ar' })).toEqual({
      title: '',
      content: '',
      language: 'ar',
      status: 'published',
    });
    expect(itemCreateBody.parse({ language: 'fr', date: '1954-06-12' }).date).toBe(
      '1954-06-12T00:00:00.000Z',
    );
    expect(itemCreateBody.safeParse({ language: 'es' }).success).toBe(false);
    expect(itemUpdateBody.parse({})).toEqual({});
    expect(itemListQuery.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(itemTrashQuery.parse({}).per_page).toBe(30);
    expect(itemListQuery.safeParse({ per_page: '101' }).success).toBe(false);
  });
});
