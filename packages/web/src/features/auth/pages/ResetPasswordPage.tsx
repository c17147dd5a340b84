import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { resetPasswordBody, type ResetPasswordBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { isApiError } from '@/shared/api/client';
import { EmailField } from '@/shared/forms/fields';
import { AuthCard, AuthPage, BackToLogin } from '../components/AuthCard';
import { FormAlert } from '@/shared/ui';
import { PasswordPair } from '../components/PasswordPair';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';

const REDIRECT_DELAY_MS = 4_000;

function stringParam(source: unknown, key: string): string {
  const value = (source as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = stringParam(useParams({ strict: false }), 'token');
  const email = stringParam(useSearch({ strict: false }), 'email');
  const [done, setDone] = useState<string | null>(null);
  // A used or expired link is said when the page opens, not after the new password is typed.
  const linkCheck = useQuery({
    queryKey: ['reset-link', token, email],
    queryFn: () =>
      call(
        'resetPasswordCheck',
        { body: { token, email } },
        { validationCheck: true, silent: true },
      ),
    enabled: Boolean(token && email) && !done,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const deadLink =
    isApiError(linkCheck.error) && linkCheck.error.status === 422
      ? (linkCheck.error.fieldError('email') ?? linkCheck.error.message)
      : null;
  const server = useServerForm<ResetPasswordBody>({
    initialValues: { token, email, password: '', password_confirmation: '' },
    schema: resetPasswordBody,
    fields: ['email', 'password', 'password_confirmation'],
    send: async (values) => {
      const res = await call(
        'resetPassword',
        { body: values },
        { validationCheck: true, silent: true },
      );
      setDone(res.message || t('reset.done'));
      window.setTimeout(() => void navigate({ to: '/' }), REDIRECT_DELAY_MS);
    },
    // A link without its token cannot be fixed by the user: say so instead of a hidden field.
    onInvalid: (errors, setFormError) => {
      if (errors.token) setFormError(t('reset.badLink'));
    },
  });
  const { form } = server;

  return (
    <AuthPage>
      <AuthCard title={t('reset.title')} description={t('reset.description')}>
        {done ? (
          <Stack gap="md">
            <FormAlert message={done} color="green" focus />
            <Text size="sm">{t('reset.redirecting')}</Text>
          </Stack>
        ) : deadLink ? (
          <Stack gap="md">
            <FormAlert message={deadLink} focus />
            <Button component={Link} to="/forgot-password" variant="light" fullWidth>
              {t('reset.requestNew')}
            </Button>
          </Stack>
        ) : (
          <ServerForm state={server} submitLabel={t('reset.submit')}>
            <EmailField form={form} label={t('fields.email')} autoComplete="username" />
            <PasswordPair form={form} isNew />
          </ServerForm>
        )}
        <BackToLogin />
      </AuthCard>
    </AuthPage>
  );
}
