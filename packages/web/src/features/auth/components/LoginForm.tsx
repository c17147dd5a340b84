import { Anchor, Checkbox, Group, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '@/shared/api/client';
import { useTranslation } from '@/shared/i18n/react';
import { PasswordField } from '@/shared/ui';
import type { LoginBody } from '@kinfolio/contract';
import { useSession } from '@/shared/session';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';
import { LoginLinkOffer } from './LoginLinkOffer';
import { SocialLogin } from './SocialLogin';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const navigate = useNavigate();
  // Refused for too many attempts: the way in by mail is offered under the form.
  const [throttled, setThrottled] = useState(false);
  const server = useServerForm<Required<LoginBody>>({
    initialValues: { email: '', password: '', remember: false },
    schema: () => import('../schemas').then((schemas) => schemas.loginBody),
    fields: ['email', 'password'],
    send: async (values) => {
      try {
        await login(values);
      } catch (error) {
        setThrottled(isApiError(error) && error.status === 429);
        throw error;
      }
      await navigate({ to: '/posts' });
    },
  });
  const { form } = server;

  return (
    <ServerForm
      state={server}
      submitLabel={t('login.submit')}
      footer={
        <>
          {throttled ? <LoginLinkOffer email={form.values.email} /> : null}
          <SocialLogin remember={form.values.remember} />
        </>
      }
    >
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
    </ServerForm>
  );
}
