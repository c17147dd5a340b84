import {
  DEFAULT_USER_LANGUAGE,
  hasPermission,
  type CurrentUser,
  type LoginBody,
} from '@kinfolio/contract';
import { api, configureApiClient, ensureCsrfCookie, invalidateCsrf } from '@/shared/api/client';
import { setLanguage } from '@/shared/i18n';
import { appNavigate } from '@/shared/navigation';
import { clearQueryCaches, queryClient } from '@/shared/query/queryClient';
import { applyThemeColors, resetThemeColors, setColorSchemePreference } from '@/shared/theme';
import { adminUsersQuery, appStateQuery, fetchCurrentUser, sessionKeys } from './queries';
import { useSessionStore, writeFlag } from './store';

let verification: Promise<CurrentUser | null> | null = null;

/** Applies what belongs to the user: colours, language, dark mode (spec §4). */
async function applyUserPreferences(user: CurrentUser): Promise<void> {
  applyThemeColors(user.themecolors);
  setColorSchemePreference(user.siteparams?.darkMode ? 'dark' : 'light');
  await setLanguage(user.siteparams?.language ?? DEFAULT_USER_LANGUAGE);
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
      const user = await fetchCurrentUser();
      useSessionStore.setState({ user, isLoggedIn: true, status: 'ready' });
      writeFlag(true);
      await applyUserPreferences(user);
      fetchGlobalData(user);
      return user;
    } catch {
      // 401/403/419 already reset the session through the API client's status table; a network
      // failure keeps the flag so the next attempt can still succeed.
      useSessionStore.setState({ status: 'ready' });
      return null;
    } finally {
      verification = null;
    }
  })();
  return verification;
}

/** Resolves once the session state is known; guards await this before deciding. */
export async function ensureSession(): Promise<{ isLoggedIn: boolean; user: CurrentUser | null }> {
  const state = useSessionStore.getState();
  if (state.isLoggedIn && !state.user) await verifySession();
  const { isLoggedIn, user } = useSessionStore.getState();
  return { isLoggedIn: isLoggedIn && user !== null, user };
}

/**
 * Clears the session, every localStorage entry and all cached queries (spec §4). The language and
 * colour scheme in use stay for the open page; after a reload they are the defaults again.
 */
export function resetSession(): void {
  useSessionStore.setState({ user: null, isLoggedIn: false, status: 'ready' });
  try {
    window.localStorage.clear();
  } catch {
    // Storage unavailable: nothing persisted to clear.
  }
  invalidateCsrf();
  resetThemeColors();
  void clearQueryCaches();
}

/** POST /login, then the on-login sequence; resolves with the verified user. */
export async function login(body: LoginBody): Promise<CurrentUser> {
  await ensureCsrfCookie();
  const res = await api.post<{ user: CurrentUser }>('/login', body, { validationCheck: true });
  // The session was rotated: the next write needs the new token.
  invalidateCsrf();
  return enterSession(res.user);
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
  queryClient.setQueryData(sessionKeys.currentUser, user);
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

/** POST /logout, then reset and go to / (spec §2). A failed logout still ends the local session. */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout', undefined, { validationCheck: true, silent: true });
  } catch {
    // Already logged out on the server, or unreachable: the local session ends regardless.
  }
  resetSession();
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
    const res = await api.patch<{ user: CurrentUser }>(
      '/api/update-user',
      { siteparams: partial },
      { silent: true },
    );
    if (res?.user && useSessionStore.getState().isLoggedIn)
      useSessionStore.setState({ user: res.user });
  } catch {
    // Kept locally for this visit; the status table already handled session errors.
  }
}
