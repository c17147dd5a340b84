import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ITEM_BASES,
  ITEM_TYPES,
  type ItemListRow,
  type ItemType,
  type RecordListRow,
} from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { recordProfilePath } from '@/shared/recordPaths';

/** How many entries of a list the person's page reads at once. */
export const PERSON_PAGE_SIZE = 48;

/** One entry of a person's timeline: an item of any type or a record. */
export interface TimelineEntry {
  key: string;
  kind: ItemType | 'record';
  title: string;
  /** ISO date, or null for an undated record (at the end). */
  date: string | null;
  href: string;
}

/** `/medias`: a type's list screen, from its API base. */
export const itemListHref = (type: ItemType) => ITEM_BASES[type].slice('/api'.length);

export const itemProfileHref = (type: ItemType, id: number) =>
  `${itemListHref(type)}/${id}/profile`;

/** One page of a list, as every list API answers it. */
interface ListPage<Row> {
  data: Row[];
  meta: { current_page: number; last_page: number; total: number };
}

const nextPage = (page: ListPage<unknown>) =>
  page.meta.current_page < page.meta.last_page ? page.meta.current_page + 1 : undefined;

export const personQueries = {
  participant: (id: number) =>
    queryOptions({
      queryKey: ['participants', 'one', id],
      queryFn: (context) => call('participant', { params: { id } }, fetchOptions(context)),
    }),
  /** One numbered page of the photos (the grid), newest first like the media list. */
  photos: (id: number, page: number) =>
    queryOptions({
      queryKey: ['items', 'media', 'person', id, 'page', page],
      queryFn: (context) =>
        call(
          'media.participant',
          { params: { id }, query: { page, per_page: PERSON_PAGE_SIZE } },
          fetchOptions(context),
        ),
      placeholderData: keepPreviousData,
    }),
  /** One page of a type's items of the person, oldest first (the timeline's order). */
  items: (type: ItemType, id: number, page: number) =>
    queryOptions({
      queryKey: ['items', type, 'person', id, 'timeline', page],
      queryFn: (context) =>
        call(
          `${type}.participant`,
          { params: { id }, query: { page, per_page: PERSON_PAGE_SIZE, sort: 'oldest' } },
          fetchOptions(context),
        ),
    }),
  /** One page of the person's records, oldest first, the undated last. */
  records: (id: number, page: number) =>
    queryOptions({
      queryKey: ['records', 'person', id, 'timeline', page],
      queryFn: (context) =>
        call(
          'records',
          { query: { participant: id, page, per_page: PERSON_PAGE_SIZE, sort: 'oldest' } },
          fetchOptions(context),
        ),
    }),
};

/** What is read so far of one list of the timeline, oldest first. */
export interface TimelineSource {
  entries: TimelineEntry[];
  /** Pages of it are still unread. */
  more: boolean;
}

/** An entry's place in time: the undated after every date. */
const timeOf = (entry: TimelineEntry) => entry.date ?? '\uffff';

/**
 * The part of the timeline known to be complete, and which lists to read further to extend it.
 * Every list arrives oldest first, so an entry is shown only when no unread page of another list
 * can hold an older one: up to the earliest last-read date among the lists with pages left. A
 * period at the end of what is shown may still grow, but never gains entries above those shown.
 */
export function mergeTimeline(sources: readonly TimelineSource[]): {
  entries: TimelineEntry[];
  /** Indexes of the lists whose next page would show more. */
  toRead: number[];
} {
  const lasts = sources.map((source) => {
    const last = source.entries.at(-1);
    // A list not read at all yet could hold anything: nothing is shown before it arrives.
    if (!source.more) return null;
    return last ? timeOf(last) : '';
  });
  const bounds = lasts.filter((last): last is string => last !== null);
  const frontier = bounds.length ? bounds.reduce((a, b) => (b < a ? b : a)) : null;
  const entries = sources
    .flatMap((source) => source.entries)
    .filter((entry) => frontier === null || timeOf(entry) <= frontier)
    .sort((a, b) => timeOf(a).localeCompare(timeOf(b)) || a.key.localeCompare(b.key));
  const toRead = sources.flatMap((source, index) =>
    source.more && lasts[index] === frontier ? [index] : [],
  );
  return { entries, toRead };
}

const itemEntry = (type: ItemType, row: ItemListRow): TimelineEntry => ({
  key: `${type}-${row.id}`,
  kind: type,
  title: row.title,
  date: row.date,
  href: itemProfileHref(type, row.id),
});

type RecordRow = RecordListRow;

const recordEntry = (row: RecordRow): TimelineEntry => ({
  key: `record-${row.id}`,
  kind: 'record' as const,
  title: row.title,
  date: row.registration_date,
  href: recordProfilePath(row.id),
});

/** The timeline's lists: every item type, then the records. */
const SOURCES = [...ITEM_TYPES, 'record'] as const;

/**
 * Everything of a person: the first page of each list (for its total), one page of their photos,
 * and the timeline, read a page further on demand (`more`), complete as far as it goes.
 */
export function usePerson(id: number, photoPage = 1) {
  const participant = useQuery(personQueries.participant(id));
  const photos = useQuery(personQueries.photos(id, photoPage));
  // How many pages of each list are read, by person: another person starts from the first.
  const [read, setRead] = useState<{ id: number; pages: number[] }>({ id, pages: [] });
  const pages = read.id === id ? read.pages : [];
  const wanted = SOURCES.flatMap((source, index) =>
    Array.from({ length: pages[index] ?? 1 }, (_, page) => ({ source, index, page: page + 1 })),
  );
  const answers = useQueries({
    queries: wanted.map(({ source, page }) =>
      source === 'record' ? personQueries.records(id, page) : personQueries.items(source, id, page),
    ),
  });
  const lists = SOURCES.map((source, index) => {
    const read = answers
      .filter((_, at) => wanted[at]?.index === index)
      .map((answer) => answer.data as ListPage<ItemListRow | RecordRow> | undefined);
    const last = read.at(-1);
    return {
      first: read[0],
      entries: read.flatMap((page) =>
        (page?.data ?? []).map((row) =>
          source === 'record'
            ? recordEntry(row as RecordRow)
            : itemEntry(source, row as ItemListRow),
        ),
      ),
      // Pages still loading hold back what follows them.
      more: !last || nextPage(last) !== undefined,
    };
  });
  const timeline = mergeTimeline(lists);
  const byType = Object.fromEntries(
    ITEM_TYPES.map((type, index) => [type, lists[index]?.first]),
  ) as Record<ItemType, ListPage<ItemListRow> | undefined>;
  const loading = participant.isPending || answers.some((answer) => answer.isPending);
  const more = () =>
    setRead({
      id,
      pages: SOURCES.map(
        (_, index) => (pages[index] ?? 1) + (timeline.toRead.includes(index) ? 1 : 0),
      ),
    });
  return {
    participant,
    photos,
    byType,
    records: lists[SOURCES.length - 1]?.first as ListPage<RecordRow> | undefined,
    entries: timeline.entries,
    /** Reads the next page of the lists the timeline waits for; undefined once all is shown. */
    more: timeline.toRead.length && !loading ? more : undefined,
    loading,
  };
}

/** Timeline entries by year, newest year first; undated ones under `null`. */
export function byYear(entries: TimelineEntry[]): [string | null, TimelineEntry[]][] {
  const years = new Map<string | null, TimelineEntry[]>();
  for (const entry of entries) {
    const year = entry.date ? entry.date.slice(0, 4) : null;
    years.set(year, [...(years.get(year) ?? []), entry]);
  }
  return [...years.entries()];
}
