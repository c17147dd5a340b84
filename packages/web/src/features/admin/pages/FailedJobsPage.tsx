import { useQuery } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import type { FailedJob } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { RestoreIcon, TrashIcon, confirmsOf } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { FailedJobsTable } from '../components/FailedJobsTable';
import { PagedTray, useTrayPage } from '../components/PagedTray';
import * as jobs from '../failedJobs';

const PATH = '/admin/tabAdminParam/failedJobs';

/** `/admin/tabAdminParam/failedJobs`: background jobs that failed every attempt. */
export default function FailedJobsPage() {
  const { t } = useTranslation('admin');
  const ask = confirmsOf(t, 'failedJobs');
  const tray = useTrayPage(PATH);
  const list = useQuery(jobs.failedJobQueries.page(tray.page));
  const total = list.data?.meta.total ?? 0;
  const retry = jobs.useRetryFailedJob();
  const retryAll = jobs.useRetryAllFailedJobs();
  const remove = jobs.useDeleteFailedJob();
  const removeAll = jobs.useDeleteAllFailedJobs();
  const busy = retry.isPending || retryAll.isPending || remove.isPending || removeAll.isPending;

  const confirmDelete = (job: FailedJob) =>
    ask('delete', { name: job.name }, () => remove.mutate(job.id));
  const retryEvery = () => retryAll.mutate(undefined);
  const deleting = removeAll.isPending;
  const confirmDeleteAll = () =>
    ask('deleteAll', { count: total }, () =>
      removeAll.mutate(undefined, { onSuccess: tray.emptied }),
    );

  return (
    <AdminTabs part="params" active="failedJobs">
      <Stack gap="lg">
        <PagedTray
          name="failedJobs"
          list={list}
          tray={tray}
          busy={busy}
          actions={[
            { words: 'retryAll', icon: RestoreIcon, pending: retryAll.isPending, run: retryEvery },
            {
              words: 'deleteAll',
              icon: TrashIcon,
              danger: true,
              pending: deleting,
              run: confirmDeleteAll,
            },
          ]}
        >
          {(jobs) => (
            <FailedJobsTable
              jobs={jobs}
              actions={{
                busy,
                retry: (job) => retry.mutate(job.id),
                remove: confirmDelete,
              }}
            />
          )}
        </PagedTray>
      </Stack>
    </AdminTabs>
  );
}
