import { Button, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import {
  INVITATION_DAYS,
  UI_LANGUAGES,
  invitationCreateBody,
  type Permission,
  type UiLanguage,
} from '@kinfolio/contract';
import { DialogForm, Dialog } from '@/shared/ui';
import { useServerForm } from '@/shared/forms/useServerForm';
import { zodValidate } from '@/shared/forms/validation';
import { LANGUAGE_LABELS } from '@/shared/i18n';
import { useInvite } from '../mutations';
import { PermissionChecks } from './PermissionChecks';

type InviteValues = {
  email: string;
  name: string;
  permissions: Permission[];
  language: UiLanguage;
};

/** The "Invite someone" button and its dialog: an e-mail, optional name, rights, mail language. */
export function InviteButton() {
  const { t } = useTranslation('admin');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('invite.button')}</Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={t('invite.title')}>
        {opened ? <InviteForm onClose={() => setOpened(false)} /> : null}
      </Dialog>
    </>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const invite = useInvite();
  const current = UI_LANGUAGES.find((l) => l === i18n.language) ?? 'fr';
  const server = useServerForm<InviteValues>({
    initialValues: { email: '', name: '', permissions: [], language: current },
    validate: (values) =>
      zodValidate(invitationCreateBody)({ ...values, name: values.name.trim() || undefined }),
    send: async (values) => {
      const name = values.name.trim();
      await invite.mutateAsync({
        email: values.email,
        permissions: values.permissions,
        language: values.language,
        ...(name ? { name } : {}),
      });
      onClose();
    },
  });
  const { form } = server;

  return (
    <DialogForm server={server} onCancel={onClose} label={t('invite.submit')}>
      <TextInput
        label={t('invite.email')}
        description={t('invite.description', { days: INVITATION_DAYS })}
        type="email"
        autoComplete="off"
        required
        data-autofocus
        {...form.getInputProps('email')}
      />
      <TextInput
        label={t('invite.name')}
        description={t('invite.nameHint')}
        autoComplete="off"
        {...form.getInputProps('name')}
      />
      <Select
        label={t('invite.language')}
        data={UI_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <PermissionChecks label={t('invite.permissions')} {...form.getInputProps('permissions')} />
    </DialogForm>
  );
}
