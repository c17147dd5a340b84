import { Anchor, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { forgotPasswordBody, type ForgotPasswordBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { AuthCard, AuthPage } from '../components/AuthCard';
import { FormAlert } from '@/shared/ui';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const server = useServerForm<ForgotPasswordBody>({
    initialValues: { email: '' },
    schema: forgotPasswordBody,
    send: async (values) => {
      // The answer is the same whether the account exists, so it says nothing about it.
      await call('forgotPassword', { body: values }, { validationCheck: true, silent: true });
      setSent(t('forgot.sent', { email: values.email }));
    },
  });
  const { form } = server;

  return (
    <AuthPage>
      <AuthCard title={t('forgot.title')} description={t('forgot.description')}>
        {sent ? (
          <FormAlert message={sent} color="green" title={t('forgot.sentTitle')} focus />
        ) : (
          <ServerForm state={server} submitLabel={t('forgot.submit')}>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
          </ServerForm>
        )}
        <Text size="sm" ta="center" mt="lg">
          <Anchor component={Link} to="/" fw={500}>
            {t('common.backToLogin')}
          </Anchor>
        </Text>
      </AuthCard>
    </AuthPage>
  );
}
