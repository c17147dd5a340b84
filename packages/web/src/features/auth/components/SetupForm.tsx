import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import type { RegisterBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { enterSession } from '@/shared/session';
import { appStateQuery } from '@/shared/session/queries';
import { AccountForm } from './AccountForm';
import { AuthCard } from './AuthCard';

/** The app state stops asking for a setup once the administrator exists. */
const useSetup = mutationHook(
  async (values: RegisterBody) => {
    const res = await call('setup', { body: values }, { validationCheck: true });
    // The server logged the new administrator in: run the same sequence as after a login.
    await enterSession(res.user);
    return res;
  },
  () => [appStateQuery.queryKey],
);

/** The one-time "create the administrator" form of a fresh installation. */
export function SetupForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setup = useSetup();

  const createAdmin = async (values: RegisterBody) => {
    await setup.mutateAsync(values);
    await navigate({ to: '/user/userprofile' });
  };

  return (
    <AuthCard title={t('setup.title')} description={t('setup.description')} titleOrder={2}>
      <AccountForm submitLabel={t('setup.submit')} onSubmit={createAdmin} />
    </AuthCard>
  );
}
