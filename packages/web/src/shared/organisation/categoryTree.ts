import { displayName, type Category, type UiLanguage } from '@kinfolio/contract';

export interface CategoryTreeNode {
  value: string;
  label: string;
  children?: CategoryTreeNode[];
}

/** The flat category list as nested nodes (Mantine Tree/TreeSelect data), siblings in order. */
export function categoryTreeData(
  categories: readonly Category[],
  language: UiLanguage,
  untitled = '—',
): CategoryTreeNode[] {
  const known = new Set(categories.map((c) => c.id));
  const byParent = new Map<number | null, Category[]>();
  for (const category of categories) {
    const parent =
      category.parent_id !== null && known.has(category.parent_id) ? category.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): CategoryTreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((c) => !seen.has(c.id))
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((category) => {
        seen.add(category.id);
        const children = build(category.id);
        return {
          value: String(category.id),
          label: displayName(category.name, language) || untitled,
          ...(children.length > 0 ? { children } : {}),
        };
      });
  return build(null);
}
