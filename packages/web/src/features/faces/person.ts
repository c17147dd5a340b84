import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ITEM_BASES, ITEM_TYPES, type ItemListRow, type ItemType } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { recordProfilePath } from '@/shared/recordPaths';

/** How many of each list the person's page reads (the lists' own pages hold the rest). */
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

export const personQueries = {
  participant: (id: number) =>
    queryOptions({
      queryKey: ['participants', 'one', id],
      queryFn: (context) => call('participant', { params: { id } }, fetchOptions(context)),
    }),
  items: (type: ItemType, id: number) =>
    queryOptions({
      queryKey: ['items', type, 'person', id],
      queryFn: (context) =>
        call(
          `${type}.participant`,
          { params: { id }, query: { per_page: PERSON_PAGE_SIZE } },
          fetchOptions(context),
        ),
    }),
  records: (id: number) =>
    queryOptions({
      queryKey: ['records', 'person', id],
      queryFn: (context) =>
        call(
          'records',
          { query: { participant: id, per_page: PERSON_PAGE_SIZE } },
          fetchOptions(context),
        ),
    }),
};

/** Everything of a person: their items by type, their records, and all of it as a timeline. */
export function usePerson(id: number) {
  const participant = useQuery(personQueries.participant(id));
  const lists = useQueries({
    queries: ITEM_TYPES.map((type) => personQueries.items(type, id)),
  });
  const records = useQuery(personQueries.records(id));
  const byType = Object.fromEntries(
    ITEM_TYPES.map((type, index) => [type, lists[index]?.data]),
  ) as Record<ItemType, { data: ItemListRow[]; meta: { total: number } } | undefined>;
  const entries: TimelineEntry[] = [
    ...ITEM_TYPES.flatMap((type) =>
      (byType[type]?.data ?? []).map((row) => ({
        key: `${type}-${row.id}`,
        kind: type,
        title: row.title,
        date: row.date,
        href: itemProfileHref(type, row.id),
      })),
    ),
    ...(records.data?.data ?? []).map((row) => ({
      key: `record-${row.id}`,
      kind: 'record' as const,
      title: row.title,
      date: row.registration_date,
      href: recordProfilePath(row.id),
    })),
  ].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.key.localeCompare(b.key));
  const loading = participant.isPending || lists.some((q) => q.isPending) || records.isPending;
  return { participant, byType, records: records.data, entries, loading };
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
