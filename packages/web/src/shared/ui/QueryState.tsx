import { Alert, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What QueryState reads of a query: a TanStack Query result, or several combined. */
export interface QueryLike<T> {
  isPending: boolean;
  data: T | undefined;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The translated message when the first answer failed (the API client's toast said why). */
  error: string;
  /** Whether the answer has nothing to show; `empty` is the translated message then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Shown until the first answer (default: a block skeleton). */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The pending → error → empty → content ladder of a page's query. A failed refresh keeps the
 * answer already shown: only a query without data shows the error.
 */
export function QueryState<T>({
  query,
  error,
  isEmpty,
  empty,
  loading = <Skeleton height={240} radius="md" />,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.data === undefined) {
    return (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <Text c="dimmed" role="status">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
