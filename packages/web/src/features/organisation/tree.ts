import type { Category, UiLanguage } from '@kinfolio/contract';
import { displayName } from '@kinfolio/contract';
import type { DraggingPosition, TreeItem, TreeItemIndex } from 'react-complex-tree';

/** Index of the invisible item holding the top-level categories. */
export const TREE_ROOT = 'root';

export interface CategoryNode {
  category: Category | null;
  title: string;
}

export type CategoryTreeItems = Record<TreeItemIndex, TreeItem<CategoryNode>>;

/** Siblings in their stored order; ties (never expected) by id so the tree is stable. */
function bySiblingOrder(a: Category, b: Category): number {
  return a.order - b.order || a.id - b.id;
}

/** Children ids per parent (null = top level), each list in sibling order. */
export function childrenByParent(categories: readonly Category[]): Map<number | null, number[]> {
  const known = new Set(categories.map((c) => c.id));
  const groups = new Map<number | null, Category[]>();
  for (const category of categories) {
    // An unknown parent (never expected) shows the category at the top rather than losing it.
    const parent =
      category.parent_id !== null && known.has(category.parent_id) ? category.parent_id : null;
    const list = groups.get(parent) ?? [];
    list.push(category);
    groups.set(parent, list);
  }
  const result = new Map<number | null, number[]>();
  for (const [parent, list] of groups)
    result.set(
      parent,
      list.sort(bySiblingOrder).map((c) => c.id),
    );
  return result;
}

/** The flat list of GET /api/categories as react-complex-tree items, under {@link TREE_ROOT}. */
export function toTreeItems(
  categories: readonly Category[],
  language: UiLanguage,
): CategoryTreeItems {
  const children = childrenByParent(categories);
  const items: CategoryTreeItems = {
    [TREE_ROOT]: {
      index: TREE_ROOT,
      isFolder: true,
      children: children.get(null) ?? [],
      data: { category: null, title: '' },
      canMove: false,
    },
  };
  for (const category of categories) {
    const kids = children.get(category.id) ?? [];
    items[category.id] = {
      index: category.id,
      isFolder: kids.length > 0,
      children: kids,
      data: { category, title: displayName(category.name, language) },
    };
  }
  return items;
}

/** Back from tree items to `{id, parent_id, order}` rows (what the server stores). */
export function toFlatPositions(
  items: CategoryTreeItems,
): { id: number; parent_id: number | null; order: number }[] {
  const rows: { id: number; parent_id: number | null; order: number }[] = [];
  const walk = (index: TreeItemIndex, parent: number | null) => {
    (items[index]?.children ?? []).forEach((child, order) => {
      rows.push({ id: Number(child), parent_id: parent, order });
      walk(child, Number(child));
    });
  };
  walk(TREE_ROOT, null);
  return rows;
}

/** The category and every category below it. */
export function subtreeIds(categories: readonly Category[], id: number): Set<number> {
  const children = childrenByParent(categories);
  const result = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    if (result.has(current)) continue;
    result.add(current);
    stack.push(...(children.get(current) ?? []));
  }
  return result;
}

export interface CategoryMove {
  parent_id: number | null;
  order: number;
}

const parentOf = (index: TreeItemIndex): number | null =>
  index === TREE_ROOT ? null : Number(index);

/**
 * Where a drop puts the dragged category: its new parent and its 0-based position among the new
 * siblings once it has left its old place (the server keeps sibling orders dense). Null when the
 * drop changes nothing.
 */
export function dropToMove(
  items: CategoryTreeItems,
  draggedId: number,
  target: DraggingPosition,
): CategoryMove | null {
  const current = Object.values(items).find((item) => item.children?.includes(draggedId));
  const currentParent = current ? parentOf(current.index) : null;
  const currentIndex = current?.children?.indexOf(draggedId) ?? -1;

  let parent: number | null;
  let order: number;
  if (target.targetType === 'between-items') {
    parent = parentOf(target.parentItem);
    order = target.childIndex;
    // Its own slot is freed first: positions after it shift up by one.
    if (parent === currentParent && currentIndex !== -1 && currentIndex < order) order -= 1;
  } else {
    parent = target.targetType === 'item' ? parentOf(target.targetItem) : null;
    const siblings = items[parent ?? TREE_ROOT]?.children ?? [];
    order = siblings.filter((id) => Number(id) !== draggedId).length;
  }
  if (parent === draggedId) return null;
  if (parent === currentParent && order === currentIndex) return null;
  return { parent_id: parent, order };
}

/** True when dropping `draggedId` at `target` would put it inside itself. */
export function isDropIntoOwnSubtree(
  categories: readonly Category[],
  draggedId: number,
  target: DraggingPosition,
): boolean {
  const parent =
    target.targetType === 'between-items'
      ? parentOf(target.parentItem)
      : target.targetType === 'item'
        ? parentOf(target.targetItem)
        : null;
  return parent !== null && subtreeIds(categories, draggedId).has(parent);
}

/**
 * The flat list after a move, with dense sibling orders where the category left and where it
 * arrived: what the server answers after PATCH, shown at once while the request runs.
 */
export function applyMove(
  categories: readonly Category[],
  id: number,
  move: CategoryMove,
): Category[] {
  const moving = categories.find((c) => c.id === id);
  if (!moving) return [...categories];
  const children = childrenByParent(categories);
  for (const [parent, ids] of children)
    children.set(
      parent,
      ids.filter((childId) => childId !== id),
    );
  const target = [...(children.get(move.parent_id) ?? [])];
  target.splice(Math.min(Math.max(move.order, 0), target.length), 0, id);
  const positions = new Map<number, CategoryMove>();
  for (const [parent, ids] of children) {
    ids.forEach((childId, order) => positions.set(childId, { parent_id: parent, order }));
  }
  target.forEach((childId, order) => positions.set(childId, { parent_id: move.parent_id, order }));
  return categories.map((c) => {
    const position = positions.get(c.id);
    return position ? { ...c, ...position } : c;
  });
}

/** Indented options "Parent › Child" for a parent picker, without `exclude` and its subtree. */
export function parentOptions(
  categories: readonly Category[],
  language: UiLanguage,
  exclude?: number,
): { value: string; label: string }[] {
  const children = childrenByParent(categories);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const excluded = exclude === undefined ? new Set<number>() : subtreeIds(categories, exclude);
  const options: { value: string; label: string }[] = [];
  const walk = (parent: number | null, path: string[]) => {
    for (const id of children.get(parent) ?? []) {
      if (excluded.has(id)) continue;
      const category = byId.get(id);
      if (!category) continue;
      const label = [...path, displayName(category.name, language)];
      options.push({ value: String(id), label: label.join(' › ') });
      walk(id, label);
    }
  };
  walk(null, []);
  return options;
}
