import { i18n } from '@/shared/i18n';

/**
 * Which interface namespaces a page's screen uses beyond the shell's (shared/i18n loads those
 * with the entry), by the start of its path; the archive's screens are the rest.
 */
const BY_PREFIX: readonly (readonly [prefix: string, namespaces: readonly string[]])[] = [
  ['/user/userprofile', ['account']],
  ['/params', ['account']],
  ['/user', ['auth']],
  ['/register', ['auth']],
  ['/forgot-password', ['auth']],
  ['/home', ['auth']],
  ['/admin', ['admin']],
  ['/tabOrganisation', ['organisation']],
  ['/records', ['records', 'archive', 'places']],
  ['/planning', ['planning', 'archive']],
  ['/map', ['places', 'archive']],
  ['/import', ['imports', 'archive']],
  ['/imports', ['imports', 'archive']],
  ['/shares', ['shares']],
  ['/tree', ['family', 'faces']],
  ['/people', ['faces', 'family', 'archive', 'places']],
];
// An item's page shows its place (and its form edits it): `places` comes with the archive's.
const ARCHIVE = ['archive', 'bulk', 'photos', 'places'] as const;

export function namespacesFor(pathname: string): readonly string[] {
  if (pathname === '/') return ['auth'];
  const match = BY_PREFIX.find(
    ([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  return match?.[1] ?? ARCHIVE;
}

/**
 * Starts loading the namespaces of the page about to show, beside its code rather than after it:
 * without this a page's `useTranslation` would only ask for them once its chunk ran.
 */
export function preloadNamespaces(pathname: string): Promise<void> {
  return i18n.loadNamespaces([...namespacesFor(pathname)]);
}
