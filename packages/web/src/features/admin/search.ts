import type { AdminUser } from '@kinfolio/contract';

/** Lower case without accents, so "eloise" finds "Éloïse". */
export function normalizeText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function filterUsers(users: readonly AdminUser[], query: string): AdminUser[] {
  const needle = normalizeText(query);
  if (!needle) return [...users];
  return users.filter(
    (user) =>
      normalizeText(user.name).includes(needle) || normalizeText(user.email).includes(needle),
  );
}
