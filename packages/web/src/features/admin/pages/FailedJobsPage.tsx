import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { FailedJob } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, QueryState, RestoreIcon, TrashIcon, toast, confirm } from '@/shared/ui';
import { AdminParamsTabs } from '../components/AdminParamsTabs';
import { FailedJobsTable } from '../components/FailedJobsTable';
import {
  failedJobQueries,
  useDeleteAllFailedJobs,
  useDeleteFailedJob,
  useRetryAllFailedJobs,
  useRetryFailedJob,
} from '../failedJobs';

const PATH = '/admin/tabAdminParam/failedJobs';

/** `/admin/tabAdminParam/failedJobs`: background jobs that failed every attempt. */
export default function FailedJobsPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { page = 1 } = useSearch({ strict: false });
  const list = useQuery(failedJobQueries.page(page));
  const retry = useRetryFailedJob();
  const retryAll = useRetryAllFailedJobs();
  const remove = useDeleteFailedJob();
  const removeAll = useDeleteAllFailedJobs();
  const busy = retry.isPending || retryAll.isPending || remove.isPending || removeAll.isPending;
  const said = ({ message }: { message: string }) => toast.success(message);
  const total = list.data?.meta.total ?? 0;
  const lastPage = list.data?.meta.last_page ?? 1;
  const goTo = (next: number) =>
    void navigate({ to: PATH, search: next > 1 ? { page: next } : {} });

  const confirmDelete = (job: FailedJob) =>
    confirm({
      title: t('failedJobs.deleteTitle'),
      message: t('failedJobs.deleteMessage', { name: job.name }),
      confirmLabel: t('failedJobs.deleteConfirm'),
      cancelLabel: t('failedJobs.cancel'),
      onConfirm: () => remove.mutate(job.id, { onSuccess: said }),
    });
  const confirmDeleteAll = () =>
    confirm({
      title: t('failedJobs.deleteAllTitle'),
      message: t('failedJobs.deleteAllMessage', { count: total }),
      confirmLabel: t('failedJobs.deleteAllConfirm'),
      cancelLabel: t('failedJobs.cancel'),
      onConfirm: () =>
        removeAll.mutate(undefined, {
          onSuccess: (answer) => {
            said(answer);
            goTo(1);
          },
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle>{t('params.title')}</PageTitle>
      <AdminParamsTabs active="failedJobs">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4} maw={640}>
              <Text size="sm">{t('failedJobs.intro')}</Text>
              {list.data ? (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('failedJobs.count', { count: total })}
                </Text>
              ) : null}
            </Stack>
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<RestoreIcon size={16} />}
                disabled={total === 0 || busy}
                loading={retryAll.isPending}
                onClick={() => retryAll.mutate(undefined, { onSuccess: said })}
              >
                {t('failedJobs.retryAll')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<TrashIcon size={16} />}
                disabled={total === 0 || busy}
                loading={removeAll.isPending}
                onClick={confirmDeleteAll}
              >
                {t('failedJobs.deleteAll')}
              </Button>
            </Group>
          </Group>
          <QueryState
            query={list}
            error={t('failedJobs.loadError')}
            isEmpty={(answer) => answer.data.length === 0}
            empty={t('failedJobs.empty')}
          >
            {(answer) => (
              <FailedJobsTable
                jobs={answer.data}
                actions={{
                  busy,
                  retry: (job) => retry.mutate(job.id, { onSuccess: said }),
                  remove: confirmDelete,
                }}
              />
            )}
          </QueryState>
          {lastPage > 1 ? (
            <Pagination
              total={lastPage}
              value={Math.min(page, lastPage)}
              onChange={goTo}
              getItemProps={(n) => ({ 'aria-label': t('failedJobs.page', { page: n }) })}
              getControlProps={(control) => ({ 'aria-label': t(`failedJobs.control.${control}`) })}
              withEdges
              style={{ alignSelf: 'center' }}
            />
          ) : null}
        </Stack>
      </AdminParamsTabs>
    </Stack>
  );
}
