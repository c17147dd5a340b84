import type { ChangePasswordBody, UpdateUserBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';

/** Form submissions: 422 comes back as field errors, so no error toast (validationCheck). */
export const accountApi = {
  // A new language is the answer's language too: "saved" comes in the language just chosen.
  updateUser: (body: UpdateUserBody) =>
    call(
      'updateUser',
      { body },
      {
        validationCheck: true,
        ...(body.siteparams?.language
          ? { headers: { 'Accept-Language': body.siteparams.language } }
          : {}),
      },
    ),
  changePassword: (body: ChangePasswordBody) =>
    call('changePassword', { body }, { validationCheck: true }),
  resendVerification: () => call('verificationNotification'),
};
