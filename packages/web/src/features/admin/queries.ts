import { queryOptions } from '@tanstack/react-query';
import type { AdminSettings, AdminUser, AdminUserPatchBody } from '@kinfolio/contract';
import { api } from '@/shared/api/client';
import { adminUsersQuery, appStateQuery } from '@/shared/session';

export const adminKeys = {
  users: adminUsersQuery.queryKey,
  settings: ['admin-settings'] as const,
};

export const adminQueries = {
  /** GET /api/admin-users, shared with the session's after-login prefetch. */
  users: () => adminUsersQuery,
  settings: () =>
    queryOptions({
      queryKey: adminKeys.settings,
      queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin-settings', { signal }),
    }),
};

export interface AdminUserResponse {
  message?: string;
  user: AdminUser;
}

export const adminApi = {
  updateUser: (id: number, body: AdminUserPatchBody) =>
    api.patch<AdminUserResponse>(`/api/admin-users/${id}`, body, { validationCheck: true }),
  updateSettings: (body: AdminSettings) =>
    api.patch<{ message?: string; registration_enabled: boolean }>('/api/admin-settings', body),
};

/** Query keys to refresh after a settings change: the public app state mirrors the switch. */
export const settingsDependents = [adminKeys.settings, appStateQuery.queryKey] as const;
