import { Stack, Text, TextInput } from '@mantine/core';
import { SHARE_LIMITS } from '@kinfolio/contract';
import { useState } from 'react';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { closeShare, useShareRequest, type ShareTarget } from '@/shared/share/request';
import { Dialog, DialogForm } from '@/shared/ui';
import { useCreateShare, type ShareCreateInput } from '../api';
import { expiresAt } from '../expiry';
import { ExistingLinks } from './ExistingLinks';
import { LinkResult } from './LinkResult';
import { ShareOptionsFields, validateOptions, type ShareOptionValues } from './ShareOptionsFields';

interface CreateValues extends ShareOptionValues {
  label: string;
}

const INITIAL: CreateValues = {
  expiry: 'month',
  password: '',
  removePassword: false,
  show_names: true,
  allow_download: false,
  include_translations: true,
  label: '',
};

/** The request's body for the target and the settings chosen. */
export function createBody(target: ShareTarget, values: CreateValues): ShareCreateInput {
  const { title: _title, ...what } = target;
  return {
    ...what,
    expires_at: values.expiry === 'keep' ? undefined : expiresAt(values.expiry),
    ...(values.password ? { password: values.password } : {}),
    show_names: values.show_names,
    allow_download: values.allow_download,
    include_translations: values.include_translations,
    ...(values.label.trim() ? { label: values.label.trim() } : {}),
  };
}

/** The settings of a new link, then its address. */
function CreateForm({ target, onMade }: { target: ShareTarget; onMade: (url: string) => void }) {
  const { t } = useTranslation('shares');
  const create = useCreateShare();
  const server = useServerForm<CreateValues>({
    initialValues: INITIAL,
    validate: (values) => validateOptions(values, t),
    send: async (values) => {
      const made = await create.mutateAsync(createBody(target, values));
      onMade(made.url);
    },
    rename: { expires_at: 'expiry' },
  });
  return (
    <DialogForm server={server} onCancel={closeShare} label={t('dialog.make')}>
      <Text size="sm">{t('dialog.intro')}</Text>
      <ShareOptionsFields form={server.form} />
      <TextInput
        label={t('dialog.label')}
        description={t('dialog.labelHelp')}
        maxLength={SHARE_LIMITS.labelMaxLength}
        {...server.form.getInputProps('label')}
      />
    </DialogForm>
  );
}

/**
 * "Share": a link to what the page or the selection shows, for relatives without an account.
 * Drawn by the logged-in layout whenever a screen asks (shared/share/request.ts).
 */
export default function ShareDialog() {
  const { t } = useTranslation('shares');
  const target = useShareRequest((state) => state.target);
  const [made, setMade] = useState<{ target: ShareTarget; url: string } | null>(null);
  const url = made && made.target === target ? made.url : null;
  return (
    <Dialog
      opened={target !== null}
      onClose={closeShare}
      title={target ? t('dialog.title', { title: target.title }) : ''}
      size="lg"
      classNames={{ title: 'kf-share-dialog-title' }}
    >
      {target ? (
        <Stack gap="md">
          {url ? (
            <LinkResult url={url} onDone={closeShare} />
          ) : (
            <>
              <ExistingLinks target={target} />
              <CreateForm target={target} onMade={(link) => setMade({ target, url: link })} />
            </>
          )}
        </Stack>
      ) : null}
    </Dialog>
  );
}
