import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/shared/ui';
import { loginBody, type LoginBody } from '@kinfolio/contract';
import { useSession } from '@/shared/session';
import { applyServerErrors, focusFirstError, zodValidate } from '@/shared/forms/validation';
import { FormAlert } from './FormAlert';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Required<LoginBody>>({
    initialValues: { email: '', password: '', remember: false },
    validate: zodValidate(loginBody),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await login(values);
        await navigate({ to: '/posts' });
      } catch (error) {
        setFormError(applyServerErrors(form, error, ['email', 'password']));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label={t('login.remember')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
