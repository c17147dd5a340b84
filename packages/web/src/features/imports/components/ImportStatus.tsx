import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { Import, ImportStatus } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';

const COLORS: Record<ImportStatus, string> = {
  analysing: 'blue',
  ready: 'yellow',
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  undone: 'gray',
};

/** Where an import stands, as a badge. */
export function StatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('imports');
  return (
    <Badge variant="light" color={COLORS[status]} size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * An import on its way: "Reading…" while its source is read, then the progress of the run,
 * and that leaving the page does not stop it.
 */
export function ImportProgress({ entry }: { entry: Import }) {
  const { t } = useTranslation('imports');
  const reading = entry.status === 'analysing';
  return (
    <Stack gap="sm">
      <Text fw={600} aria-live="polite">
        {t(`status.${entry.status}`)}
        {reading ? null : ` ${t('progress.percent', { progress: entry.progress })}`}
      </Text>
      <Progress
        value={reading ? 100 : entry.progress}
        animated
        striped={reading}
        size="lg"
        aria-label={t('progress.label', { name: entry.file_name })}
        aria-valuetext={reading ? t('status.analysing') : undefined}
      />
      <Text size="sm" c="dimmed">
        {t('progress.leave')}
      </Text>
    </Stack>
  );
}
