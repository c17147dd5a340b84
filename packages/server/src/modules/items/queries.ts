import {
  LIMITS,
  type CorrelationEntry,
  type CorrelationRow,
  type ItemListRow,
  type ItemSort,
  type SearchSort,
  type ItemType,
  type Revision,
  type SearchGroup,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { pageWindow, type Page } from '../../http/paginate.js';
import { categoriesRepository } from '../categories/index.js';
import { linksRepository } from './links.repository.js';
import { byLanguage, presentRows } from './present.js';
import { itemsRepository, type ListFilter, type TrashView } from './repository.js';
import { listEntryRevisions } from './entries.js';
import { ITEM_SNIPPET_COLUMNS, itemEntity } from './item-entity.js';
import {
  allTypesCandidates,
  matchAmong,
  rankFamilies,
  scopedSearch,
  type RankedFamily,
} from './search.js';
import { cut, searchTerms } from './text.js';
import {
  dayStart,
  listPage,
  searchPage,
  snippetIn,
  type PageQuery,
  type SearchSource,
} from './listing.js';

export type { PageQuery } from './listing.js';

/** What narrows a list besides its trash view and language. */
export type ListScope =
  | { by: 'all' }
  | { by: 'category' | 'participant' | 'tag'; id: number }
  | { by: 'search'; query: string };

/**
 * The words to search for, or undefined when the query is shorter than LIMITS.searchMinLength
 * (trimmed): such a query does not filter, the whole list is answered.
 */
export function searchWords(query: string): string[] | undefined {
  return query.trim().length < LIMITS.searchMinLength ? undefined : searchTerms(query);
}

async function scopeFilter(ctx: AppContext, scope: ListScope): Promise<Partial<ListFilter>> {
  const links = linksRepository(ctx.db);
  switch (scope.by) {
    case 'all':
    case 'search':
      return {};
    case 'category': {
      const categoryIds = await categoriesRepository(ctx.db).subtreeIds(scope.id);
      if (categoryIds.length === 0) throw notFound();
      return { categorySets: [categoryIds], categoryRoots: [scope.id] };
    }
    case 'participant':
      if (!(await links.exists('participants', scope.id))) throw notFound();
      return { participantIds: [scope.id] };
    case 'tag':
      if (!(await links.exists('tags', scope.id))) throw notFound();
      return { tagIds: [scope.id] };
  }
}

/** A list's query: its page, and the filters of `itemFilterQuery` (all optional). */
export type ListOptions = PageQuery & {
  language?: string | undefined;
  category?: number | undefined;
  participant?: number | undefined;
  tag?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  sort?: ItemSort | SearchSort | undefined;
  story_language?: string | undefined;
};

/** Whether a search's query narrows or orders its matches as a list does. */
function listsMatches(query: ListOptions): boolean {
  return (
    (query.sort !== undefined && query.sort !== 'relevance') ||
    query.category !== undefined ||
    query.participant !== undefined ||
    query.tag !== undefined ||
    query.date_from !== undefined ||
    query.date_to !== undefined
  );
}

/**
 * The query's filters added to the route's own. A category of the query that no longer exists
 * gives an empty list (a stale address), where the route's own answers 404.
 */
async function queryFilter(
  ctx: AppContext,
  base: Partial<ListFilter>,
  query: ListOptions,
): Promise<Partial<ListFilter> | undefined> {
  const filter: Partial<ListFilter> = { ...base };
  if (query.category !== undefined) {
    const ids = await categoriesRepository(ctx.db).subtreeIds(query.category);
    if (ids.length === 0) return undefined;
    filter.categorySets = [...(filter.categorySets ?? []), ids];
    filter.categoryRoots = [...(filter.categoryRoots ?? []), query.category];
  }
  if (query.participant !== undefined) {
    filter.participantIds = [...new Set([...(filter.participantIds ?? []), query.participant])];
  }
  if (query.tag !== undefined) {
    filter.tagIds = [...new Set([...(filter.tagIds ?? []), query.tag])];
  }
  filter.dateFrom = dayStart(query.date_from);
  filter.dateBefore = dayStart(query.date_to, 1);
  if (query.sort !== 'relevance') filter.sort = query.sort;
  filter.storyLanguage = query.story_language;
  return filter;
}

/**
 * Any item list of a type: filters (combined), trash view, language, order, one entry per story
 * or every version; or a search, by rank or in a list's order, narrowed by the same filters (not
 * one entry per story: every matching version is a hit).
 */
export async function listItems(
  ctx: AppContext,
  type: ItemType,
  view: TrashView,
  scope: ListScope,
  query: ListOptions,
): Promise<Page<ItemListRow>> {
  const words = scope.by === 'search' ? searchWords(scope.query) : undefined;
  const repo = itemsRepository(ctx.db);
  if (words) {
    if (words.length === 0) return { window: pageWindow(query), total: 0, data: [] };
    const search = scopedSearch(ctx.dialect, words, { type, language: query.language });
    return searchPage(
      query,
      words,
      listsMatches(query)
        ? await narrowedMatches(ctx, type, query, search)
        : {
            count: () => search.count(ctx.db),
            hits: async (limit, offset) =>
              (await search.page(ctx.db, limit, offset)).map((hit) => Number(hit.item_id)),
          },
      ITEM_SNIPPET_COLUMNS,
      repo.rowsByIds,
      (rows, snippetOf) => presentRows(ctx.db, rows, snippetOf),
    );
  }
  const narrowed = await queryFilter(ctx, await scopeFilter(ctx, scope), query);
  if (!narrowed) return { window: pageWindow(query), total: 0, data: [] };
  const filter: ListFilter = { ...narrowed, type, view, language: query.language };
  return listPage(
    query,
    { count: () => repo.count(filter), rows: (limit, offset) => repo.page(filter, limit, offset) },
    (rows) => presentRows(ctx.db, rows),
  );
}

/**
 * A search's matches narrowed by the list filters: every candidate (up to
 * `LIMITS.searchMatchesMax`) is read in rank order, then those the filters keep are counted and
 * paged, by rank or in the list's order.
 */
async function narrowedMatches(
  ctx: AppContext,
  type: ItemType,
  query: ListOptions,
  search: ReturnType<typeof scopedSearch>,
): Promise<SearchSource> {
  const none: SearchSource = { count: async () => 0, hits: async () => [] };
  const total = await search.count(ctx.db);
  const ranked =
    total === 0 ? [] : (await search.page(ctx.db, total, 0)).map((hit) => Number(hit.item_id));
  const narrowed = await queryFilter(ctx, {}, { ...query, story_language: undefined });
  if (!narrowed) return none;
  const repo = itemsRepository(ctx.db);
  const filter: ListFilter = { ...narrowed, type, view: 'live', ids: ranked };
  if (query.sort !== undefined && query.sort !== 'relevance') {
    return {
      count: () => repo.count(filter),
      hits: async (limit, offset) =>
        (await repo.page(filter, limit, offset)).map((row) => Number(row.id)),
    };
  }
  const kept = new Set(await repo.idsAmong(filter));
  const hits = ranked.filter((id) => kept.has(id));
  return {
    count: async () => hits.length,
    hits: async (limit, offset) => hits.slice(offset, offset + limit),
  };
}

function snippetOf(
  row: { plain: string; title: string; preview: string; scan_text: string },
  words: string[],
) {
  return snippetIn(row, ITEM_SNIPPET_COLUMNS, words);
}

/** Originals, newest first, each with its live versions as JSON text (50-character previews). */
export async function correlation(
  ctx: AppContext,
  type: ItemType,
  query: PageQuery,
): Promise<Page<CorrelationRow>> {
  const window = pageWindow(query);
  const repo = itemsRepository(ctx.db);
  const [total, originals] = await Promise.all([
    repo.countOriginals(type),
    repo.originals(type, window.limit, window.offset),
  ]);
  const members = await repo.families(
    originals.map((o) => o.id),
    true,
  );
  const data = originals.map((original) => {
    const entries: CorrelationEntry[] = members
      .filter((m) => m.id === original.id || m.parent_id === original.id)
      .sort((a, b) => Number(a.id !== original.id) - Number(b.id !== original.id))
      .map((m) => ({
        id: m.id,
        language: m.language,
        content: cut(m.preview, LIMITS.correlationPreviewLength),
      }));
    return {
      parent_id: original.id,
      date: original.date ?? '',
      original_language: original.original_language ?? original.language,
      translations: JSON.stringify(entries),
    };
  });
  return { window, total, data };
}

/** An item's revisions, newest first, with the current names of their links. */
export function listRevisions(
  ctx: AppContext,
  type: ItemType,
  id: number,
  query: PageQuery,
): Promise<Page<Revision>> {
  return listEntryRevisions<Revision>(ctx, itemEntity(type), id, query);
}

/**
 * Hits of another module in `GET /api/search` (the records), best first, up to `limit`. With
 * `titleScore` (a word too common for items to rank), scored as items then are: 1 for a title
 * hit, else 0.
 */
export type ExtraSearch = (
  words: string[],
  limit: number,
  titleScore: boolean,
) => Promise<{ total: number; hits: { score: number; date: string; group: SearchGroup }[] }>;

/**
 * Search over every item type, hits grouped by family (an original and its translations), best
 * family first; each group lists every live version, the matching ones with a snippet. `extra`
 * adds another module's hits (records), merged by score then date: both are relevance scores of
 * the same engine, or for a word too common to rank, 1 for a title hit, else 0.
 */
export async function searchAll(
  ctx: AppContext,
  query: PageQuery & { query: string },
  extra?: ExtraSearch,
): Promise<Page<SearchGroup>> {
  const window = pageWindow(query);
  const words = searchWords(query.query);
  if (!words?.length) return { window, total: 0, data: [] };
  const { common, rows } = await allTypesCandidates(ctx.db, ctx.dialect, words);
  const ranked = rankFamilies(rows);
  const repo = itemsRepository(ctx.db);
  // With another source, the best `offset + limit` of each, merged, give this page.
  const wanted = window.offset + window.limit;
  const families = extra
    ? ranked.slice(0, wanted)
    : ranked.slice(window.offset, window.offset + window.limit);
  const others = extra ? await extra(words, wanted, common) : { total: 0, hits: [] };
  type Entry =
    | { score: number; date: string; family: RankedFamily }
    | { score: number; date: string; group: SearchGroup };
  let entries: Entry[] = families.map((family) => ({
    score: family.score,
    date: family.date,
    family,
  }));
  if (extra) {
    entries = [...entries, ...others.hits]
      .sort((a, b) => b.score - a.score || b.date.localeCompare(a.date))
      .slice(window.offset, wanted);
  }
  const familyIds = entries.flatMap((e) => ('family' in e ? [Number(e.family.family_id)] : []));
  const members = await repo.families(familyIds, true, true);
  // Which versions match: a candidate does; a version newer than the oldest candidate, or any
  // version when every match is a candidate (not `common`), does not. Only older versions of a
  // common word's families are looked up (the index query is the costly part of a page).
  const candidates = new Set(rows.map((row) => Number(row.item_id)));
  const oldest = Math.min(...candidates);
  const unknown = common
    ? members.map((m) => m.id).filter((id) => id < oldest && !candidates.has(id))
    : [];
  const matched = new Set(members.map((m) => m.id).filter((id) => candidates.has(id)));
  if (unknown.length > 0) {
    for (const id of await repo.matching(matchAmong(ctx.dialect, words, unknown), unknown))
      matched.add(id);
  }
  const data = entries.flatMap((entry): SearchGroup[] => {
    if ('group' in entry) return [entry.group];
    const family = entry.family;
    const id = Number(family.family_id);
    const versions = members
      .filter((m) => m.id === id || m.parent_id === id)
      .sort(
        (a, b) => Number(a.id !== id) - Number(b.id !== id) || byLanguage(a.language, b.language),
      )
      .map((m) => ({
        id: m.id,
        language: m.language,
        title: m.title,
        preview: m.preview,
        matched: matched.has(m.id),
        ...(matched.has(m.id) ? { snippet: snippetOf(m, words) } : {}),
      }));
    const first = members.find((m) => m.id === id || m.parent_id === id);
    if (!first) return [];
    return [{ type: first.type as ItemType, original_id: id, date: family.date, versions }];
  });
  return { window, total: ranked.length + others.total, data };
}
