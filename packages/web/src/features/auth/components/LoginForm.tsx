import { Anchor, Checkbox, Group } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { LoginBody } from '@kinfolio/contract';
import { isApiError } from '@/shared/api/client';
import { CurrentPasswordField, EmailField } from '@/shared/forms/fields';
import { ServerForm } from '@/shared/forms/ServerForm';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { LOGGED_IN_HOME, peekReturnPath } from '@/shared/session/returnPath';
import { useSession } from '@/shared/session';
import { LoginLinkOffer } from './LoginLinkOffer';
import { SocialLogin } from './SocialLogin';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useSession();
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.searchStr });
  // Refused for too many attempts: the way in by mail is offered under the form.
  const [throttled, setThrottled] = useState(false);
  const server = useServerForm<Required<LoginBody>>({
    initialValues: { email: '', password: '', remember: false },
    schema: () => import('../schemas').then((schemas) => schemas.loginBody),
    fields: ['email', 'password'],
    send: async (values) => {
      // Read before logging in: the shell may already leave the login page once the session starts.
      const back = peekReturnPath(LOGGED_IN_HOME, search);
      try {
        await login(values);
      } catch (error) {
        setThrottled(isApiError(error) && error.status === 429);
        throw error;
      }
      await navigate({ href: back, replace: true });
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
      <EmailField form={form} label={t('fields.email')} autoComplete="username" />
      <CurrentPasswordField form={form} label={t('fields.password')} />
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
