import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import type { RegisterBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { enterSession } from '@/shared/session';
import { appStateQuery } from '@/shared/session/queries';
import { AccountForm } from '../components/AccountForm';
import { AuthCard, AuthPage } from '../components/AuthCard';

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
    body = (
      <Center py="md">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
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
        <Text size="sm" ta="center" mt="lg">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/" fw={500}>
            {t('register.login')}
          </Anchor>
        </Text>
      </AuthCard>
    </AuthPage>
  );
}
