import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/** How often a list is read again while one of its rows is being written. */
const LIVE_POLL_MS = 1500;

/** One page of a tray: the page shown stays while the next one loads. */
export function pageQuery<Answer>(
  queryKey: QueryKey,
  fetch: (signal: AbortSignal) => Promise<Answer>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
  });
}

/** A list with live progress while one of its rows is being written, and quiet otherwise. */
export function liveListQuery<Row>(
  queryKey: QueryKey,
  fetch: (signal: AbortSignal) => Promise<{ data: Row[] }>,
  running: (row: Row) => boolean,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    refetchInterval: (query) => (query.state.data?.data.some(running) ? LIVE_POLL_MS : false),
  });
}
