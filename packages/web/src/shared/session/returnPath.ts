/**
 * The page someone asked for while logged out, to go back to once logged in. It travels in the
 * login page's `redirect` query parameter (the password form) and is also remembered on the
 * device for the ways in that leave the page (a provider's login comes back to `/`, a mailed
 * sign-in link opens in another tab).
 */
export const RETURN_PATH_PARAM = 'redirect';
export const RETURN_PATH_STORAGE_KEY = 'kinfolio-return-path';

/** Where a login leads when no page was asked for: the archive. */
export const LOGGED_IN_HOME = '/posts';

/** A page asked for an hour ago is no longer what the person is after. */
const REMEMBERED_FOR_MS = 60 * 60 * 1000;

const SITE = 'https://kinfolio.invalid';

/** Pages that lead back to the login, or are not pages of the app at all. */
const NOT_A_RETURN =
  /^\/(?:home|register|forgot-password|user\/(?:password-reset|invitation|login-link)|api|sanctum|auth|login|logout)(?:[/?#]|$)/i;

/**
 * The path itself when it is a page of this site to return to, else null: no other site
 * (`//host`, `https://…`, `/\host` that browsers read as `//host`), no control characters, no
 * server route, and not the login page or its companions (a loop).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers take `\` for `/` and drop tabs and newlines, so `/\evil.com` would leave the site.
  if (/[\\\s]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 32 || c === '\u007f'))
    return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  if (url.pathname === '/' || NOT_A_RETURN.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Remembers the page asked for (replacing any older one), when it is one to return to. */
export function rememberReturnPath(path: string): string | null {
  const safe = safeReturnPath(path);
  if (!safe) return null;
  try {
    window.localStorage.setItem(
      RETURN_PATH_STORAGE_KEY,
      JSON.stringify({ path: safe, at: Date.now() }),
    );
  } catch {
    // Storage unavailable: the query parameter still carries it for the password form.
  }
  return safe;
}

function remembered(): string | null {
  try {
    const raw = window.localStorage.getItem(RETURN_PATH_STORAGE_KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || Date.now() - at > REMEMBERED_FOR_MS) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

const currentSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

/**
 * Where to go once logged in: the login page's `redirect` parameter when it has one (an unsafe
 * one gives `fallback`, never an older remembered page), else the page remembered on this
 * device, else `fallback`.
 */
export function peekReturnPath(fallback: string, search: string = currentSearch()): string {
  const asked = new URLSearchParams(search).get(RETURN_PATH_PARAM);
  if (asked !== null) return safeReturnPath(asked) ?? fallback;
  return remembered() ?? fallback;
}

/** The same, and the remembered page is forgotten: the way back is used once. */
export function takeReturnPath(fallback: string, search: string = currentSearch()): string {
  const path = peekReturnPath(fallback, search);
  try {
    window.localStorage.removeItem(RETURN_PATH_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  return path;
}
