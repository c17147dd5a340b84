import type { Category } from '@kinfolio/contract';
import type { DraggingPosition } from 'react-complex-tree';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  dropToMove,
  isDropIntoOwnSubtree,
  parentOptions,
  toFlatPositions,
  toTreeItems,
  TREE_ROOT,
} from './tree';

const cat = (id: number, parent_id: number | null, order: number, en: string | null = null) => ({
  id,
  parent_id,
  order,
  count: 0,
  name: { fr: `fr-${id}`, en, it: null, de: null },
});

// 1 ─┬─ 3
//    └─ 4 ── 6
// 2
// 5
const CATEGORIES: Category[] = [
  cat(4, 1, 1),
  cat(1, null, 0, 'Family'),
  cat(2, null, 1),
  cat(3, 1, 0),
  cat(5, null, 2),
  cat(6, 4, 0),
];

const between = (parentItem: string | number, childIndex: number): DraggingPosition => ({
  targetType: 'between-items',
  parentItem,
  childIndex,
  linePosition: 'top',
  treeId: 't',
  linearIndex: 0,
  depth: 0,
});
const onItem = (targetItem: string | number): DraggingPosition => ({
  targetType: 'item',
  targetItem,
  parentItem: TREE_ROOT,
  treeId: 't',
  linearIndex: 0,
  depth: 0,
});

describe('category tree conversion', () => {
  it('builds items under the root in sibling order with names in the UI language', () => {
    const items = toTreeItems(CATEGORIES, 'en');
    expect(items[TREE_ROOT]?.children).toEqual([1, 2, 5]);
    expect(items[1]?.children).toEqual([3, 4]);
    expect(items[1]?.isFolder).toBe(true);
    expect(items[3]?.isFolder).toBe(false);
    expect(items[1]?.data.title).toBe('Family');
    // No English name: French is next.
    expect(items[2]?.data.title).toBe('fr-2');
  });

  it('round-trips to the flat positions', () => {
    const rows = toFlatPositions(toTreeItems(CATEGORIES, 'fr'));
    const expected = CATEGORIES.map(({ id, parent_id, order }) => ({ id, parent_id, order }));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a.id - b.id));
  });

  it('shows a category whose parent is unknown at the top', () => {
    const items = toTreeItems([cat(7, 99, 0)], 'fr');
    expect(items[TREE_ROOT]?.children).toEqual([7]);
  });

  it('lists parent options with paths, without a category and its subtree', () => {
    const options = parentOptions(CATEGORIES, 'en', 4);
    expect(options.map((o) => o.label)).toEqual(['Family', 'Family › fr-3', 'fr-2', 'fr-5']);
  });
});

describe('drop → {parent_id, order}', () => {
  const items = toTreeItems(CATEGORIES, 'fr');

  it('moves down among the same siblings, counting its freed slot', () => {
    // 1 dragged between 2 and 5 (index 2 in [1, 2, 5]) ends at position 1.
    expect(dropToMove(items, 1, between(TREE_ROOT, 2))).toEqual({ parent_id: null, order: 1 });
  });

  it('moves up among the same siblings', () => {
    expect(dropToMove(items, 5, between(TREE_ROOT, 0))).toEqual({ parent_id: null, order: 0 });
  });

  it('moves into another parent at the given position', () => {
    expect(dropToMove(items, 2, between(1, 1))).toEqual({ parent_id: 1, order: 1 });
  });

  it('drops onto a category as its last child', () => {
    expect(dropToMove(items, 5, onItem(1))).toEqual({ parent_id: 1, order: 2 });
    expect(dropToMove(items, 3, onItem(1))).toEqual({ parent_id: 1, order: 1 });
  });

  it('drops on the root as the last top-level category', () => {
    const root: DraggingPosition = {
      targetType: 'root',
      targetItem: TREE_ROOT,
      treeId: 't',
      linearIndex: 0,
      depth: 0,
    };
    expect(dropToMove(items, 6, root)).toEqual({ parent_id: null, order: 3 });
  });

  it('ignores a drop that changes nothing', () => {
    expect(dropToMove(items, 1, between(TREE_ROOT, 0))).toBeNull();
    expect(dropToMove(items, 1, between(TREE_ROOT, 1))).toBeNull();
    expect(dropToMove(items, 1, onItem(1))).toBeNull();
  });

  it('detects a drop inside its own subtree', () => {
    expect(isDropIntoOwnSubtree(CATEGORIES, 1, onItem(4))).toBe(true);
    expect(isDropIntoOwnSubtree(CATEGORIES, 1, between(6, 0))).toBe(true);
    expect(isDropIntoOwnSubtree(CATEGORIES, 4, between(1, 0))).toBe(false);
  });
});

describe('applyMove', () => {
  it('keeps sibling orders dense where it left and where it arrived, with its subtree', () => {
    const moved = applyMove(CATEGORIES, 1, { parent_id: 2, order: 0 });
    const byId = new Map(moved.map((c) => [c.id, c]));
    expect(byId.get(1)).toMatchObject({ parent_id: 2, order: 0 });
    expect(byId.get(2)).toMatchObject({ parent_id: null, order: 0 });
    expect(byId.get(5)).toMatchObject({ parent_id: null, order: 1 });
    expect(byId.get(4)).toMatchObject({ parent_id: 1, order: 1 });
    expect(byId.get(6)).toMatchObject({ parent_id: 4, order: 0 });
  });

  it('reorders among siblings', () => {
    const moved = applyMove(CATEGORIES, 5, { parent_id: null, order: 0 });
    expect(toTreeItems(moved, 'fr')[TREE_ROOT]?.children).toEqual([5, 1, 2]);
  });
});
