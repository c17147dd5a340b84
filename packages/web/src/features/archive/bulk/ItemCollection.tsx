import './bulk.css';
import { Group, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_MAX_IDS, LIMITS, type ItemListRow, type ItemType } from '@kinfolio/contract';
import { useNavigate } from '@tanstack/react-router';
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { ViewSwitch } from '@/shared/ui';
import { itemQueries } from '../api';
import { ItemCard, type CardMode } from '../components/ItemCard';
import { profilePath } from '../itemTypes';
import type { ListRequest } from '../listSearch';
import { MediaTile } from '../photos/MediaTile';
import { useListView } from '../photos/useListView';
import { BulkBar } from './BulkBar';
import { selectRange, toggle } from './selection';
import { useListSelection } from './store';
import { useListKeyboard } from './useListKeyboard';
import { useStableCallback } from '@/shared/ui/useStableCallback';

interface ItemCollectionProps {
  type: ItemType;
  mode: CardMode;
  request: ListRequest;
  rows: ItemListRow[];
  total: number;
  busy: boolean;
  onRestore: (item: ItemListRow) => void;
  onHardDelete: (item: ItemListRow) => void;
}

/** Clicks on these inside a row keep their own meaning (no selection). */
const INTERACTIVE = 'a, button, input, label, select, textarea, [role="checkbox"], audio, video';

/** The selection is the list's as long as it shows the same items, whatever the page. */
function scopeOf(type: ItemType, request: ListRequest): string {
  const { page: _page, ...query } = request.query;
  return JSON.stringify([type, request.route, request.id ?? null, query]);
}

/**
 * A page of a list: cards (or, for the medias, a grid of pictures), with the selection, its
 * action bar and the list keys (j/k, Enter, e, x).
 */
export function ItemCollection(props: ItemCollectionProps) {
  const { type, mode, request, rows, total, busy } = props;
  // Stable, so that the rows (memoised) render again only when their own item or selection changes.
  const onRestore = useStableCallback(props.onRestore);
  const onHardDelete = useStableCallback(props.onHardDelete);
  const { t } = useTranslation('photos');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('content.edit');
  const bulkMode = canEdit && mode !== 'revisions' ? mode : null;
  const selectable = bulkMode !== null;
  const [selection, setSelection] = useListSelection(scopeOf(type, request));
  const [view, setView] = useListView();
  const grid = type === 'media' && view === 'grid';
  const container = useRef<HTMLDivElement>(null);
  const pageIds = rows.map((row) => row.id);
  const selected = new Set(selection.ids);

  const select = useStableCallback((item: ItemListRow, shift: boolean) =>
    setSelection(shift ? selectRange(selection, pageIds, item.id) : toggle(selection, item.id)),
  );

  const rowElement = (index: number) =>
    container.current?.querySelectorAll<HTMLElement>('[data-kf-row]')[index] ?? null;
  const open = (index: number, edit = false) => {
    const row = rows[index];
    if (!row || row.deleted_at !== null) return;
    void navigate({ to: profilePath(type, row.id), search: edit ? { edit: 1 } : {} });
  };
  const keyboard = useListKeyboard({
    count: rows.length,
    rowElement,
    onOpen: (index) => open(index),
    onEdit: canEdit ? (index) => open(index, true) : undefined,
    onToggle: selectable ? (index) => rows[index] && select(rows[index], false) : undefined,
  });

  /** A click on a row's free space selects it once a selection is under way (Shift: a range). */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-kf-row]');
    if (!row) return;
    const index = pageIds.indexOf(Number(row.dataset.kfRow));
    keyboard.setActive(index);
    if (!selectable || target.closest(INTERACTIVE)) return;
    if (selection.ids.length === 0 && !event.shiftKey) return;
    const item = rows[index];
    if (item) select(item, event.shiftKey);
  };

  const fetchAllIds = async () => {
    const ids: number[] = [];
    const perPage = LIMITS.pageSizeMax;
    for (let page = 1; ids.length < Math.min(total, BULK_MAX_IDS); page += 1) {
      const answer = await queryClient.fetchQuery(
        itemQueries.list(type, {
          ...request,
          query: { ...request.query, page, per_page: perPage },
        }),
      );
      ids.push(...answer.data.map((row) => row.id));
      if (page >= answer.meta.last_page) break;
    }
    return ids.slice(0, BULK_MAX_IDS);
  };

  return (
    <>
      {type === 'media' || selectable ? (
        <Group gap="sm" justify="space-between" align="flex-start" className="kf-list-tools">
          {bulkMode ? (
            <BulkBar
              type={type}
              mode={bulkMode}
              selection={selection}
              onSelection={setSelection}
              pageIds={pageIds}
              total={total}
              fetchAllIds={fetchAllIds}
            />
          ) : null}
          {type === 'media' ? (
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
          ) : null}
        </Group>
      ) : null}
      <VisuallyHidden>{t('keysHint')}</VisuallyHidden>
      <div
        ref={container}
        className={grid ? 'kf-media-grid' : 'kf-card-grid'}
        aria-busy={busy}
        role="list"
        onClick={onClick}
        onFocus={(event) => {
          const row = (event.target as HTMLElement).closest<HTMLElement>('[data-kf-row]');
          if (row) keyboard.setActive(pageIds.indexOf(Number(row.dataset.kfRow)));
        }}
      >
        {rows.map((item) => (
          <div role="listitem" key={item.id} className="kf-row">
            {grid ? (
              <MediaTile
                item={item}
                selected={selected.has(item.id)}
                onSelect={selectable ? select : undefined}
              />
            ) : (
              <ItemCard
                item={item}
                mode={mode}
                onRestore={onRestore}
                onHardDelete={onHardDelete}
                selected={selected.has(item.id)}
                onSelect={selectable ? select : undefined}
              />
            )}
          </div>
        ))}
      </div>
    </>
  );
}
