import { queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';

export const sessionKeys = {
  appState: ['app-state'] as const,
  currentUser: ['logged-in-user'] as const,
  users: ['users'] as const,
  adminUsers: ['admin-users'] as const,
};

/** GET /api/app-state: the "global data" fetched at start and after login. */
export const appStateQuery = queryOptions({
  queryKey: sessionKeys.appState,
  queryFn: ({ signal }) => call('appState', {}, { signal, validationCheck: true }),
  staleTime: 60_000,
});

/** GET /api/admin-users: fetched after login when the user is an admin. */
export const adminUsersQuery = queryOptions({
  queryKey: sessionKeys.adminUsers,
  queryFn: (context) => call('adminUsers', {}, fetchOptions(context)),
});

/** GET /api/users: id and name of every user. */
export const usersQuery = queryOptions({
  queryKey: sessionKeys.users,
  queryFn: ({ signal }) => call('users', {}, { signal }),
});

/** Silent offline: the session then rests on the last confirmed user, no error to show. */
export const fetchCurrentUser = () =>
  call(
    'loggedInUser',
    {},
    {
      validationCheck: true,
      silent: typeof navigator !== 'undefined' && navigator.onLine === false,
    },
  );
