import { useQuery } from '@tanstack/react-query';
import { Divider, Stack } from '@mantine/core';
import type { DeletedMedia } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { TrashIcon, confirmsOf } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { DeletedMediasTable } from '../components/DeletedMediasTable';
import { PagedTray, useTrayPage } from '../components/PagedTray';
import { RetentionForm } from '../components/RetentionForm';
import * as trash from '../deletedMedias';

const PATH = '/admin/tabAdminParam/deletedMedias';

/**
 * `/admin/tabAdminParam/deletedMedias`: files whose item or record was deleted for good, or that
 * were removed from one, kept for the retention period: restore them or purge them now.
 */
export default function DeletedMediasPage() {
  const { t } = useTranslation('admin');
  const ask = confirmsOf(t, 'deletedMedias');
  const tray = useTrayPage(PATH);
  const list = useQuery(trash.deletedMediaQueries.page(tray.page));
  const total = list.data?.meta.total ?? 0;
  const restore = trash.useRestoreDeletedMedia();
  const purge = trash.usePurgeDeletedMedia();
  const purgeAll = trash.usePurgeAllDeletedMedias();
  const busy = restore.isPending || purge.isPending || purgeAll.isPending;

  const confirmRestore = (media: DeletedMedia) =>
    ask('restore', {}, () => restore.mutate(media.id), {
      message: media.origin.live
        ? t('deletedMedias.restoreToOwner', {
            name: media.name,
            title: media.origin.title || t('deletedMedias.untitled'),
          })
        : t('deletedMedias.restoreToNew', { name: media.name }),
      destructive: false,
    });
  const confirmPurge = (media: DeletedMedia) =>
    ask('purge', { name: media.name }, () => purge.mutate(media.id));
  const purging = purgeAll.isPending;
  const confirmPurgeAll = () =>
    ask('purgeAll', { count: total }, () =>
      purgeAll.mutate(undefined, { onSuccess: tray.emptied }),
    );

  return (
    <AdminTabs part="params" active="deletedMedias">
      <Stack gap="lg">
        <PagedTray
          name="deletedMedias"
          list={list}
          tray={tray}
          busy={busy}
          actions={[
            {
              words: 'purgeAll',
              icon: TrashIcon,
              danger: true,
              pending: purging,
              run: confirmPurgeAll,
            },
          ]}
        >
          {(medias) => (
            <DeletedMediasTable
              medias={medias}
              actions={{ busy, restore: confirmRestore, purge: confirmPurge }}
            />
          )}
        </PagedTray>
        <Divider />
        <RetentionForm />
      </Stack>
    </AdminTabs>
  );
}
