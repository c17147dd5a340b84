import { useTranslation } from '@/shared/i18n/react';
import { changePasswordBody, LIMITS, type ChangePasswordBody } from '@kinfolio/contract';
import { PasswordField } from '@/shared/ui';
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
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        required
        {...form.getInputProps('current_password')}
      />
      <PasswordField
        label={t('password.new')}
        description={t('password.hint', { count: LIMITS.passwordMinLength })}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={t('password.confirmation')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
      />
    </ServerForm>
  );
}
