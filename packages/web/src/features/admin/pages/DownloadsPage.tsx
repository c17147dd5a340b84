import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, QueryState, confirm } from '@/shared/ui';
import { AdminParamsTabs } from '../components/AdminParamsTabs';
import { DownloadsTable } from '../components/DownloadsTable';
import { ExportForm } from '../components/ExportForm';
import { downloadQueries, useDeleteExport } from '../downloads';

/**
 * `/admin/tabAdminParam/downloads`: everything the archive produced for download (exports, the
 * records' MP3s), and the exports an admin starts, with their progress.
 */
export default function DownloadsPage() {
  const { t } = useTranslation('admin');
  const list = useQuery(downloadQueries.list());
  const remove = useDeleteExport();

  const confirmDelete = (entry: DownloadEntry) =>
    confirm({
      title: t('downloads.deleteTitle'),
      message: t('downloads.deleteMessage', { name: entry.name }),
      confirmLabel: t('downloads.deleteConfirm'),
      cancelLabel: t('downloads.cancel'),
      // The answer's message is toasted by the API client.
      onConfirm: () => remove.mutate(entry.export!.id),
    });

  return (
    <Stack gap="md">
      <PageTitle>{t('params.title')}</PageTitle>
      <AdminParamsTabs active="downloads">
        <Stack gap="xl">
          <ExportForm />
          <Stack gap="xs" component="section" aria-labelledby="downloads-title">
            <Text id="downloads-title" component="h2" fw={700} size="lg">
              {t('downloads.title')}
            </Text>
            <Text size="sm" maw={640}>
              {t('downloads.intro')}
            </Text>
            <QueryState
              query={list}
              error={t('downloads.loadError')}
              isEmpty={(answer) => answer.data.length === 0}
              empty={t('downloads.empty')}
            >
              {(answer) => (
                <DownloadsTable
                  entries={answer.data}
                  actions={{ busy: remove.isPending, remove: confirmDelete }}
                />
              )}
            </QueryState>
          </Stack>
        </Stack>
      </AdminParamsTabs>
    </Stack>
  );
}
