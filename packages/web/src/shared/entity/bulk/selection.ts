/**
 * Which items of a list are selected for a bulk action. The selection outlives a page change
 * (so "all matching" can span pages); `anchor` is the last item clicked without Shift, from
 * which a Shift-click selects a range of the page shown.
 */
export interface Selection {
  /** Selected ids, in the order they were selected. */
  ids: number[];
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: [], anchor: null };

const without = (ids: number[], remove: Iterable<number>) => {
  const gone = new Set(remove);
  return ids.filter((id) => !gone.has(id));
};
const withAll = (ids: number[], add: Iterable<number>) => {
  const has = new Set(ids);
  return [...ids, ...[...add].filter((id) => !has.has(id) && has.add(id))];
};

/** Selects or unselects one item; it becomes the anchor of the next range. */
export function toggle(selection: Selection, id: number): Selection {
  const selected = selection.ids.includes(id);
  return {
    ids: selected ? without(selection.ids, [id]) : withAll(selection.ids, [id]),
    anchor: id,
  };
}

/**
 * Shift-click on `id`: `id` is toggled and every item of the page between the anchor and it
 * (both included) takes its new state, as in a mail client. Without an anchor on this page it
 * is a plain toggle.
 */
export function selectRange(selection: Selection, pageIds: number[], id: number): Selection {
  const from = selection.anchor === null ? -1 : pageIds.indexOf(selection.anchor);
  const to = pageIds.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const range = pageIds.slice(Math.min(from, to), Math.max(from, to) + 1);
  const select = !selection.ids.includes(id);
  return {
    ids: select ? withAll(selection.ids, range) : without(selection.ids, range),
    anchor: id,
  };
}

/** Whether every item of the page is selected (and the page is not empty). */
export function allSelected(selection: Selection, pageIds: number[]): boolean {
  const set = new Set(selection.ids);
  return pageIds.length > 0 && pageIds.every((id) => set.has(id));
}

/** The page's checkbox: selects the whole page, or clears it when it was all selected. */
export function togglePage(selection: Selection, pageIds: number[]): Selection {
  return allSelected(selection, pageIds)
    ? { ids: without(selection.ids, pageIds), anchor: null }
    : { ids: withAll(selection.ids, pageIds), anchor: selection.anchor };
}

/** "All matching": the ids of every page of the list (capped by the caller). */
export function selectAll(ids: number[]): Selection {
  return { ids: withAll([], ids), anchor: null };
}

/** After a bulk action: drop ids the list no longer shows (moved to or out of the trash). */
export function keepOnly(selection: Selection, ids: Iterable<number>): Selection {
  const keep = new Set(ids);
  const kept = selection.ids.filter((id) => keep.has(id));
  return kept.length === selection.ids.length ? selection : { ids: kept, anchor: null };
}
