import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import type { RegisterBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { enterSession } from '@/shared/session';
import { appStateQuery } from '@/shared/session/queries';
import { AccountForm } from '../components/AccountForm';
import { AuthCard, AuthCardLink, AuthLoading, AuthPage } from '../components/AuthCard';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const appState = useQuery(appStateQuery);

  const register = async (values: RegisterBody) => {
    const res = await call('register', { body: values }, { validationCheck: true });
    await enterSession(res.user);
    await navigate({ to: '/user/userprofile' });
  };

  let body;
  if (appState.isPending) {
    body = <AuthLoading />;
  } else if (appState.data && !appState.data.registration_enabled) {
    body = (
      <Alert color="yellow" variant="light" role="status">
        {t('register.closed')}
      </Alert>
    );
  } else {
    body = <AccountForm submitLabel={t('register.submit')} onSubmit={register} />;
  }

  return (
    <AuthPage>
      <AuthCard title={t('register.title')} description={t('register.description')}>
        {body}
        <AuthCardLink to="/" prompt={t('register.haveAccount')} label={t('register.login')} />
      </AuthCard>
    </AuthPage>
  );
}
