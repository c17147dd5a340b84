import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from 'react-i18next';
import { useFileSize } from '@/shared/content/fileSize';
import { DownloadIcon, TrashIcon } from '@/shared/ui';
import { isRunning } from '../downloads';

export interface DownloadActions {
  remove: (entry: DownloadEntry) => void;
  busy: boolean;
}

function useDate() {
  const { i18n } = useTranslation('admin');
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (entry: DownloadEntry) => format.format(new Date(entry.date));
}

/** What the entry is: its kind, and for an export its scope and format. */
function Kind({ entry }: { entry: DownloadEntry }) {
  const { t } = useTranslation('admin');
  const info = entry.export;
  return (
    <Group gap={4}>
      <Badge variant="light" color={entry.kind === 'export' ? 'blue' : 'gray'} size="sm">
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
        <Tooltip label={download}>
          <ActionIcon
            component="a"
            href={entry.url}
            download={entry.name}
            variant="light"
            aria-label={download}
          >
            <DownloadIcon size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {entry.export ? (
        <Tooltip label={remove}>
          <ActionIcon
            variant="light"
            color="red"
            aria-label={remove}
            disabled={actions.busy}
            onClick={() => actions.remove(entry)}
          >
            <TrashIcon size={18} />
          </ActionIcon>
        </Tooltip>
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
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="md">
        <Table striped verticalSpacing="sm" style={{ tableLayout: 'fixed' }}>
          <Table.Caption>{t('downloads.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('downloads.name')}</Table.Th>
              <Table.Th scope="col" w={170}>
                {t('downloads.kind')}
              </Table.Th>
              <Table.Th scope="col" w={100}>
                {t('downloads.size')}
              </Table.Th>
              <Table.Th scope="col" w={170}>
                {t('downloads.date')}
              </Table.Th>
              <Table.Th scope="col" w={150}>
                {t('downloads.who')}
              </Table.Th>
              <Table.Th scope="col" w={100}>
                {t('downloads.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.key} style={{ verticalAlign: 'top' }}>
                <Table.Th scope="row" fw="normal">
                  <Name entry={entry} />
                </Table.Th>
                <Table.Td>
                  <Kind entry={entry} />
                </Table.Td>
                <Table.Td>{sizeOf(entry)}</Table.Td>
                <Table.Td>{date(entry)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {entry.who ?? t('downloads.nobody')}
                </Table.Td>
                <Table.Td>
                  <RowActions entry={entry} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Card key={entry.key} component="li" withBorder radius="md" padding="md">
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
          </Card>
        ))}
      </Stack>
    </>
  );
}
