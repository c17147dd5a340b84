import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/react';
import { appStateQuery } from '@/shared/session/queries';
import { AuthCard, AuthCardLink, AuthLoading, AuthPage } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';
import { SetupForm } from '../components/SetupForm';
import { WelcomeHeader } from '../components/WelcomeHeader';

export default function HomePage() {
  const { t } = useTranslation('auth');
  const appState = useQuery(appStateQuery);

  let content;
  if (appState.isPending) {
    content = <AuthLoading py="xl" />;
  } else if (appState.data?.needs_setup) {
    content = <SetupForm />;
  } else {
    content = (
      <AuthCard title={t('login.title')} description={t('login.description')} titleOrder={2}>
        <LoginForm />
        {appState.data?.registration_enabled ? (
          <AuthCardLink to="/register" prompt={t('login.noAccount')} label={t('login.register')} />
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
