import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { z } from 'zod';
import { emailField, nameField, type CurrentUser } from '@kinfolio/contract';
import { setUser } from '@/shared/session';
import { EmailField, NameField } from '@/shared/forms/fields';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';
import { accountApi } from '../api';

const profileSchema = z.object({ name: nameField, email: emailField });
type ProfileValues = z.input<typeof profileSchema>;

/** Name and email; a new email address has to be verified again. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const [emailChanged, setEmailChanged] = useState(false);
  const server = useServerForm<ProfileValues>({
    initialValues: { name: user.name, email: user.email },
    schema: profileSchema,
    send: async (values, form) => {
      const changedEmail = values.email.trim().toLowerCase() !== user.email;
      const res = await accountApi.updateUser({
        name: values.name,
        ...(changedEmail ? { email: values.email } : {}),
      });
      setUser(res.user);
      form.setInitialValues({ name: res.user.name, email: res.user.email });
      form.setValues({ name: res.user.name, email: res.user.email });
      setEmailChanged(changedEmail);
    },
  });
  const { form } = server;

  return (
    <ServerForm
      state={server}
      submitLabel={t('profile.save')}
      layout="card"
      submitDisabled={!form.isDirty()}
    >
      <NameField form={form} label={t('profile.name')} />
      <EmailField form={form} label={t('profile.email')} description={t('profile.emailHint')} />
      {emailChanged ? (
        <Alert color="yellow" variant="light" role="status">
          {t('profile.emailChanged')}
        </Alert>
      ) : null}
    </ServerForm>
  );
}
