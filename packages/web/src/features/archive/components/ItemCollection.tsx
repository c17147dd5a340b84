import type { ItemListRow, ItemType } from '@kinfolio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/react';
import { EntityCollection, type ListMode } from '@/shared/entity/EntityCollection';
import { ViewSwitch } from '@/shared/ui';
import { itemQueries } from '../api';
import { ITEM_BULK } from '../itemBulk';
import { profilePath } from '../itemTypes';
import type { ListRequest } from '../listSearch';
import { MediaTile } from '../photos/MediaTile';
import { useListView } from '../photos/useListView';
import { ItemCard } from './ItemCard';

interface ItemCollectionProps {
  type: ItemType;
  mode: ListMode;
  request: ListRequest;
  rows: ItemListRow[];
  total: number;
  busy: boolean;
  onRestore: (item: ItemListRow) => void;
  onHardDelete: (item: ItemListRow) => void;
}

/** The selection is the list's as long as it shows the same items, whatever the page. */
function scopeOf(type: ItemType, request: ListRequest): string {
  const { page: _page, ...query } = request.query;
  return JSON.stringify([type, request.route, request.id ?? null, query]);
}

/** A page of an item list: cards, or for the medias a grid of pictures (or cards, as chosen). */
export function ItemCollection(props: ItemCollectionProps) {
  const { type, mode, request } = props;
  const { t } = useTranslation('photos');
  const queryClient = useQueryClient();
  const [view, setView] = useListView();
  const grid = type === 'media' && view === 'grid';

  const fetchPage = async (page: number, perPage: number) => {
    const answer = await queryClient.fetchQuery(
      itemQueries.list(type, { ...request, query: { ...request.query, page, per_page: perPage } }),
    );
    return { ids: answer.data.map((row) => row.id), lastPage: answer.meta.last_page };
  };

  return (
    <EntityCollection
      scope={scopeOf(type, request)}
      mode={mode}
      rows={props.rows}
      total={props.total}
      busy={props.busy}
      bulk={ITEM_BULK[type]}
      profilePath={(id) => profilePath(type, id)}
      fetchPage={fetchPage}
      className={grid ? 'kf-media-grid' : undefined}
      tools={
        type === 'media' ? (
          <ViewSwitch
            size="xs"
            value={view}
            onChange={setView}
            aria-label={t('view.label')}
            data={[
              { value: 'grid', label: t('view.grid') },
              { value: 'list', label: t('view.list') },
            ]}
          />
        ) : undefined
      }
      Row={grid ? MediaTile : ItemCard}
      onRestore={props.onRestore}
      onHardDelete={props.onHardDelete}
    />
  );
}
