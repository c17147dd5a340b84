import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { changePasswordBody, LIMITS, type ChangePasswordBody } from '@kinfolio/contract';
import { FormAlert, PasswordField } from '@/shared/ui';
import { useServerForm } from '@/shared/forms/useServerForm';
import { accountApi } from '../api';

const EMPTY: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const { form, submit, formError } = useServerForm<ChangePasswordBody>({
    initialValues: EMPTY,
    schema: changePasswordBody,
    send: async (values, form) => {
      // The server's confirmation arrives as a toast; the fields are emptied for the next time.
      await accountApi.changePassword(values);
      form.reset();
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} mb="md" />
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
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
