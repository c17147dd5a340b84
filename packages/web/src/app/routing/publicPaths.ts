/**
 * Pages opened through a share link, by relatives without an account: outside the app's shell,
 * with no session check (a logged-in visitor sees them as anyone would).
 */
export const PUBLIC_SHARE_PREFIX = '/s/';

export function isPublicSharePath(pathname: string): boolean {
  return pathname.startsWith(PUBLIC_SHARE_PREFIX);
}
