import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, LIMITS, type ChangePasswordBody } from '@kinfolio/contract';
import { FormErrorAlert, PasswordField } from '@/shared/ui';
import { applyServerErrors, focusFirstError, zodValidate } from '@/shared/forms/validation';
import { accountApi } from '../api';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    initialValues: EMPTY,
    validate: zodValidate(changePasswordBody),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        // The server's confirmation arrives as a toast; the fields are emptied for the next time.
        await accountApi.changePassword(values);
        form.reset();
      } catch (error) {
        setFormError(applyServerErrors(form, error, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError} />
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
