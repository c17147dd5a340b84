import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Stack } from '@mantine/core';
import type { DeletedMedia } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, TrashIcon, toast, confirm } from '@/shared/ui';
import { AdminParamsTabs } from '../components/AdminParamsTabs';
import { DeletedMediasTable } from '../components/DeletedMediasTable';
import { PagedTray, useTrayPage } from '../components/PagedTray';
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
  const said = ({ message }: { message: string }) => toast.success(message);

  const confirmRestore = (media: DeletedMedia) =>
    confirm({
      title: t('deletedMedias.restoreTitle'),
      message: media.origin.live
        ? t('deletedMedias.restoreToOwner', {
            name: media.name,
            title: media.origin.title || t('deletedMedias.untitled'),
          })
        : t('deletedMedias.restoreToNew', { name: media.name }),
      confirmLabel: t('deletedMedias.restoreConfirm'),
      cancelLabel: t('deletedMedias.cancel'),
      destructive: false,
      onConfirm: () => restore.mutate(media.id, { onSuccess: said }),
    });
  const confirmPurge = (media: DeletedMedia) =>
    confirm({
      title: t('deletedMedias.purgeTitle'),
      message: t('deletedMedias.purgeMessage', { name: media.name }),
      confirmLabel: t('deletedMedias.purgeConfirm'),
      cancelLabel: t('deletedMedias.cancel'),
      onConfirm: () => purge.mutate(media.id, { onSuccess: said }),
    });
  const confirmPurgeAll = () =>
    confirm({
      title: t('deletedMedias.purgeAllTitle'),
      message: t('deletedMedias.purgeAllMessage', { count: total }),
      confirmLabel: t('deletedMedias.purgeAllConfirm'),
      cancelLabel: t('deletedMedias.cancel'),
      onConfirm: () =>
        purgeAll.mutate(undefined, {
          onSuccess: (answer) => {
            said(answer);
            tray.goTo(1);
          },
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle>{t('params.title')}</PageTitle>
      <AdminParamsTabs active="deletedMedias">
        <Stack gap="lg">
          <PagedTray
            list={list}
            tray={tray}
            intro={t('deletedMedias.intro')}
            count={t('deletedMedias.count', { count: total })}
            error={t('deletedMedias.loadError')}
            empty={t('deletedMedias.empty')}
            actions={
              <Button
                variant="light"
                color="red"
                leftSection={<TrashIcon size={16} />}
                disabled={total === 0 || busy}
                loading={purgeAll.isPending}
                onClick={confirmPurgeAll}
              >
                {t('deletedMedias.purgeAll')}
              </Button>
            }
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
      </AdminParamsTabs>
    </Stack>
  );
}
