/**
 * The permission catalogue. `admin` grants every action; any other permission is checked by
 * exact name; a missing user has none.
 */
export const PERMISSIONS = [
  'admin',
  'content.edit',
  'content.delete',
  'records.edit',
  'translations.edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** A missing user has no permission; admin has all of them. */
export function hasPermission(
  user: { permissions: readonly string[] } | null | undefined,
  permission: Permission,
): boolean {
  if (!user) return false;
  return user.permissions.includes('admin') || user.permissions.includes(permission);
}
