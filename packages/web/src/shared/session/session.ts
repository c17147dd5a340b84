import {
  DEFAULT_USER_LANGUAGE,
  hasPermission,
  type CurrentUser,
  type LoginBody,
  type LoginLinkConsumeBody,
  type UiLanguage,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import {
  configureApiClient,
  ensureCsrfCookie,
  invalidateCsrf,
  isApiError,
  type ApiError,
} from '@/shared/api/client';
import {
  LANGUAGE_CHOICE_KEY,
  LANGUAGE_STORAGE_KEY,
  markLanguageChosen,
  setLanguage,
  takeChosenLanguage,
} from '@/shared/i18n';
import { appNavigate } from '@/shared/navigation';
import { clearRuntimeCaches, INSTALL_DISMISSED_KEY } from '@/shared/pwa/installPrompt';
import { clearQueryCaches, queryClient } from '@/shared/query/queryClient';
import { applyThemeColors, resetThemeColors, setColorSchemePreference } from '@/shared/theme';
import { lastKnownUser, rememberUser } from './lastUser';
import { adminUsersQuery, appStateQuery, fetchCurrentUser } from './queries';
import { useSessionStore, writeFlag } from './store';

let verification: Promise<CurrentUser | null> | null = null;

/**
 * The last check failed on the server's side, after its retries, and no one has been told yet:
 * the next `ensureSession` (the first page's guard, right after the start-up check) takes that
 * answer instead of running the retries again, so the error screen shows at once. Later
 * navigations check anew.
 */
let unreadServerFailure = false;

/** Waits before the second and third session checks after a server error or a lost request. */
export const SESSION_RETRY_DELAYS_MS = [400, 1500];

/** A failure that says nothing about the session: the server or the network had a problem. */
function isTransient(error: unknown): error is ApiError {
  if (!isApiError(error)) return false;
  return (
    error.status === 0 || error.status === 408 || (error.status >= 500 && error.status !== 503)
  );
}

/** The request never reached the server (no network, server unreachable). */
const isNetworkError = (error: unknown): boolean => isApiError(error) && error.status === 0;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * GET /api/logged-in-user, tried again after a transient failure (a 401 is an answer); not
 * tried again when the browser knows it is offline.
 */
async function fetchUserWithRetries(): Promise<CurrentUser> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchCurrentUser();
    } catch (error) {
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      if (isNetworkError(error) && browserOffline()) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Applies what belongs to the user: colours, dark mode, and the language: the one picked on this
 * browser since the last login when there is one (the newest choice, saved to the account now),
 * else the account's (default en).
 */
async function applyUserPreferences(user: CurrentUser): Promise<void> {
  applyThemeColors(user.themecolors);
  setColorSchemePreference(user.siteparams?.darkMode ? 'dark' : 'light');
  const saved = user.siteparams?.language ?? DEFAULT_USER_LANGUAGE;
  const chosen = takeChosenLanguage();
  await setLanguage(chosen ?? saved);
  if (chosen && chosen !== saved) void updateSiteparams({ language: chosen });
}

/**
 * A language picked by hand: applied at once; saved to the account when someone is logged in,
 * else kept for the next login, which saves it then.
 */
export async function chooseLanguage(lang: UiLanguage): Promise<void> {
  // Started first: the save below already asks in the new language.
  const applied = setLanguage(lang);
  if (useSessionStore.getState().user) {
    void updateSiteparams({ language: lang });
    try {
      window.localStorage.removeItem(LANGUAGE_CHOICE_KEY);
    } catch {
      // Nothing was stored.
    }
  } else markLanguageChosen(lang);
  await applied;
}

/** Global data after login: app state, and the users list for admins. */
function fetchGlobalData(user: CurrentUser): void {
  void queryClient.prefetchQuery(appStateQuery);
  if (hasPermission(user, 'admin')) void queryClient.prefetchQuery(adminUsersQuery);
}

/**
 * Verifies the session with GET /api/logged-in-user and, when valid, runs the on-login sequence.
 * Concurrent callers (guards, the flag subscription, login) share one request.
 */
export function verifySession(): Promise<CurrentUser | null> {
  verification ??= (async () => {
    useSessionStore.setState({ status: 'verifying' });
    try {
      const user = await fetchUserWithRetries();
      unreadServerFailure = false;
      useSessionStore.setState({ user, isLoggedIn: true, status: 'ready', checkFailure: null });
      writeFlag(true);
      rememberUser(user);
      await applyUserPreferences(user);
      fetchGlobalData(user);
      return user;
    } catch (error) {
      // No network (offline, or the server unreachable): only an answer ends a session. The last
      // user the server confirmed stays in, reading what was kept offline, and the session is
      // checked again when the network is back.
      if (isNetworkError(error) && useSessionStore.getState().isLoggedIn) {
        const known = await lastKnownUser();
        if (known && useSessionStore.getState().isLoggedIn) {
          useSessionStore.setState({
            user: known,
            isLoggedIn: true,
            status: 'ready',
            checkFailure: null,
          });
          checkAgainWhenOnline();
          await applyUserPreferences(known).catch(() => undefined);
          return known;
        }
      }
      // 401/403/419 already reset the session through the API client's status table. A server
      // error or a lost request keeps the flag (this is not a logout), so the next check can
      // still succeed; a server error is remembered for the error screen.
      const serverError = isTransient(error) && error.status >= 500;
      unreadServerFailure = serverError;
      useSessionStore.setState({
        status: 'ready',
        checkFailure: serverError ? error.status : null,
      });
      return null;
    } finally {
      verification = null;
    }
  })();
  return verification;
}

let waitingForNetwork = false;

/** After a check the network failed, checks again once the browser is back online. */
function checkAgainWhenOnline(): void {
  if (waitingForNetwork || typeof window === 'undefined') return;
  waitingForNetwork = true;
  window.addEventListener(
    'online',
    () => {
      waitingForNetwork = false;
      if (useSessionStore.getState().isLoggedIn) void verifySession();
    },
    { once: true },
  );
}

/** Resolves once the session state is known; guards await this before deciding. */
export async function ensureSession(): Promise<{
  isLoggedIn: boolean;
  user: CurrentUser | null;
  /** The server failed to answer the check (5xx): neither logged in nor out. */
  checkFailure: number | null;
}> {
  const state = useSessionStore.getState();
  if (state.isLoggedIn && !state.user) {
    if (!unreadServerFailure || verification) await verifySession();
    unreadServerFailure = false;
  }
  const { isLoggedIn, user, checkFailure } = useSessionStore.getState();
  return {
    isLoggedIn: isLoggedIn && user !== null,
    user,
    checkFailure: isLoggedIn && user === null ? checkFailure : null,
  };
}

/** localStorage entries of the device, not of a session: a logout keeps them. */
const DEVICE_KEYS = [LANGUAGE_STORAGE_KEY, LANGUAGE_CHOICE_KEY, INSTALL_DISMISSED_KEY];

/**
 * Clears the session, every localStorage entry but this device's language and install choice, all
 * cached queries (in memory and in IndexedDB) and the service worker's runtime caches. The colour
 * scheme in use stays for the open page; after a reload it is the default again. Resolves once
 * the stores are empty (callers that do not wait still start the clearing at once).
 */
export function resetSession(): Promise<void> {
  unreadServerFailure = false;
  useSessionStore.setState({ user: null, isLoggedIn: false, status: 'ready', checkFailure: null });
  try {
    // Everything goes but what belongs to the device: its language and whether it was picked by
    // hand (the login page after a logout, and after a reload, speaks the language just used,
    // not a default; a choice made there still wins at the next login) and a declined
    // install prompt (its dismissal is remembered on the device).
    const kept = DEVICE_KEYS.map((key) => [key, window.localStorage.getItem(key)] as const);
    window.localStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: nothing persisted to clear.
  }
  invalidateCsrf();
  resetThemeColors();
  return Promise.allSettled([clearQueryCaches(), clearRuntimeCaches()]).then(() => undefined);
}

/** A login route's answer: the session was rotated, so the next write needs the new token. */
async function loggedInBy(send: () => Promise<{ user: CurrentUser }>): Promise<CurrentUser> {
  await ensureCsrfCookie();
  const res = await send();
  invalidateCsrf();
  return enterSession(res.user);
}

/** POST /login, then the on-login sequence; resolves with the verified user. */
export function login(body: LoginBody): Promise<CurrentUser> {
  return loggedInBy(() => call('login', { body }, { validationCheck: true }));
}

/** Logs in with the token of a mailed sign-in link (once), then the on-login sequence. */
export function loginWithLink(body: LoginLinkConsumeBody): Promise<CurrentUser> {
  return loggedInBy(() => call('loginLinkConsume', { body }, { validationCheck: true }));
}

/** Marks the user as logged in (after login, register or setup) and runs the on-login sequence. */
export async function enterSession(user: CurrentUser): Promise<CurrentUser> {
  useSessionStore.setState({ user, isLoggedIn: true });
  writeFlag(true);
  return (await verifySession()) ?? user;
}

/** Replaces the user after an update; a first user from register/setup also logs in. */
export function setUser(user: CurrentUser): void {
  if (!useSessionStore.getState().isLoggedIn) {
    void enterSession(user);
    return;
  }
  useSessionStore.setState({ user });
  rememberUser(user);
}

export async function refreshUser(): Promise<CurrentUser | null> {
  try {
    const user = await fetchCurrentUser();
    useSessionStore.setState({ user });
    return user;
  } catch {
    return null;
  }
}

/** POST /logout, then reset and go to /. A failed logout still ends the local session. */
export async function logout(): Promise<void> {
  try {
    await call('logout', {}, { validationCheck: true, silent: true });
  } catch {
    // Already logged out on the server, or unreachable: the local session ends regardless.
  }
  // Waited for, so nothing of the session is still readable when the home page shows.
  await resetSession();
  appNavigate('/');
}

configureApiClient({ resetSession });

/**
 * Saves interface preferences of the logged-in user (navbar side and width, dark mode, language):
 * applied locally at once, then PATCH /api/update-user without a toast.
 */
export async function updateSiteparams(partial: Partial<CurrentUser['siteparams']>): Promise<void> {
  const user = useSessionStore.getState().user;
  if (!user) return;
  useSessionStore.setState({ user: { ...user, siteparams: { ...user.siteparams, ...partial } } });
  try {
    const res = await call('updateUser', { body: { siteparams: partial } }, { silent: true });
    // An answer without the user leaves the local preferences as they are.
    if (res?.user && useSessionStore.getState().isLoggedIn) {
      useSessionStore.setState({ user: res.user });
    }
  } catch {
    // Kept locally for this visit; the status table already handled session errors.
  }
}
