import {
  isPermission,
  siteparamsSchema,
  themecolorsSchema,
  type AdminUser,
  type CurrentUser,
  type Permission,
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
