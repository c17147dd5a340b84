import { queryOptions } from '@tanstack/react-query';
import type {
  AdminSettingsBody,
  AdminUserPatchBody,
  InvitationCreateBody,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
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
      queryFn: ({ signal }) => call('adminSettings', {}, { signal }),
    }),
};

export const adminApi = {
  updateUser: (id: number, body: AdminUserPatchBody) =>
    call('adminUserUpdate', { params: { id }, body }, { validationCheck: true }),
  updateSettings: (body: AdminSettingsBody) => call('adminSettingsUpdate', { body }),
  invite: (body: InvitationCreateBody) => call('adminInvite', { body }, { validationCheck: true }),
  resendInvitation: (id: number) => call('adminInvitationResend', { params: { id } }),
  revokeInvitation: (id: number) => call('adminInvitationRevoke', { params: { id } }),
};

/** Query keys to refresh after a settings change: the public app state mirrors the switch. */
export const settingsDependents = [adminKeys.settings, appStateQuery.queryKey] as const;
