import { Select, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { backupScheduleSchema, type BackupSchedule } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useServerForm } from '@/shared/forms/useServerForm';
import { AdminSection, LoadedSettings } from './AdminSection';
import { SettingsForm, WholeNumberInput } from './SettingsForm';
import { backupQueries, useSaveBackupSchedule } from '../backups';
import { dateTimeFormat } from '@/shared/intl';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function Fields({ initial }: { initial: BackupSchedule }) {
  const { t, i18n } = useTranslation('admin');
  const save = useSaveBackupSchedule();
  const server = useServerForm<BackupSchedule>({
    initialValues: initial,
    schema: backupScheduleSchema,
    send: async (values) => {
      const answer = await save.mutateAsync(values);
      form.resetDirty(answer.schedule);
    },
  });
  const { form } = server;
  const time = dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const hours = HOURS.map((hour) => ({
    value: String(hour),
    label: time.format(new Date(2000, 0, 1, hour)),
  }));
  const nightly = form.getValues().nightly;
  return (
    <SettingsForm server={server} saving={save.isPending} saveLabel={t('backup.schedule.save')}>
      <Switch
        label={t('backup.schedule.nightly')}
        description={t('backup.schedule.nightlyHelp')}
        {...form.getInputProps('nightly', { type: 'checkbox' })}
      />
      <Select
        label={t('backup.schedule.hour')}
        description={t('backup.schedule.hourHelp')}
        data={hours}
        allowDeselect={false}
        disabled={!nightly}
        value={String(form.getValues().hour)}
        onChange={(value) => form.setFieldValue('hour', Number(value ?? 0))}
        error={form.errors.hour}
      />
      <WholeNumberInput
        label={t('backup.schedule.keep')}
        description={t('backup.schedule.keepHelp')}
        min={1}
        max={1000}
        disabled={!nightly}
        {...form.getInputProps('keep')}
      />
    </SettingsForm>
  );
}

/** The nightly backup: on or off, its hour (the server's time) and how many are kept. */
export function BackupScheduleForm() {
  const { t } = useTranslation('admin');
  const schedule = useQuery(backupQueries.schedule());
  return (
    <AdminSection words="backup.schedule">
      <LoadedSettings query={schedule} error={t('backup.schedule.loadError')} height={200}>
        {(initial) => <Fields initial={initial} />}
      </LoadedSettings>
    </AdminSection>
  );
}
