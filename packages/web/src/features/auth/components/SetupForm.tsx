import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RegisterBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { enterSession } from '@/shared/session';
import { appStateQuery } from '@/shared/session/queries';
import { AccountForm } from './AccountForm';
import { AuthCard } from './AuthCard';

/** The one-time "create the administrator" form of a fresh installation. */
export function SetupForm() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const createAdmin = async (values: RegisterBody) => {
    const res = await call('setup', { body: values }, { validationCheck: true });
    // The server logged the new administrator in: run the same sequence as after a login.
    await enterSession(res.user);
    await queryClient.invalidateQueries({ queryKey: appStateQuery.queryKey });
    await navigate({ to: '/user/userprofile' });
  };

  return (
    <AuthCard title={t('setup.title')} description={t('setup.description')} titleOrder={2}>
      <AccountForm submitLabel={t('setup.submit')} onSubmit={createAdmin} />
    </AuthCard>
  );
}
