import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useFileSize } from '@/shared/content/fileSize';
import { DownloadIcon } from '@/shared/ui';
import { isRunning } from '../downloads';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { removeAction } from './rowActions';
import { useDateTime } from '../dateTime';

export interface DownloadActions {
  remove: (entry: DownloadEntry) => void;
  busy: boolean;
}

function useDate() {
  const date = useDateTime();
  return (entry: DownloadEntry) => date(entry.date);
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
      ]}
      actions={{
        header: t('downloads.actions'),
        width: 100,
        of: (entry) => [
          ...(entry.url
            ? [
                {
                  label: t('downloads.download', { name: entry.name }),
                  icon: <DownloadIcon size={18} />,
                  href: entry.url,
                  download: entry.name,
                },
              ]
            : []),
          ...(entry.export
            ? [
                removeAction(t('downloads.delete', { name: entry.name }), actions.busy, () =>
                  actions.remove(entry),
                ),
              ]
            : []),
        ],
      }}
      details={(entry) => (
        <>
          <Kind entry={entry} />
          <Text size="xs" c="dimmed">
            {t('downloads.summary', {
              size: sizeOf(entry),
              date: date(entry),
              who: entry.who ?? t('downloads.nobody'),
            })}
          </Text>
        </>
      )}
    />
  );
}
