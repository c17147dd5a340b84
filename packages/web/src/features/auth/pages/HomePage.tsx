import { Anchor, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { appStateQuery } from '@/shared/session/queries';
import { AuthCard, AuthPage } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';
import { SetupForm } from '../components/SetupForm';
import { WelcomeHeader } from '../components/WelcomeHeader';

export default function HomePage() {
  const { t } = useTranslation('auth');
  const appState = useQuery(appStateQuery);

  let content;
  if (appState.isPending) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (appState.data?.needs_setup) {
    content = <SetupForm />;
  } else {
    content = (
      <AuthCard title={t('login.title')} description={t('login.description')} titleOrder={2}>
        <LoginForm />
        {appState.data?.registration_enabled ? (
          <Text size="sm" ta="center" mt="lg">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/register" fw={500}>
              {t('login.register')}
            </Anchor>
          </Text>
        ) : null}
      </AuthCard>
    );
  }

  return (
    <AuthPage>
      <WelcomeHeader />
      {content}
    </AuthPage>
  );
}
