import { TextInput } from '@mantine/core';
import { SHARE_LIMITS, type Share } from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { Dialog, DialogForm } from '@/shared/ui';
import { useUpdateShare, type ShareUpdateInput } from '../api';
import { expiresAt } from '../expiry';
import { ShareOptionsFields, validateOptions, type ShareOptionValues } from './ShareOptionsFields';

interface EditValues extends ShareOptionValues {
  label: string;
}

/** What changes: a new expiry (an extension), a new or no password, the options, the label. */
export function updateBody(share: Share, values: EditValues): ShareUpdateInput {
  const body: ShareUpdateInput = {
    show_names: values.show_names,
    allow_download: values.allow_download,
    include_translations: values.include_translations,
    label: values.label.trim() || null,
  };
  if (values.expiry !== 'keep') body.expires_at = expiresAt(values.expiry);
  if (values.removePassword && share.has_password) body.password = null;
  else if (values.password) body.password = values.password;
  return body;
}

function EditForm({ share, onClose }: { share: Share; onClose: () => void }) {
  const { t } = useTranslation('shares');
  const update = useUpdateShare();
  const server = useServerForm<EditValues>({
    initialValues: {
      expiry: 'keep',
      password: '',
      removePassword: false,
      show_names: share.show_names,
      allow_download: share.allow_download,
      include_translations: share.include_translations,
      label: share.label ?? '',
    },
    validate: (values) => validateOptions(values, t),
    send: async (values) => {
      await update.mutateAsync({ id: share.id, body: updateBody(share, values) });
      onClose();
    },
    rename: { expires_at: 'expiry' },
  });
  return (
    <DialogForm server={server} onCancel={onClose} label={t('actions.save')}>
      <ShareOptionsFields form={server.form} editing hasPassword={share.has_password} />
      <TextInput
        label={t('dialog.label')}
        description={t('dialog.labelHelp')}
        maxLength={SHARE_LIMITS.labelMaxLength}
        {...server.form.getInputProps('label')}
      />
    </DialogForm>
  );
}

/** Changes a link: extend it, change or remove its password, its options. */
export function EditShareDialog({
  share,
  title,
  onClose,
}: {
  share: Share | null;
  /** The link's name as the list shows it. */
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('shares');
  return (
    <Dialog opened={share !== null} onClose={onClose} title={t('edit.title', { title })} size="lg">
      {share ? <EditForm key={share.id} share={share} onClose={onClose} /> : null}
    </Dialog>
  );
}
