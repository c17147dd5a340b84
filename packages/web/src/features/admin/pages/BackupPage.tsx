import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Backup } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { isApiError } from '@/shared/api/ApiError';
import { errorText } from '@/shared/api/responses';
import { BackupIcon, confirmsOf } from '@/shared/ui';
import { EntryFeed } from '@/shared/content/EntryFeed';
import { AdminTabs } from '../components/AdminTabs';
import { AdminSection } from '../components/AdminSection';
import { BackupScheduleForm } from '../components/BackupScheduleForm';
import { BackupsTable, type VerifyResult } from '../components/BackupsTable';
import { RestoreForm } from '../components/RestoreForm';
import { RetentionForm } from '../components/RetentionForm';
import { MapTilesForm } from '../components/MapTilesForm';
import {
  backupQueries,
  isBackupRunning,
  useCreateBackup,
  useDeleteBackup,
  useVerifyBackup,
} from '../backups';

/**
 * `/admin/tabAdminParam/backup`: make a backup now and follow it, the backups with their
 * download, check and delete, the nightly schedule, emptying the trash, and restoring a backup
 * into an empty archive.
 */
export default function BackupPage() {
  const { t } = useTranslation('admin');
  const ask = confirmsOf(t, 'backup');
  const list = useQuery(backupQueries.list());
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const verify = useVerifyBackup();
  const [verifying, setVerifying] = useState<number | null>(null);
  const [results, setResults] = useState<Record<number, VerifyResult>>({});
  const running = list.data?.data.find(isBackupRunning);
  const texts = { error: t('backup.loadError'), empty: t('backup.empty') };

  const check = (backup: Backup) => {
    setVerifying(backup.id);
    const said = (result: VerifyResult) => setResults((all) => ({ ...all, [backup.id]: result }));
    verify.mutate(backup.id, {
      onSuccess: (answer) =>
        said({
          ok: true,
          message: t('backup.verified', { message: answer.message, entries: answer.entries }),
        }),
      onError: (error) =>
        said({
          ok: false,
          message: isApiError(error) ? errorText(error) : t('backup.verifyFailed'),
        }),
      onSettled: () => setVerifying(null),
    });
  };

  const confirmDelete = (backup: Backup) =>
    // The answer's message is toasted by the API client.
    ask('delete', { name: backup.file_name }, () => remove.mutate(backup.id));

  return (
    <AdminTabs part="params" active="backup">
      <Stack gap="xl">
        <AdminSection words="backup" intro gap="sm">
          <Group gap="sm" align="center">
            <Button
              leftSection={<BackupIcon size={16} />}
              loading={create.isPending}
              disabled={Boolean(running)}
              onClick={() => create.mutate()}
            >
              {t('backup.create')}
            </Button>
            {running ? (
              <Text size="sm" c="dimmed">
                {t('backup.oneRunning')}
              </Text>
            ) : null}
          </Group>
          <EntryFeed query={list} texts={texts} height={240} polled>
            {(answer) => (
              <BackupsTable
                backups={answer.data}
                results={results}
                actions={{
                  verify: check,
                  remove: confirmDelete,
                  verifying,
                  busy: remove.isPending,
                }}
              />
            )}
          </EntryFeed>
        </AdminSection>
        <Divider />
        <BackupScheduleForm />
        <Divider />
        <RetentionForm part="trash" />
        <Divider />
        <MapTilesForm />
        <Divider />
        <RestoreForm />
      </Stack>
    </AdminTabs>
  );
}
