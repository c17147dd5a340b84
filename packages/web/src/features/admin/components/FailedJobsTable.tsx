import { Badge, Button, Code, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { FailedJob } from '@kinfolio/contract';
import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { putBackAction, removeAction } from './rowActions';
import { useDateTime } from '../dateTime';

export interface FailedJobActions {
  retry: (job: FailedJob) => void;
  remove: (job: FailedJob) => void;
  busy: boolean;
}

function useFailedAt() {
  const date = useDateTime('medium');
  return (job: FailedJob) => date(job.failed_at);
}

/** The error's first line, and on demand the payload and the whole stack. */
function ErrorDetails({ job }: { job: FailedJob }) {
  const { t } = useTranslation('admin');
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text
        size="sm"
        style={{
          overflowWrap: 'anywhere',
          // Red that keeps 4.5:1 on striped rows in both schemes.
          color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))',
        }}
      >
        {job.error}
      </Text>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
        style={{ alignSelf: 'flex-start' }}
      >
        {opened ? t('failedJobs.hideDetails') : t('failedJobs.showDetails')}
      </Button>
      <Collapse expanded={opened} id={id}>
        <Stack gap={6}>
          <Text size="xs" fw={600}>
            {t('failedJobs.payload')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(job.payload, null, 2)}
          </Code>
          <Text size="xs" fw={600}>
            {t('failedJobs.stack')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320 }}>
            {job.stack}
          </Code>
        </Stack>
      </Collapse>
    </Stack>
  );
}

function JobName({ job }: { job: FailedJob }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {job.name}
      </Text>
      <Group gap={4}>
        <Badge variant="light" color="gray" size="sm">
          {t('failedJobs.queue', { queue: job.queue })}
        </Badge>
      </Group>
    </Stack>
  );
}

/** A table on wide screens, one card per failed job on phones. */
export function FailedJobsTable({
  jobs,
  actions,
}: {
  jobs: FailedJob[];
  actions: FailedJobActions;
}) {
  const { t } = useTranslation('admin');
  const failedAt = useFailedAt();
  return (
    <ResponsiveTable
      rows={jobs}
      rowKey={(job) => job.id}
      caption={t('failedJobs.caption')}
      columns={[
        { header: t('failedJobs.job'), width: 220, cell: (job) => <JobName job={job} /> },
        { header: t('failedJobs.error'), cell: (job) => <ErrorDetails job={job} /> },
        { header: t('failedJobs.attempts'), width: 90, cell: (job) => job.attempts },
        { header: t('failedJobs.failedAt'), width: 180, cell: failedAt },
      ]}
      actions={{
        header: t('failedJobs.actions'),
        width: 100,
        of: (job) => [
          putBackAction(t('failedJobs.retry', { name: job.name }), actions.busy, () =>
            actions.retry(job),
          ),
          removeAction(t('failedJobs.delete', { name: job.name }), actions.busy, () =>
            actions.remove(job),
          ),
        ],
      }}
      details={(job) => (
        <>
          <Text size="xs" c="dimmed">
            {t('failedJobs.summary', { date: failedAt(job), count: job.attempts })}
          </Text>
          <ErrorDetails job={job} />
        </>
      )}
    />
  );
}
