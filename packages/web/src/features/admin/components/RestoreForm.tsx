import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { isApiError } from '@/shared/api/ApiError';
import { errorText } from '@/shared/api/responses';
import { resetSession } from '@/shared/session';
import { FormAlert, InfoIcon, RestoreIcon, toast, confirm } from '@/shared/ui';
import { useRestoreBackup } from '../backups';
import { AdminSection } from './AdminSection';

/**
 * Restores an uploaded backup file. The server accepts it only into an empty archive and checks
 * every checksum first; its refusal (not empty, damaged, not a backup, too new) is shown as said.
 * A restore replaces the accounts and sessions, so this one ends: the admin logs in again.
 */
export function RestoreForm() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const restore = useRestoreBackup();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);

  const run = (chosen: File) =>
    restore.mutate(chosen, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void resetSession().then(() => navigate({ to: '/', replace: true }));
      },
      // The server's own words (not empty, damaged…), else the client's (offline, timed out).
      onError: (error) => setRefusal(isApiError(error) ? errorText(error) : error),
    });

  const askFirst = () => {
    if (!file) return;
    setRefusal(null);
    confirm({
      title: t('backup.restore.confirmTitle'),
      message: t('backup.restore.confirmMessage', { name: file.name }),
      confirmLabel: t('backup.restore.confirm'),
      cancelLabel: t('backup.cancel'),
      onConfirm: () => run(file),
    });
  };

  return (
    <AdminSection words="backup.restore">
      <Stack gap="sm" maw={640}>
        <Alert variant="light" color="blue" icon={<InfoIcon size={18} />}>
          <Text size="sm">{t('backup.restore.emptyOnly')}</Text>
          <Text size="sm" mt={6}>
            {t('backup.restore.accounts')}
          </Text>
        </Alert>
        <FileInput
          label={t('backup.restore.file')}
          description={t('backup.restore.fileHelp')}
          placeholder={t('backup.restore.placeholder')}
          // Mantine's placeholder grey is under 4.5:1 on the dark input; the theme's dimmed is not.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept=".tar,application/x-tar"
          clearable
          clearButtonProps={{ 'aria-label': t('backup.restore.clear') }}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setRefusal(null);
          }}
        />
        {/* The button that opened the confirmation is busy when it closes: the focus goes here. */}
        <FormAlert message={refusal} title={t('backup.restore.refused')} focus />
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<RestoreIcon size={16} />}
            disabled={!file}
            loading={restore.isPending}
            onClick={askFirst}
          >
            {t('backup.restore.submit')}
          </Button>
        </Group>
        {restore.isPending ? (
          <Text size="sm" role="status">
            {t('backup.restore.running')}
          </Text>
        ) : null}
      </Stack>
    </AdminSection>
  );
}
