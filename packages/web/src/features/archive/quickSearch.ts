import { ITEM_TYPES, type ItemType, type SearchGroup } from '@kinfolio/contract';

/** What a quick-search hit opens: an item of one of the four types, or an audio record. */
export type QuickType = ItemType | 'record';
/** Sections in the archive's type order, records last. */
const QUICK_TYPES: readonly QuickType[] = [...ITEM_TYPES, 'record'];

export interface QuickOption {
  /** Unique within the results (`post-12`). */
  key: string;
  id: number;
  type: QuickType;
  language: string;
  title: string;
  /** Escaped HTML with `<mark>` (matched versions only). */
  snippet?: string;
  preview: string;
  matched: boolean;
  /** First option of its family (an original and its translations). */
  familyStart: boolean;
}

export interface QuickSection {
  type: QuickType;
  options: QuickOption[];
}

/**
 * `GET /api/search` groups as sections per type (in the archive's type order, records last,
 * relevance order within), each family's matched versions first; one flat option order for the
 * arrow keys.
 */
export function quickSearchSections(groups: readonly SearchGroup[]): QuickSection[] {
  const sections: QuickSection[] = [];
  for (const type of QUICK_TYPES) {
    const options: QuickOption[] = [];
    for (const group of groups) {
      if (group.type !== type) continue;
      const versions = [...group.versions].sort((a, b) => Number(b.matched) - Number(a.matched));
      versions.forEach((version, index) => {
        options.push({
          key: `${type}-${version.id}`,
          id: version.id,
          type,
          language: version.language,
          title: version.title,
          ...(version.snippet ? { snippet: version.snippet } : {}),
          preview: version.preview,
          matched: version.matched,
          familyStart: index === 0,
        });
      });
    }
    if (options.length > 0) sections.push({ type, options });
  }
  return sections;
}

/** The next active option for an arrow key, wrapping around; -1 when there is none. */
export function moveActive(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (current < 0) return key === 'ArrowDown' ? 0 : count - 1;
  return (current + (key === 'ArrowDown' ? 1 : count - 1)) % count;
}
