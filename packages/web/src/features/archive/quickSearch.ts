import {
  displayName,
  ITEM_TYPES,
  searchFold,
  type Category,
  type ItemType,
  type Participant,
  type SearchGroup,
  type Tag,
  type UiLanguage,
} from '@kinfolio/contract';
import { compareIn } from '@/shared/intl';

/** Who or what the archive is organised by: a hit opens the list of its items. */
export type QuickOrganisation = 'participant' | 'tag' | 'category';
/** What a quick-search hit opens: an item, an audio record, or a list of items by one of those. */
export type QuickType = ItemType | 'record' | QuickOrganisation;
const ORGANISATION: readonly QuickOrganisation[] = ['participant', 'tag', 'category'];
/** Names shown per kind at most: a few, the item hits stay in view. */
const ORGANISATION_HITS = 5;
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
  /** The item's or record's date (ISO), shown on the first option of its family. */
  date?: string;
  /** A record matched in one of its segments: its title and where the player starts. */
  segment?: { title: string; start: number };
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
          ...(index === 0 && group.date ? { date: group.date } : {}),
          ...(version.segment
            ? { segment: { title: version.segment.title, start: version.segment.start } }
            : {}),
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

export function isOrganisation(type: QuickType): type is QuickOrganisation {
  return (ORGANISATION as readonly QuickType[]).includes(type);
}

/** Whether every word of `query` starts a word of `name` (accents, case, ß/ss… ignored). */
export function namesMatch(name: string, query: string): boolean {
  const words = searchFold(name).split(/[^\p{L}\p{N}]+/u);
  const terms = searchFold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return terms.length > 0 && terms.every((term) => words.some((word) => word.startsWith(term)));
}

/**
 * Participants, tags and categories whose name (in any of its languages) matches the query, as
 * sections before the item hits, a few of each, shown in the interface language.
 */
export function organisationSections(
  query: string,
  lists: { participants?: Participant[]; tags?: Tag[]; categories?: Category[] },
  language: UiLanguage,
): QuickSection[] {
  const named = {
    participant: (lists.participants ?? []).map((p) => ({
      id: p.id,
      names: [p.name],
      shown: p.name,
    })),
    tag: (lists.tags ?? []).map((tag) => ({
      id: tag.id,
      names: Object.values(tag.name).filter((n): n is string => Boolean(n)),
      shown: displayName(tag.name, language),
    })),
    category: (lists.categories ?? []).map((c) => ({
      id: c.id,
      names: Object.values(c.name).filter((n): n is string => Boolean(n)),
      shown: displayName(c.name, language),
    })),
  };
  return ORGANISATION.flatMap((type): QuickSection[] => {
    const options = named[type]
      .filter((entry) => entry.names.some((name) => namesMatch(name, query)))
      .sort((a, b) => compareIn(language)(a.shown, b.shown))
      .slice(0, ORGANISATION_HITS)
      .map((entry): QuickOption => ({
        key: `${type}-${entry.id}`,
        id: entry.id,
        type,
        language,
        title: entry.shown,
        preview: '',
        matched: true,
        familyStart: true,
      }));
    return options.length > 0 ? [{ type, options }] : [];
  });
}
