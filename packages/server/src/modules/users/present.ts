import type { PICTURE_SIZES } from '@kinfolio/contract';
import {
  isPermission,
  routePath,
  siteparamsSchema,
  themecolorsSchema,
  type AdminUser,
  type CurrentUser,
  type Permission,
  type Picture,
  type PictureKind,
  type PublicUser,
  type Siteparams,
  type Themecolors,
} from '@kinfolio/contract';
import type { UserRow } from './repository.js';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function permissionsOf(user: Pick<UserRow, 'permissions'>): Permission[] {
  const value = parseJson(user.permissions);
  return Array.isArray(value) ? value.filter(isPermission) : [];
}

/** Stored settings merged over the spec's defaults; anything unreadable falls back to them. */
export function siteparamsOf(user: Pick<UserRow, 'siteparams'>): Siteparams {
  const stored = parseJson(user.siteparams);
  const parsed = siteparamsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : siteparamsSchema.parse({});
}

export function themecolorsOf(user: Pick<UserRow, 'themecolors'>): Themecolors {
  const parsed = themecolorsSchema.safeParse(parseJson(user.themecolors) ?? {});
  return parsed.success ? parsed.data : themecolorsSchema.parse({});
}

/** The addresses of a picture's sizes; the version in them changes with the picture. */
export function pictureAddresses(
  userId: number,
  kind: PictureKind,
  version: string | null,
): Picture | null {
  if (!version) return null;
  const address = (size: (typeof PICTURE_SIZES)[number]) =>
    routePath('userPicture', { params: { id: userId, kind, size }, query: { v: version } });
  return { small: address('small'), medium: address('medium'), large: address('large') };
}

export function presentPublicUser(user: Pick<UserRow, 'id' | 'name' | 'picture'>): PublicUser {
  return {
    id: user.id,
    name: user.name,
    picture: pictureAddresses(user.id, 'profile', user.picture),
  };
}

export function presentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.email_verified_at,
    permissions: permissionsOf(user),
    siteparams: siteparamsOf(user),
    themecolors: themecolorsOf(user),
    active: user.active === 1,
    picture: pictureAddresses(user.id, 'profile', user.picture),
    site_picture: pictureAddresses(user.id, 'site', user.site_picture),
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/** With its pending invitation, if any (`now` says whether the link has expired). */
export function presentAdminUser(
  user: UserRow,
  invitation?: { created_at: string; expires_at: string },
  now = new Date(),
): AdminUser {
  return {
    ...presentUser(user),
    last_login_at: user.last_login_at,
    invitation: invitation
      ? {
          created_at: invitation.created_at,
          expires_at: invitation.expires_at,
          expired: Date.parse(invitation.expires_at) <= now.getTime(),
        }
      : null,
  };
}
