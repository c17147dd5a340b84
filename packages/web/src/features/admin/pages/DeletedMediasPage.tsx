import { useQuery } from '@tanstack/react-query';
import { Divider, Stack } from '@mantine/core';
import type { DeletedMedia } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { TrashIcon, confirmKeyed } from '@/shared/ui';
import { AdminTabs } from '../components/AdminTabs';
import { DeletedMediasTable } from '../components/DeletedMediasTable';
import { PagedTray, said, useTrayPage } from '../components/PagedTray';
import { RetentionForm } from '../components/RetentionForm';
import {
  deletedMediaQueries,
  usePurgeAllDeletedMedias,
  usePurgeDeletedMedia,
  useRestoreDeletedMedia,
} from '../deletedMedias';

const PATH = '/admin/tabAdminParam/deletedMedias';

/**
 * `/admin/tabAdminParam/deletedMedias`: files whose item or record was deleted for good, or that
 * were removed from one, kept for the retention period: restore them or purge them now.
 */
export default function DeletedMediasPage() {
  const { t } = useTranslation('admin');
  const tray = useTrayPage(PATH);
  const list = useQuery(deletedMediaQueries.page(tray.page));
  const total = list.data?.meta.total ?? 0;
  const restore = useRestoreDeletedMedia();
  const purge = usePurgeDeletedMedia();
  const purgeAll = usePurgeAllDeletedMedias();
  const busy = restore.isPending || purge.isPending || purgeAll.isPending;

  const confirmRestore = (media: DeletedMedia) =>
    confirmKeyed({
      t,
      action: 'deletedMedias.restore',
      message: media.origin.live
        ? t('deletedMedias.restoreToOwner', {
            name: media.name,
            title: media.origin.title || t('deletedMedias.untitled'),
          })
        : t('deletedMedias.restoreToNew', { name: media.name }),
      cancel: 'deletedMedias.cancel',
      destructive: false,
      onConfirm: () => restore.mutate(media.id, { onSuccess: said }),
    });
  const confirmPurge = (media: DeletedMedia) =>
    confirmKeyed({
      t,
      action: 'deletedMedias.purge',
      values: { name: media.name },
      cancel: 'deletedMedias.cancel',
      onConfirm: () => purge.mutate(media.id, { onSuccess: said }),
    });
  const confirmPurgeAll = () =>
    confirmKeyed({
      t,
      action: 'deletedMedias.purgeAll',
      values: { count: total },
      cancel: 'deletedMedias.cancel',
      onConfirm: () => purgeAll.mutate(undefined, { onSuccess: tray.emptied }),
    });

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
              label: t('deletedMedias.purgeAll'),
              icon: TrashIcon,
              danger: true,
              pending: purgeAll.isPending,
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
