import '../archive.css';
import { Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, type ItemListRow } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { PageTitle, PlusIcon, QueryState, ViewSwitch, confirm } from '@/shared/ui';
import { itemQueries } from '../api';
import { useHardDeleteItem, useRestoreItem } from '../mutations';
import { FilterBar } from '../components/FilterBar';
import { ListOptions } from '../components/ListOptions';
import { type CardMode } from '../components/ItemCard';
import { ItemCollection } from '../bulk/ItemCollection';
import { useArchiveSearch, useItemType } from '../hooks';
import { ITEM_TYPE_META, NEW_ITEM, profilePath } from '../itemTypes';
import { listRequest, withChange, type ArchiveSearch } from '../listSearch';
import { TitleInSentence } from '@/shared/content/TitleInSentence';

/** `/posts`, `/mails`, `/messages`, `/medias`, `/dreams`…: one list screen for every item type. */
export default function ItemListPage() {
  const { t } = useTranslation('archive');
  const type = useItemType();
  const meta = ITEM_TYPE_META[type];
  const search = useArchiveSearch();
  const navigate = useNavigate();
  const restoreItem = useRestoreItem();
  const hardDeleteItem = useHardDeleteItem();
  const canEdit = useCan('content.edit');
  const request = listRequest(type, search);
  const list = useQuery(itemQueries.list(type, request));
  const mode: CardMode = search.deleted ? 'trash' : search.revisions ? 'revisions' : 'list';

  const go = (next: ArchiveSearch) => void navigate({ to: meta.listPath, search: next });
  const change = (partial: Partial<ArchiveSearch>) => go(withChange(search, partial));
  const setMode = (value: CardMode) =>
    go({
      ...(search.language ? { language: search.language } : {}),
      ...(value === 'trash' ? { deleted: 1 } : value === 'revisions' ? { revisions: 1 } : {}),
    });

  const restore = (item: ItemListRow) => restoreItem.mutate({ type, id: item.id });
  const hardDelete = (item: ItemListRow) =>
    confirm({
      title: t('trash.hardDeleteTitle'),
      message: (
        <TitleInSentence
          sentence={(title) => t('trash.hardDeleteMessage', { title })}
          title={item.title}
          fallback={t('item.untitled')}
          language={item.language}
        />
      ),
      confirmLabel: t('trash.hardDelete'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => hardDeleteItem.mutate({ type, id: item.id }),
    });

  const page = list.data?.meta;
  // A page past the end (an old address, a list that shrank): its last page, in place of it.
  const pastEnd = page && page.current_page > page.last_page ? page.last_page : undefined;
  useEffect(() => {
    if (pastEnd === undefined) return;
    const { page: _page, ...rest } = search;
    void navigate({
      to: meta.listPath,
      search: pastEnd > 1 ? { ...rest, page: pastEnd } : rest,
      replace: true,
    });
  }, [pastEnd, search, navigate, meta.listPath]);
  const content = (
    <QueryState
      query={list}
      error={t('list.loadError')}
      isEmpty={(answer) => answer.data.length === 0}
      empty={t(`list.empty.${request.kind}`)}
      loading={
        <div className="kf-card-grid" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={170} radius="md" />
          ))}
        </div>
      }
    >
      {(answer) => (
        <ItemCollection
          type={type}
          mode={mode}
          request={request}
          rows={answer.data}
          total={answer.meta.total}
          busy={list.isFetching}
          onRestore={restore}
          onHardDelete={hardDelete}
        />
      )}
    </QueryState>
  );

  const title =
    mode === 'trash'
      ? t('list.trashTitle', { type: t(`types.${type}.plural`) })
      : mode === 'revisions'
        ? t('list.revisionsTitle', { type: t(`types.${type}.plural`) })
        : t(`types.${type}.plural`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{title}</PageTitle>
        {canEdit && mode === 'list' ? (
          <Button
            component={Link}
            to={profilePath(type, NEW_ITEM)}
            leftSection={<PlusIcon size={16} />}
          >
            {t(`types.${type}.new`)}
          </Button>
        ) : null}
      </Group>
      <ViewSwitch
        value={mode}
        onChange={setMode}
        aria-label={t('list.views')}
        data={[
          { value: 'list', label: t('list.viewAll') },
          { value: 'revisions', label: t('list.viewRevisions') },
          { value: 'trash', label: t('list.viewTrash') },
        ]}
        fullWidthOnPhone
        className="kf-type-switch"
      />
      <FilterBar search={search} onChange={change} languageOnly={mode !== 'list'} />
      <ListOptions
        search={search}
        onChange={change}
        pageSizeOnly={mode !== 'list' || request.kind === 'search'}
      />
      {page ? (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {request.kind === 'search' && page.total >= LIMITS.searchMatchesMax
            ? t('list.totalCapped', { count: LIMITS.searchMatchesMax })
            : t('list.total', { count: page.total })}
        </Text>
      ) : null}
      {content}
      {page && page.last_page > 1 ? (
        <Pagination
          total={page.last_page}
          value={page.current_page}
          onChange={(value) => change({ page: value })}
          getItemProps={(value) => ({ 'aria-label': t('list.page', { page: value }) })}
          getControlProps={(control) => ({ 'aria-label': t(`list.control.${control}`) })}
          withEdges
          siblings={1}
          style={{ alignSelf: 'center' }}
        />
      ) : null}
    </Stack>
  );
}
