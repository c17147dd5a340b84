import { queryOptions } from '@tanstack/react-query';
import type { AdminUser, AppState, CurrentUser, PublicUser } from '@kinfolio/contract';
import { api } from '@/shared/api/client';

export const sessionKeys = {
  appState: ['app-state'] as const,
  currentUser: ['logged-in-user'] as const,
  users: ['users'] as const,
  adminUsers: ['admin-users'] as const,
};

/** GET /api/app-state: the "global data" fetched at start and after login. */
export const appStateQuery = queryOptions({
  queryKey: sessionKeys.appState,
  queryFn: ({ signal }) => api.get<AppState>('/api/app-state', { signal, validationCheck: true }),
  staleTime: 60_000,
});

/** GET /api/admin-users: fetched after login when the user is an admin. */
export const adminUsersQuery = queryOptions({
  queryKey: sessionKeys.adminUsers,
  queryFn: ({ signal }) => api.get<AdminUser[]>('/api/admin-users', { signal }),
});

/** GET /api/users: id and name of every user. */
export const usersQuery = queryOptions({
  queryKey: sessionKeys.users,
  queryFn: ({ signal }) => api.get<PublicUser[]>('/api/users', { signal }),
});

export const fetchCurrentUser = () =>
  api.get<CurrentUser>('/api/logged-in-user', { validationCheck: true });
