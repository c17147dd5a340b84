import { Alert, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { invitationAcceptBody, type InvitationAcceptBody } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { NameField } from '@/shared/forms/fields';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';
import { enterSession } from '@/shared/session';
import { AuthCard, AuthLoading, AuthPage, BackToLogin } from '../components/AuthCard';
import { PasswordPair } from '../components/PasswordPair';

const FIELDS = ['name', 'password', 'password_confirmation'] as const;

/**
 * The mailed invitation link: says at once whether the link still works (else who to ask), then
 * the invited person chooses a name and a password and is logged in.
 */
export default function InvitationPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => call('invitation', { query: { token } }, { signal, silent: true }),
    retry: false,
  });

  let body;
  if (invitation.isPending) {
    body = <AuthLoading />;
  } else if (invitation.isError) {
    body = (
      <Alert color="yellow" variant="light" role="alert" title={t('invitation.invalidTitle')}>
        {invitation.error.message || t('invitation.invalid')}
      </Alert>
    );
  } else {
    body = (
      <AcceptForm
        token={token}
        email={invitation.data.email}
        name={invitation.data.name}
        onAccepted={async (user) => {
          await enterSession(user);
          await navigate({ to: '/user/userprofile' });
        }}
      />
    );
  }

  return (
    <AuthPage>
      <AuthCard title={t('invitation.title')} description={t('invitation.description')}>
        {body}
        <BackToLogin />
      </AuthCard>
    </AuthPage>
  );
}

type Accepted = Awaited<ReturnType<typeof call<'invitationAccept'>>>['user'];

function AcceptForm(props: {
  token: string;
  email: string;
  name: string;
  onAccepted: (user: Accepted) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const server = useServerForm<InvitationAcceptBody>({
    initialValues: {
      token: props.token,
      name: props.name,
      password: '',
      password_confirmation: '',
    },
    schema: invitationAcceptBody,
    fields: FIELDS,
    send: async (values) => {
      const res = await call('invitationAccept', { body: values }, { validationCheck: true });
      await props.onAccepted(res.user);
    },
  });
  const { form } = server;

  return (
    <ServerForm state={server} submitLabel={t('invitation.submit')}>
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        value={props.email}
        readOnly
      />
      <NameField form={form} label={t('fields.name')} />
      <PasswordPair form={form} />
    </ServerForm>
  );
}
