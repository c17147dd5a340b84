import { useTranslation } from '@/shared/i18n/react';
import { changePasswordBody, LIMITS, type ChangePasswordBody } from '@kinfolio/contract';
import { CurrentPasswordField, NewPasswordFields } from '@/shared/forms/fields';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';
import { accountApi } from '../api';

const EMPTY: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const server = useServerForm<ChangePasswordBody>({
    initialValues: EMPTY,
    schema: changePasswordBody,
    send: async (values, form) => {
      // The server's confirmation arrives as a toast; the fields are emptied for the next time.
      await accountApi.changePassword(values);
      form.reset();
    },
  });
  const { form } = server;

  return (
    <ServerForm state={server} submitLabel={t('password.submit')} layout="card">
      <CurrentPasswordField form={form} label={t('password.current')} path="current_password" />
      <NewPasswordFields
        form={form}
        labels={{
          password: t('password.new'),
          hint: t('password.hint', { count: LIMITS.passwordMinLength }),
          confirmation: t('password.confirmation'),
        }}
      />
    </ServerForm>
  );
}
