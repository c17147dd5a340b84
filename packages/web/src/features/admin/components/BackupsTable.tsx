import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { routePath, type Backup } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useFileSize } from '@/shared/content/fileSize';
import { CheckIcon, DownloadIcon } from '@/shared/ui';
import type { RowActionSpec } from '@/shared/kit/ActionsCell';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { removeAction } from './rowActions';
import { useDateTime } from '../dateTime';

/** What checking a backup's checksums again said: intact, or the problem the server found. */
export interface VerifyResult {
  ok: boolean;
  message: string;
}

export interface BackupActions {
  verify: (backup: Backup) => void;
  remove: (backup: Backup) => void;
  /** The backup being verified, whose button spins. */
  verifying: number | null;
  busy: boolean;
}

const STATUS_COLORS: Record<Backup['status'], string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
};

const downloadUrl = (backup: Backup) => routePath('backupDownload', { params: { id: backup.id } });

const errorColor = {
  color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))',
};

function useDate() {
  const date = useDateTime();
  return (backup: Backup) => date(backup.created_at);
}

/** The file (a link once written), where a running backup stands, and the last check's result. */
function Name({ backup, result }: { backup: Backup; result: VerifyResult | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      {backup.status === 'done' ? (
        <Anchor
          href={downloadUrl(backup)}
          download={backup.file_name}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {backup.file_name}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {backup.file_name}
        </Text>
      )}
      <Group gap={4}>
        <Badge variant="light" color={STATUS_COLORS[backup.status]} size="sm">
          {t(`backup.status.${backup.status}`)}
        </Badge>
      </Group>
      {backup.status === 'running' ? (
        <Stack gap={2}>
          <Text size="xs" aria-live="polite">
            {t('backup.progress', { progress: backup.progress })}
          </Text>
          <Progress
            value={backup.progress}
            size="sm"
            animated
            aria-label={t('backup.progressLabel', { name: backup.file_name })}
          />
        </Stack>
      ) : null}
      {backup.status === 'failed' ? (
        <Text size="xs" style={errorColor}>
          {t('backup.failed', { error: backup.error ?? '' })}
        </Text>
      ) : null}
      {result ? (
        <Group gap={4} wrap="nowrap" align="flex-start">
          {result.ok ? (
            <CheckIcon
              size={14}
              style={{ color: 'var(--mantine-color-green-text)', flex: 'none' }}
            />
          ) : null}
          <Text size="xs" role="status" style={result.ok ? undefined : errorColor}>
            {result.message}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/** What the backup holds, as its manifest counts it: one line per kind of thing. */
function useContents() {
  const { t } = useTranslation('admin');
  const size = useFileSize();
  return (backup: Backup): string[] => {
    const counts = backup.counts;
    if (!counts) return [];
    return [
      t('backup.count.items', { count: counts.tables.items ?? 0 }),
      t('backup.count.records', { count: counts.tables.records ?? 0 }),
      t('backup.count.users', { count: counts.tables.users ?? 0 }),
      t('backup.count.files', { count: counts.files, bytes: size(counts.bytes) }),
    ];
  };
}

function useMaker() {
  const { t } = useTranslation('admin');
  return (backup: Backup) =>
    backup.origin === 'manual'
      ? (backup.created_by ?? t('backup.origin.manual'))
      : t(`backup.origin.${backup.origin}`);
}

/** Download and check a written backup; delete one that is not being written. */
function useRowActions(actions: BackupActions) {
  const { t } = useTranslation('admin');
  return (backup: Backup): RowActionSpec[] => {
    const name = backup.file_name;
    const done = backup.status === 'done';
    const specs: RowActionSpec[] = [];
    if (done) {
      specs.push(
        {
          label: t('backup.download', { name }),
          icon: <DownloadIcon size={18} />,
          href: downloadUrl(backup),
          download: name,
        },
        {
          label: t('backup.verify', { name }),
          icon: <CheckIcon size={18} />,
          color: 'green',
          loading: actions.verifying === backup.id,
          disabled: actions.verifying !== null && actions.verifying !== backup.id,
          onClick: () => actions.verify(backup),
        },
      );
    }
    if (backup.status !== 'running') {
      specs.push(
        removeAction(t('backup.delete', { name }), actions.busy, () => actions.remove(backup)),
      );
    }
    return specs;
  };
}

/** The backups, newest first: a table on wide screens, one card per backup on phones. */
export function BackupsTable({
  backups,
  actions,
  results,
}: {
  backups: Backup[];
  actions: BackupActions;
  results: Record<number, VerifyResult>;
}) {
  const { t } = useTranslation('admin');
  const date = useDate();
  const size = useFileSize();
  const contents = useContents();
  const maker = useMaker();
  const sizeOf = (backup: Backup) => (backup.size === null ? '—' : size(backup.size));
  const rowActions = useRowActions(actions);
  return (
    <ResponsiveTable
      rows={backups}
      rowKey={(backup) => backup.id}
      caption={t('backup.caption')}
      minWidth={900}
      columns={[
        {
          header: t('backup.name'),
          cell: (backup) => <Name backup={backup} result={results[backup.id]} />,
        },
        { header: t('backup.date'), width: 160, cell: date },
        { header: t('backup.size'), width: 100, cell: sizeOf },
        {
          header: t('backup.contentsHeader'),
          width: 190,
          cell: (backup) => {
            const lines = contents(backup);
            return lines.length ? (
              <Stack gap={0}>
                {lines.map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Stack>
            ) : (
              '—'
            );
          },
        },
        { header: t('backup.who'), width: 140, wrapAnywhere: true, cell: maker },
      ]}
      actions={{ header: t('backup.actions'), width: 130, of: rowActions }}
      details={(backup) => (
        <>
          <Text size="xs" c="dimmed">
            {t('backup.summary', { date: date(backup), size: sizeOf(backup), who: maker(backup) })}
          </Text>
          {backup.counts ? <Text size="xs">{contents(backup).join(' · ')}</Text> : null}
        </>
      )}
    />
  );
}
