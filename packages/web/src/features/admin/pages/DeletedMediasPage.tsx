import { Button, Divider, Group, Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DeletedMedia } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, QueryState, TrashIcon, toast, confirm } from '@/shared/ui';
import { AdminParamsTabs } from '../components/AdminParamsTabs';
import { DeletedMediasTable } from '../components/DeletedMediasTable';
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
  const navigate = useNavigate();
  const { page = 1 } = useSearch({ strict: false });
  const list = useQuery(deletedMediaQueries.page(page));
  const restore = useRestoreDeletedMedia();
  const purge = usePurgeDeletedMedia();
  const purgeAll = usePurgeAllDeletedMedias();
  const busy = restore.isPending || purge.isPending || purgeAll.isPending;
  const said = ({ message }: { message: string }) => toast.success(message);
  const total = list.data?.meta.total ?? 0;
  const lastPage = list.data?.meta.last_page ?? 1;
  const goTo = (next: number) =>
    void navigate({ to: PATH, search: next > 1 ? { page: next } : {} });

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
            goTo(1);
          },
        }),
    });

  return (
    <Stack gap="md">
      <PageTitle>{t('params.title')}</PageTitle>
      <AdminParamsTabs active="deletedMedias">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={4} maw={640}>
              <Text size="sm">{t('deletedMedias.intro')}</Text>
              {list.data ? (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('deletedMedias.count', { count: total })}
                </Text>
              ) : null}
            </Stack>
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
          </Group>
          <QueryState
            query={list}
            error={t('deletedMedias.loadError')}
            isEmpty={(answer) => answer.data.length === 0}
            empty={t('deletedMedias.empty')}
          >
            {(answer) => (
              <DeletedMediasTable
                medias={answer.data}
                actions={{ busy, restore: confirmRestore, purge: confirmPurge }}
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
          <Divider />
          <RetentionForm />
        </Stack>
      </AdminParamsTabs>
    </Stack>
  );
}
