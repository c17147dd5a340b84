import { useQuery } from '@tanstack/react-query';
import { retentionSettingsSchema, type RetentionSettings } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useServerForm } from '@/shared/forms/useServerForm';
import { AdminSection, LoadedSettings } from './AdminSection';
import { SettingsForm, WholeNumberInput } from './SettingsForm';
import { deletedMediaQueries, useSaveRetentionSettings } from '../deletedMedias';

function Fields({ initial, trashOnly }: { initial: RetentionSettings; trashOnly: boolean }) {
  const { t } = useTranslation('admin');
  const save = useSaveRetentionSettings();
  const server = useServerForm<RetentionSettings>({
    initialValues: initial,
    schema: retentionSettingsSchema,
    send: async (values) => {
      await save.mutateAsync(values);
      // The API client says the server's answer in a toast.
      form.resetDirty(values);
    },
  });
  const { form } = server;
  return (
    <SettingsForm
      server={server}
      saving={save.isPending}
      saveLabel={t('deletedMedias.retention.save')}
    >
      {trashOnly ? null : (
        <WholeNumberInput
          label={t('deletedMedias.retention.days')}
          description={t('deletedMedias.retention.daysHelp')}
          min={1}
          max={3650}
          {...form.getInputProps('deleted_media_retention_days')}
        />
      )}
      <WholeNumberInput
        label={t('deletedMedias.retention.trash')}
        description={trashOnly ? t('backup.trash.help') : t('deletedMedias.retention.trashHelp')}
        min={0}
        max={3650}
        {...form.getInputProps('trash_retention_days')}
      />
    </SettingsForm>
  );
}

/**
 * How long deleted medias are kept, and whether old trash is emptied (0: never). The backup
 * screen shows the trash's part only (`part="trash"`); both save the same settings.
 */
export function RetentionForm({ part = 'all' }: { part?: 'all' | 'trash' }) {
  const { t } = useTranslation('admin');
  const trashOnly = part === 'trash';
  const settings = useQuery(deletedMediaQueries.settings());
  return (
    <AdminSection words={trashOnly ? 'backup.trash' : 'deletedMedias.retention'}>
      <LoadedSettings query={settings} error={t('deletedMedias.retention.loadError')} height={160}>
        {(initial) => <Fields initial={initial} trashOnly={trashOnly} />}
      </LoadedSettings>
    </AdminSection>
  );
}
