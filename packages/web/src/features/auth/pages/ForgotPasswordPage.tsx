import { useState } from 'react';
import { forgotPasswordBody, type ForgotPasswordBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { EmailField } from '@/shared/forms/fields';
import { ServerForm } from '@/shared/forms/ServerForm';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { FormAlert } from '@/shared/ui';
import { AuthCard, AuthPage, BackToLogin } from '../components/AuthCard';

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

  return (
    <AuthPage>
      <AuthCard title={t('forgot.title')} description={t('forgot.description')}>
        {sent ? (
          <FormAlert message={sent} color="green" title={t('forgot.sentTitle')} focus />
        ) : (
          <ServerForm state={server} submitLabel={t('forgot.submit')}>
            <EmailField form={server.form} label={t('fields.email')} />
          </ServerForm>
        )}
        <BackToLogin />
      </AuthCard>
    </AuthPage>
  );
}
