import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useFileSize } from '@/shared/content/fileSize';
import { DownloadIcon, RowAction, TrashIcon } from '@/shared/ui';
import { isRunning } from '../downloads';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { dateTimeFormat } from '@/shared/intl';

export interface DownloadActions {
  remove: (entry: DownloadEntry) => void;
  busy: boolean;
}

function useDate() {
  const { i18n } = useTranslation('admin');
  const format = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (entry: DownloadEntry) => format.format(new Date(entry.date));
}

const KIND_COLORS: Record<DownloadEntry['kind'], string> = {
  export: 'blue',
  backup: 'grape',
  mp3: 'gray',
};

/** What the entry is: its kind, and for an export its scope and format. */
function Kind({ entry }: { entry: DownloadEntry }) {
  const { t } = useTranslation('admin');
  const info = entry.export;
  return (
    <Group gap={4}>
      <Badge variant="light" color={KIND_COLORS[entry.kind]} size="sm">
        {t(`downloads.kinds.${entry.kind}`)}
      </Badge>
      {info ? (
        <Badge variant="light" color="gray" size="sm">
          {t(`downloads.formats.${info.format}`)}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The file's name, or where a running export stands (live progress) or why it failed. */
function Name({ entry }: { entry: DownloadEntry }) {
  const { t } = useTranslation('admin');
  const info = entry.export;
  const scope = info
    ? info.scope === 'type'
      ? t(`downloads.types.${info.scope_value}`, { defaultValue: info.scope_value })
      : (info.scope_label ?? t('downloads.deletedCategory'))
    : null;
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      {entry.url ? (
        <Anchor
          href={entry.url}
          download={entry.name}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {entry.name}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {scope}
        </Text>
      )}
      {info && entry.url ? (
        <Text size="xs" c="dimmed">
          {scope}
        </Text>
      ) : null}
      {info && isRunning(entry) ? (
        <Stack gap={2}>
          <Text size="xs" aria-live="polite">
            {t(`downloads.status.${info.status}`, { progress: info.progress })}
          </Text>
          <Progress
            value={info.progress}
            size="sm"
            animated
            aria-label={t('downloads.progressLabel', { name: scope })}
          />
        </Stack>
      ) : null}
      {info?.status === 'failed' ? (
        <Text
          size="xs"
          style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
        >
          {t('downloads.failed', { error: info.error ?? '' })}
        </Text>
      ) : null}
    </Stack>
  );
}

function RowActions({ entry, actions }: { entry: DownloadEntry; actions: DownloadActions }) {
  const { t } = useTranslation('admin');
  const download = t('downloads.download', { name: entry.name });
  const remove = t('downloads.delete', { name: entry.name });
  return (
    <Group gap={4} wrap="nowrap">
      {entry.url ? (
        <RowAction label={download} href={entry.url} download={entry.name}>
          <DownloadIcon size={18} />
        </RowAction>
      ) : null}
      {entry.export ? (
        <RowAction
          label={remove}
          color="red"
          disabled={actions.busy}
          onClick={() => actions.remove(entry)}
        >
          <TrashIcon size={18} />
        </RowAction>
      ) : null}
    </Group>
  );
}

/** A table on wide screens, one card per download on phones. */
export function DownloadsTable({
  entries,
  actions,
}: {
  entries: DownloadEntry[];
  actions: DownloadActions;
}) {
  const { t } = useTranslation('admin');
  const date = useDate();
  const size = useFileSize();
  const sizeOf = (entry: DownloadEntry) => (entry.url ? size(entry.size) : '—');
  return (
    <ResponsiveTable
      rows={entries}
      rowKey={(entry) => entry.key}
      caption={t('downloads.caption')}
      columns={[
        { header: t('downloads.name'), cell: (entry) => <Name entry={entry} /> },
        { header: t('downloads.kind'), width: 170, cell: (entry) => <Kind entry={entry} /> },
        { header: t('downloads.size'), width: 100, cell: sizeOf },
        { header: t('downloads.date'), width: 170, cell: date },
        {
          header: t('downloads.who'),
          width: 150,
          wrapAnywhere: true,
          cell: (entry) => entry.who ?? t('downloads.nobody'),
        },
        {
          header: t('downloads.actions'),
          width: 100,
          cell: (entry) => <RowActions entry={entry} actions={actions} />,
        },
      ]}
      card={(entry) => (
        <Stack gap={8}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Name entry={entry} />
            <RowActions entry={entry} actions={actions} />
          </Group>
          <Kind entry={entry} />
          <Text size="xs" c="dimmed">
            {t('downloads.summary', {
              size: sizeOf(entry),
              date: date(entry),
              who: entry.who ?? t('downloads.nobody'),
            })}
          </Text>
        </Stack>
      )}
    />
  );
}
