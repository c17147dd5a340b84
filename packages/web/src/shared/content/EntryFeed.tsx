import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '@/shared/ui';
import { ListPager } from './ListPager';

/** Where a paged answer stands. */
interface PageMeta {
  current_page: number;
  last_page: number;
}

/**
 * A query's dated entries (a feed, a day, the same day in other years, the versions of
 * originals): a skeleton about their height while they load, the error or the empty sentence,
 * else the entries, marked busy while a newer answer is fetched, with the page numbers under them.
 */
export function EntryFeed<Answer>({
  query,
  entries = (answer) => (answer as { data: readonly unknown[] }).data,
  texts,
  height = 320,
  onPage,
  polled = false,
  children,
}: {
  query: QueryLike<Answer> & { isFetching?: boolean };
  /** The entries of an answer (by default its `data`, a paged list's): none means `empty`. */
  entries?: (answer: Answer) => readonly unknown[];
  /** What is said when the first answer failed, and when it holds nothing. */
  texts: { error: string; empty: string };
  /** The skeleton's height while the first answer comes. */
  height?: number;
  /** Opens another page of a paged answer (whose `meta` says where it stands). */
  onPage?: (page: number) => void;
  /**
   * Read again every second or so for live progress: never marked busy then, or the progress
   * its rows announce would wait for the next read.
   */
  polled?: boolean;
  children: (answer: Answer) => ReactNode;
}) {
  const meta = (query.data as { meta?: PageMeta } | undefined)?.meta;
  return (
    <>
      <QueryState
        query={query}
        error={texts.error}
        isEmpty={(answer) => entries(answer).length === 0}
        empty={texts.empty}
        loading={<Skeleton height={height} radius="md" />}
      >
        {(answer) => (
          <div aria-busy={!polled && (query.isFetching ?? false)}>{children(answer)}</div>
        )}
      </QueryState>
      {onPage && meta ? (
        <ListPager total={meta.last_page} value={meta.current_page} onChange={onPage} />
      ) : null}
    </>
  );
}

/** Entries as an ordered list without bullets, one card each. */
export function EntryCards<Entry>({
  entries,
  entryKey,
  gap = 'xs',
  children,
}: {
  entries: readonly Entry[];
  entryKey: (entry: Entry) => string | number;
  gap?: 'xs' | 'sm' | 'md';
  children: (entry: Entry) => ReactNode;
}) {
  return (
    <Stack gap={gap} component="ol" className="kf-plain-list">
      {entries.map((entry) => (
        <li key={entryKey(entry)}>{children(entry)}</li>
      ))}
    </Stack>
  );
}
