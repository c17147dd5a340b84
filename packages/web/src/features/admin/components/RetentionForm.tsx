import { Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { retentionSettingsSchema, type RetentionSettings } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useServerForm } from '@/shared/forms/useServerForm';
import { FormAlert, toast } from '@/shared/ui';
import { deletedMediaQueries, useSaveRetentionSettings } from '../deletedMedias';

function Fields({ initial, trashOnly }: { initial: RetentionSettings; trashOnly: boolean }) {
  const { t } = useTranslation('admin');
  const save = useSaveRetentionSettings();
  const { form, submit, formError } = useServerForm<RetentionSettings>({
    initialValues: initial,
    schema: retentionSettingsSchema,
    send: async (values) => {
      const answer = await save.mutateAsync(values);
      form.resetDirty(values);
      toast.success(answer.message);
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <FormAlert message={formError} />
        {trashOnly ? null : (
          <NumberInput
            label={t('deletedMedias.retention.days')}
            description={t('deletedMedias.retention.daysHelp')}
            min={1}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('deleted_media_retention_days')}
          />
        )}
        <NumberInput
          label={t('deletedMedias.retention.trash')}
          description={trashOnly ? t('backup.trash.help') : t('deletedMedias.retention.trashHelp')}
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('trash_retention_days')}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('deletedMedias.retention.save')}
          </Button>
        </Group>
      </Stack>
    </form>
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
    <Stack gap="xs" component="section" aria-labelledby="retention-title">
      <Text id="retention-title" component="h2" fw={700} size="lg">
        {trashOnly ? t('backup.trash.title') : t('deletedMedias.retention.title')}
      </Text>
      {settings.data ? (
        <Fields initial={settings.data} trashOnly={trashOnly} />
      ) : settings.isError ? (
        <FormAlert message={t('deletedMedias.retention.loadError')} />
      ) : (
        <Skeleton height={160} maw={560} />
      )}
    </Stack>
  );
}
