import { useQuery } from '@tanstack/react-query';
import { Button, Stack } from '@mantine/core';
import type { FailedJob } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, RestoreIcon, TrashIcon, toast, confirm } from '@/shared/ui';
import { AdminParamsTabs } from '../components/AdminParamsTabs';
import { FailedJobsTable } from '../components/FailedJobsTable';
import { PagedTray, useTrayPage } from '../components/PagedTray';
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
  const tray = useTrayPage(PATH);
  const list = useQuery(failedJobQueries.page(tray.page));
  const total = list.data?.meta.total ?? 0;
  const retry = useRetryFailedJob();
  const retryAll = useRetryAllFailedJobs();
  const remove = useDeleteFailedJob();
  const removeAll = useDeleteAllFailedJobs();
  const busy = retry.isPending || retryAll.isPending || remove.isPending || removeAll.isPending;
  const said = ({ message }: { message: string }) => toast.success(message);

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
            tray.goTo(1);
          },
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle>{t('params.title')}</PageTitle>
      <AdminParamsTabs active="failedJobs">
        <Stack gap="lg">
          <PagedTray
            list={list}
            tray={tray}
            intro={t('failedJobs.intro')}
            count={t('failedJobs.count', { count: total })}
            error={t('failedJobs.loadError')}
            empty={t('failedJobs.empty')}
            actions={
              <>
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
              </>
            }
          >
            {(jobs) => (
              <FailedJobsTable
                jobs={jobs}
                actions={{
                  busy,
                  retry: (job) => retry.mutate(job.id, { onSuccess: said }),
                  remove: confirmDelete,
                }}
              />
            )}
          </PagedTray>
        </Stack>
      </AdminParamsTabs>
    </Stack>
  );
}
