import type { AdminUserPatchBody } from '@kinfolio/contract';
import { mutationHook } from '@/shared/query/mutation';
import { adminApi, adminKeys, settingsDependents } from './queries';

/** The administration's writes, each with the lists it makes stale. */
const users = () => [adminKeys.users];

export const useUpdateUser = mutationHook(
  ({ id, body }: { id: number; body: AdminUserPatchBody }) => adminApi.updateUser(id, body),
  users,
);
export const useInvite = mutationHook(adminApi.invite, users);
export const useResendInvitation = mutationHook(adminApi.resendInvitation, users);
export const useRevokeInvitation = mutationHook(adminApi.revokeInvitation, users);
/** The public app state mirrors the registration switch. */
export const useUpdateSettings = mutationHook(adminApi.updateSettings, () => settingsDependents);
