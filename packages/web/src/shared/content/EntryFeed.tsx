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
  entries,
  error,
  empty,
  height = 320,
  pager,
  children,
}: {
  query: QueryLike<Answer> & { isFetching?: boolean };
  /** The entries of an answer: none means `empty` is said. */
  entries: (answer: Answer) => readonly unknown[];
  error: string;
  empty: string;
  /** The skeleton's height while the first answer comes. */
  height?: number;
  /** The pages, when the answer is one of several. */
  pager?: { meta: PageMeta | undefined; onChange: (page: number) => void };
  children: (answer: Answer) => ReactNode;
}) {
  const meta = pager?.meta;
  return (
    <>
      <QueryState
        query={query}
        error={error}
        isEmpty={(answer) => entries(answer).length === 0}
        empty={empty}
        loading={<Skeleton height={height} radius="md" />}
      >
        {(answer) => <div aria-busy={query.isFetching ?? false}>{children(answer)}</div>}
      </QueryState>
      {pager && meta ? (
        <ListPager total={meta.last_page} value={meta.current_page} onChange={pager.onChange} />
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
