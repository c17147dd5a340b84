import type { ChangePasswordBody, CurrentUser, UpdateUserBody } from '@kinfolio/contract';
import { api } from '@/shared/api/client';

export interface UserResponse {
  message?: string;
  user: CurrentUser;
}

/** Form submissions: 422 comes back as field errors, so no error toast (validationCheck). */
export const accountApi = {
  updateUser: (body: UpdateUserBody) =>
    api.patch<UserResponse>('/api/update-user', body, { validationCheck: true }),
  changePassword: (body: ChangePasswordBody) =>
    api.post<{ message?: string }>('/change-password', body, { validationCheck: true }),
  resendVerification: () => api.post<{ message?: string }>('/email/verification-notification'),
};
