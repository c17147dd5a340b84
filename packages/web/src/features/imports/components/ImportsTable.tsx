import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import type { Import } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { useTranslation } from '@/shared/i18n/react';
import { isMoving } from '../api';
import { useInstantFormat, useKindsLabel } from '../format';
import { StatusBadge } from './ImportStatus';

/** The source's name, opening the import (its preview, progress or report). */
function Source({ entry }: { entry: Import }) {
  const { t } = useTranslation('imports');
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/imports/$import_id" params={{ import_id: String(entry.id) }} />
      )}
      aria-label={t('list.open', { name: entry.file_name })}
      style={{ overflowWrap: 'anywhere' }}
    >
      {entry.file_name}
    </Anchor>
  );
}

/** Its status, with the progress bar while it runs. */
function Status({ entry }: { entry: Import }) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap={4}>
      <Group gap={4}>
        <StatusBadge status={entry.status} />
      </Group>
      {isMoving(entry) && entry.status !== 'analysing' ? (
        <Progress
          value={entry.progress}
          size="sm"
          animated
          aria-label={t('progress.label', { name: entry.file_name })}
        />
      ) : null}
    </Stack>
  );
}

/** Past and running imports: a table on wide screens, a card per import on phones. */
export function ImportsTable({ entries }: { entries: Import[] }) {
  const { t } = useTranslation('imports');
  const instant = useInstantFormat();
  const kind = useKindsLabel();
  const summary = (entry: Import) =>
    t('list.summary', {
      created: entry.counts.created,
      existing: entry.counts.existing,
      skipped: entry.counts.skipped,
    });
  const who = (entry: Import) => entry.created_by ?? t('list.nobody');
  return (
    <ResponsiveTable
      rows={entries}
      rowKey={(entry) => entry.id}
      caption={t('list.caption')}
      captionHidden
      columns={[
        { header: t('list.file'), cell: (entry) => <Source entry={entry} /> },
        { header: t('list.kind'), width: 170, cell: kind },
        { header: t('list.status'), width: 170, cell: (entry) => <Status entry={entry} /> },
        { header: t('list.counts'), width: 220, cell: summary },
        { header: t('list.who'), width: 140, wrapAnywhere: true, cell: who },
        { header: t('list.when'), width: 160, cell: (entry) => instant(entry.created_at) },
      ]}
      details={(entry) => (
        <>
          <Group gap="xs">
            <Text size="sm">{kind(entry)}</Text>
            <Status entry={entry} />
          </Group>
          <Text size="xs">{summary(entry)}</Text>
          <Text size="xs" c="dimmed">
            {who(entry)} · {instant(entry.created_at)}
          </Text>
        </>
      )}
    />
  );
}
