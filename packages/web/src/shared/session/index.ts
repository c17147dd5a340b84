import { useQuery } from '@tanstack/react-query';
import { hasPermission as userHasPermission, type Permission } from '@kinfolio/contract';
import { useMemo } from 'react';
import { appStateQuery } from './queries';
import { login, logout, refreshUser, setUser } from './session';
import { useSessionStore } from './store';

export {
  adminUsersQuery,
  appStateQuery,
  fetchCurrentUser,
  sessionKeys,
  usersQuery,
} from './queries';
export { useColorSchemeToggle } from './useColorSchemeToggle';
export {
  chooseLanguage,
  enterSession,
  ensureSession,
  login,
  loginWithLink,
  logout,
  refreshUser,
  resetSession,
  setUser,
  updateSiteparams,
  verifySession,
} from './session';
export { useSessionStore };

/**
 * The session for components:
 * - `login(body)` → csrf + POST /login + on-login sequence; resolves with the user, rejects with
 *   ApiError (422 field errors, 429 throttled) without toasts.
 * - `setUser(user)` after PATCH /api/update-user; after register/setup it also logs the user in.
 * - `logout()` → POST /logout, reset everything, go to /.
 */
export function useSession() {
  const user = useSessionStore((s) => s.user);
  const flag = useSessionStore((s) => s.isLoggedIn);
  const status = useSessionStore((s) => s.status);
  return useMemo(() => {
    const isLoggedIn = flag && user !== null;
    return {
      user,
      isLoggedIn,
      isAdmin: userHasPermission(user, 'admin'),
      isVerifying: flag && user === null && status !== 'ready',
      hasPermission: (permission: Permission) => userHasPermission(user, permission),
      login,
      logout,
      refreshUser,
      setUser,
    };
  }, [user, flag, status]);
}

/** GET /api/app-state: `{ needs_setup, registration_enabled }`. */
export function useAppState() {
  return useQuery(appStateQuery);
}
