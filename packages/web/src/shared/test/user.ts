import {
  DEFAULT_SITEPARAMS,
  DEFAULT_THEME_COLORS,
  type CurrentUser,
  type Siteparams,
} from '@kinfolio/contract';

/** Ada, a logged-in user as GET /api/logged-in-user gives her, with these rights and settings. */
export function testUser(
  permissions: string[] = [],
  siteparams: Partial<Siteparams> = {},
): CurrentUser {
  return {
    id: 1,
    name: 'Ada',
    email: 'ada@example.com',
    email_verified_at: null,
    permissions,
    siteparams: { ...DEFAULT_SITEPARAMS, ...siteparams },
    themecolors: { ...DEFAULT_THEME_COLORS },
    active: true,
    picture: null,
    site_picture: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
  };
}
