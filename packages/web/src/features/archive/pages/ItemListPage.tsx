import '../archive.css';
import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ItemListRow } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import type { ListMode } from '@/shared/entity/EntityCollection';
import { EntityListPage } from '@/shared/entity/EntityListPage';
import { confirmHardDelete } from '@/shared/entity/confirmDelete';
import { FilterBar, LanguageFilter } from '@/shared/kit/FilterBar';
import { ListFilterBar, type FilterName } from '@/shared/kit/ListFilterBar';
import { ShowOnMapLink } from '@/shared/places/ShowOnMapLink';
import { itemQueries, itemResource } from '../api';
import { ListOptions } from '../components/ListOptions';
import { ItemCollection } from '../components/ItemCollection';
import { useArchiveSearch, useItemType } from '../hooks';
import { ITEM_TYPE_META, NEW_ITEM, profilePath } from '../itemTypes';
import { listRequest, withChange, type ArchiveSearch } from '../listSearch';

const MODES: readonly ListMode[] = ['list', 'revisions', 'trash'];
const FILTERS: readonly FilterName[] = ['category', 'participant', 'tag', 'dates', 'language'];

/** `/posts`, `/mails`, `/messages`, `/medias`, `/dreams`…: one list screen for every item type. */
export default function ItemListPage() {
  const { t } = useTranslation('archive');
  const type = useItemType();
  const meta = ITEM_TYPE_META[type];
  const canDelete = useCan('content.delete');
  const asked = useArchiveSearch();
  // An address asking for the trash shows the list to those not offered the trash.
  const { deleted, ...live } = asked;
  const search: ArchiveSearch = deleted && !canDelete ? live : asked;
  const navigate = useNavigate();
  const restoreItem = itemResource(type).useRestore();
  const hardDeleteItem = itemResource(type).useHardDelete();
  const canEdit = useCan('content.edit');
  const request = listRequest(type, search);
  const list = useQuery(itemQueries.list(type, request));
  const mode: ListMode = search.deleted ? 'trash' : search.revisions ? 'revisions' : 'list';
  const plural = t(`types.${type}.plural`);

  const go = (next: ArchiveSearch, replace = false) =>
    void navigate({ to: meta.listPath, search: next, replace });
  const change = (partial: Partial<ArchiveSearch>) => go(withChange(search, partial));
  const setMode = (value: ListMode) =>
    go({
      ...(search.language ? { language: search.language } : {}),
      ...(value === 'trash' ? { deleted: 1 } : value === 'revisions' ? { revisions: 1 } : {}),
    });

  const hardDelete = (item: ItemListRow) =>
    confirmHardDelete({
      sentence: (title) => t('trash.hardDeleteMessage', { title }),
      subject: { title: item.title, language: item.language },
      onConfirm: () => hardDeleteItem.mutate(item.id),
    });

  return (
    <EntityListPage
      title={
        mode === 'trash'
          ? t('list.trashTitle', { type: plural })
          : mode === 'revisions'
            ? t('list.revisionsTitle', { type: plural })
            : plural
      }
      create={canEdit ? { to: profilePath(type, NEW_ITEM), label: t(`types.${type}.new`) } : null}
      mode={mode}
      modes={MODES}
      onMode={setMode}
      filters={
        mode === 'list' ? (
          <ListFilterBar
            id="kf-archive-filters"
            values={search}
            onChange={change}
            filters={FILTERS}
            search
            note={
              <Group gap="md" justify="space-between">
                <Text size="xs" c="dimmed">
                  {t('filters.combined')}
                </Text>
                <ShowOnMapLink type={type} values={search} />
              </Group>
            }
            options={
              <ListOptions
                search={search}
                onChange={change}
                searching={request.kind === 'search'}
              />
            }
          />
        ) : (
          // Trash and revisions views: only the language applies; behind one button on a phone.
          <FilterBar
            id="kf-archive-filters"
            active={search.language ? 1 : 0}
            options={<ListOptions search={search} onChange={change} pageSizeOnly />}
          >
            <LanguageFilter value={search.language} onChange={(language) => change({ language })} />
          </FilterBar>
        )
      }
      list={list}
      searching={request.kind === 'search'}
      totalLabel={(count) => t('list.total', { count })}
      cappedLabel={(count) => t('list.totalCapped', { count })}
      empty={
        // An empty list, not an empty search: the archive's start, where importing helps most.
        request.kind === 'all' && canEdit ? (
          <>
            {t('list.empty.all')}{' '}
            <Anchor component={Link} to="/import" inherit>
              {t('list.importInstead')}
            </Anchor>
          </>
        ) : (
          t(`list.empty.${request.kind}`)
        )
      }
      onPage={(page, replace) => {
        if (!replace) return change({ page });
        const { page: _page, ...rest } = search;
        go(page > 1 ? { ...rest, page } : rest, true);
      }}
    >
      {(answer) => (
        <ItemCollection
          type={type}
          mode={mode}
          request={request}
          rows={answer.data}
          total={answer.meta.total}
          busy={list.isFetching}
          onRestore={(item) => restoreItem.mutate(item.id)}
          onHardDelete={hardDelete}
        />
      )}
    </EntityListPage>
  );
}
