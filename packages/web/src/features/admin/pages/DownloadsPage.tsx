import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { QueryState, confirmsOf } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { AdminSection } from '../components/AdminSection';
import { DownloadsTable } from '../components/DownloadsTable';
import { ExportForm } from '../components/ExportForm';
import { downloadQueries, useDeleteExport } from '../downloads';

/**
 * `/admin/tabAdminParam/downloads`: everything the archive produced for download (exports, the
 * records' MP3s), and the exports an admin starts, with their progress.
 */
export default function DownloadsPage() {
  const { t } = useTranslation('admin');
  const ask = confirmsOf(t, 'downloads');
  const list = useQuery(downloadQueries.list());
  const remove = useDeleteExport();

  const confirmDelete = (entry: DownloadEntry) =>
    // The answer's message is toasted by the API client.
    ask('delete', { name: entry.name }, () => remove.mutate(entry.export!.id));

  return (
    <AdminTabs part="params" active="downloads">
      <Stack gap="xl">
        <ExportForm />
        <AdminSection
          id="downloads-title"
          title={t('downloads.title')}
          intro={t('downloads.intro')}
        >
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
        </AdminSection>
      </Stack>
    </AdminTabs>
  );
}
