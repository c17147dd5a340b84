import { Anchor, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { appStateQuery } from '@/shared/session/queries';
import { AuthCard, AuthPage } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';
import { SetupForm } from '../components/SetupForm';
import { WelcomeHeader } from '../components/WelcomeHeader';

export default function HomePage() {
  const { t } = useTranslation('auth');
  const appState = useQuery(appStateQuery);
  // The form comes in as a deferred update, which React renders in slices with the browser free
  // in between, rather than in one task when the answer arrives (a query's update is synchronous).
  const state = useDeferredValue(appState.data);
  const waiting = appState.isPending || (appState.data !== undefined && state === undefined);

  let content;
  if (waiting) {
    content = (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (state?.needs_setup) {
    content = <SetupForm />;
  } else {
    content = (
      <AuthCard title={t('login.title')} description={t('login.description')} titleOrder={2}>
        <LoginForm />
        {state?.registration_enabled ? (
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
