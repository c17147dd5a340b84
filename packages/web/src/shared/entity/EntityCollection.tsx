import './bulk/bulk.css';
import { Group, VisuallyHidden } from '@mantine/core';
import { BULK_MAX_IDS, LIMITS } from '@kinfolio/contract';
import { useNavigate } from '@tanstack/react-router';
import { useRef, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { useStableCallback } from '@/shared/ui/useStableCallback';
import { BulkBar } from './bulk/BulkBar';
import type { BulkDefinition } from './bulk/definition';
import { selectRange, toggle } from './bulk/selection';
import { useListSelection } from './bulk/store';
import { useListKeyboard } from './bulk/useListKeyboard';

/** A list's view: the entries, the trash, or the entries with revisions. */
export type ListMode = 'list' | 'trash' | 'revisions';

/** What the collection reads of a row. */
export interface CollectionRow {
  id: number;
  deleted_at: string | null;
}

/** What a list's row component is given: its entry, the view, its selection and its actions. */
export interface EntityRowProps<Row> {
  row: Row;
  mode: ListMode;
  selected: boolean;
  /** The row's checkbox was clicked (with Shift: a range); no checkbox without it. */
  onSelect: ((row: Row, shift: boolean) => void) | undefined;
  onRestore: (row: Row) => void;
  onHardDelete: (row: Row) => void;
}

interface EntityCollectionProps<Row extends CollectionRow> {
  /** The selection belongs to this list (kind, view, filters and search, not the page). */
  scope: string;
  mode: ListMode;
  rows: Row[];
  /** How many entries match the list's filters (all pages). */
  total: number;
  busy: boolean;
  /** The kind's bulk actions; also who may edit (the `e` key, the selection). */
  bulk: BulkDefinition;
  /** Where an entry's profile lives. */
  profilePath: (id: number) => string;
  /** One page of the same list, for "select all matching". */
  fetchPage: (page: number, perPage: number) => Promise<{ ids: number[]; lastPage: number }>;
  /** The kind's row (memoised: it renders again only when its own entry or selection changes). */
  Row: ComponentType<EntityRowProps<Row>>;
  onRestore: (row: Row) => void;
  /** Asks first, then deletes for good. */
  onHardDelete: (row: Row) => void;
  /** Tools beside the selection's bar (the medias' grid or list switch). */
  tools?: ReactNode;
  /** The container's class: cards (`kf-card-grid`) unless told. */
  className?: string;
}

/** Clicks on these inside a row keep their own meaning (no selection). */
const INTERACTIVE = 'a, button, input, label, select, textarea, [role="checkbox"], audio, video';

/**
 * A page of a list of items or records: its rows, with the selection, its action bar and the
 * list keys (j/k, Enter, e, x).
 */
export function EntityCollection<Row extends CollectionRow>(props: EntityCollectionProps<Row>) {
  const { mode, rows, total, busy, bulk, profilePath, Row } = props;
  const { t } = useTranslation('photos');
  const navigate = useNavigate();
  const canEdit = useCan(bulk.editPermission);
  // In the trash, every bulk action (restore, delete for good) needs `content.delete`.
  const canDelete = useCan('content.delete');
  const bulkMode = canEdit && mode === 'list' ? mode : canDelete && mode === 'trash' ? mode : null;
  const selectable = bulkMode !== null;
  const [selection, setSelection] = useListSelection(props.scope);
  const container = useRef<HTMLDivElement>(null);
  const pageIds = rows.map((row) => row.id);
  const selected = new Set(selection.ids);

  // Stable, so that memoised rows render again only when their own entry or selection changes.
  const select = useStableCallback((row: Row, shift: boolean) =>
    setSelection(shift ? selectRange(selection, pageIds, row.id) : toggle(selection, row.id)),
  );
  const onRestore = useStableCallback(props.onRestore);
  const onHardDelete = useStableCallback(props.onHardDelete);

  const rowElement = (index: number) =>
    container.current?.querySelectorAll<HTMLElement>('[data-kf-row]')[index] ?? null;
  const open = (index: number, edit = false) => {
    const row = rows[index];
    if (!row || row.deleted_at !== null) return;
    void navigate({ to: profilePath(row.id), search: edit ? { edit: 1 } : {} });
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
    const element = target.closest<HTMLElement>('[data-kf-row]');
    if (!element) return;
    const index = pageIds.indexOf(Number(element.dataset.kfRow));
    keyboard.setActive(index);
    if (!selectable || target.closest(INTERACTIVE)) return;
    if (selection.ids.length === 0 && !event.shiftKey) return;
    const row = rows[index];
    if (row) select(row, event.shiftKey);
  };

  const fetchAllIds = async () => {
    const ids: number[] = [];
    for (let page = 1; ids.length < Math.min(total, BULK_MAX_IDS); page += 1) {
      const answer = await props.fetchPage(page, LIMITS.pageSizeMax);
      ids.push(...answer.ids);
      if (page >= answer.lastPage) break;
    }
    return ids.slice(0, BULK_MAX_IDS);
  };

  return (
    <>
      {props.tools || bulkMode ? (
        <Group gap="sm" justify="space-between" align="flex-start" className="kf-list-tools">
          {bulkMode ? (
            <BulkBar
              bulk={bulk}
              mode={bulkMode}
              selection={selection}
              onSelection={setSelection}
              pageIds={pageIds}
              total={total}
              fetchAllIds={fetchAllIds}
            />
          ) : null}
          {props.tools}
        </Group>
      ) : null}
      <VisuallyHidden>{t('keysHint')}</VisuallyHidden>
      <div
        ref={container}
        className={props.className ?? 'kf-card-grid'}
        aria-busy={busy}
        role="list"
        onClick={onClick}
        onFocus={(event) => {
          const row = (event.target as HTMLElement).closest<HTMLElement>('[data-kf-row]');
          if (row) keyboard.setActive(pageIds.indexOf(Number(row.dataset.kfRow)));
        }}
      >
        {rows.map((row) => (
          <div role="listitem" key={row.id} className="kf-row">
            <Row
              row={row}
              mode={mode}
              selected={selected.has(row.id)}
              onSelect={selectable ? select : undefined}
              onRestore={onRestore}
              onHardDelete={onHardDelete}
            />
          </div>
        ))}
      </div>
    </>
  );
}
