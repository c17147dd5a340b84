import { Checkbox } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { LoginLinkConsumeBody } from '@kinfolio/contract';
import { ServerForm } from '@/shared/forms/ServerForm';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { LOGGED_IN_HOME, peekReturnPath } from '@/shared/session/returnPath';
import { loginWithLink } from '@/shared/session';
import { AuthCard, AuthPage, BackToLogin } from '../components/AuthCard';

/**
 * Where a mailed sign-in link lands. Opening it spends nothing (mail scanners open links too):
 * the link is used when its owner presses the button, and a dead one is said in the form's alert.
 */
export default function LoginLinkPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const server = useServerForm<Required<LoginLinkConsumeBody>>({
    initialValues: { token, remember: false },
    // The token is no field anyone can fix: its refusal goes to the form's alert.
    fields: [],
    send: async (values) => {
      // Read before logging in: the shell may already leave the login page once the session starts.
      const back = peekReturnPath(LOGGED_IN_HOME);
      await loginWithLink(values);
      await navigate({ href: back, replace: true });
    },
  });

  return (
    <AuthPage>
      <AuthCard title={t('loginLink.title')} description={t('loginLink.description')}>
        <ServerForm state={server} submitLabel={t('loginLink.submit')}>
          <Checkbox
            label={t('login.remember')}
            {...server.form.getInputProps('remember', { type: 'checkbox' })}
          />
        </ServerForm>
        <BackToLogin />
      </AuthCard>
    </AuthPage>
  );
}
