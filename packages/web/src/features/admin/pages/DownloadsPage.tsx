import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DownloadEntry } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { confirmsOf } from '@/shared/ui';
import { EntryFeed } from '@/shared/content/EntryFeed';
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
  const texts = { error: t('downloads.loadError'), empty: t('downloads.empty') };

  const confirmDelete = (entry: DownloadEntry) =>
    // The answer's message is toasted by the API client.
    ask('delete', { name: entry.name }, () => remove.mutate(entry.export!.id));

  return (
    <AdminTabs part="params" active="downloads">
      <Stack gap="xl">
        <ExportForm />
        <AdminSection words="downloads" intro>
          <EntryFeed query={list} texts={texts} height={240} polled>
            {(answer) => (
              <DownloadsTable
                entries={answer.data}
                actions={{ busy: remove.isPending, remove: confirmDelete }}
              />
            )}
          </EntryFeed>
        </AdminSection>
      </Stack>
    </AdminTabs>
  );
}
