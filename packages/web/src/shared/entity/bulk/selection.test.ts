import { describe, expect, it } from 'vitest';
import {
  allSelected,
  EMPTY_SELECTION,
  keepOnly,
  selectAll,
  selectRange,
  toggle,
  togglePage,
} from './selection';

const page = [11, 12, 13, 14, 15];

describe('list selection', () => {
  it('toggles one item and remembers it as the anchor', () => {
    const one = toggle(EMPTY_SELECTION, 12);
    expect(one).toEqual({ ids: [12], anchor: 12 });
    expect(toggle(one, 12)).toEqual({ ids: [], anchor: 12 });
  });

  it('selects a range from the anchor, downwards and upwards', () => {
    const down = selectRange(toggle(EMPTY_SELECTION, 12), page, 14);
    expect(down.ids.sort()).toEqual([12, 13, 14]);
    expect(down.anchor).toBe(14);
    const up = selectRange(toggle(EMPTY_SELECTION, 15), page, 13);
    expect(up.ids.sort()).toEqual([13, 14, 15]);
  });

  it('keeps what was selected outside the range, without duplicates', () => {
    let selection = toggle(EMPTY_SELECTION, 11);
    selection = toggle(selection, 13);
    selection = selectRange(selection, page, 15);
    expect(selection.ids).toEqual([11, 13, 14, 15]);
  });

  it('unselects a range when shift-clicking an item already selected', () => {
    let selection = togglePage(EMPTY_SELECTION, page);
    selection = toggle(selection, 12);
    selection = toggle(selection, 12);
    expect(selection.ids.sort()).toEqual(page);
    selection = selectRange(selection, page, 14);
    expect(selection.ids.sort()).toEqual([11, 15]);
    selection = selectRange({ ...selection, anchor: 11 }, page, 13);
    expect(selection.ids.sort()).toEqual([11, 12, 13, 15]);
  });

  it('falls back to a toggle without an anchor on the page', () => {
    expect(selectRange(EMPTY_SELECTION, page, 13)).toEqual({ ids: [13], anchor: 13 });
    expect(selectRange({ ids: [99], anchor: 99 }, page, 13).ids).toEqual([99, 13]);
  });

  it('selects and clears a whole page, keeping other pages', () => {
    const other = { ids: [99], anchor: null };
    const all = togglePage(other, page);
    expect(allSelected(all, page)).toBe(true);
    expect(all.ids).toEqual([99, ...page]);
    expect(togglePage(all, page).ids).toEqual([99]);
    expect(allSelected(EMPTY_SELECTION, [])).toBe(false);
  });

  it('selects all matching ids once and keeps only ids still listed', () => {
    const all = selectAll([3, 1, 3, 2]);
    expect(all).toEqual({ ids: [3, 1, 2], anchor: null });
    expect(keepOnly(all, [1, 2]).ids).toEqual([1, 2]);
    expect(keepOnly(all, [1, 2, 3])).toBe(all);
  });
});
