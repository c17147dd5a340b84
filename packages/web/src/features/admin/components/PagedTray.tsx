import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { QueryState, type QueryLike } from '@/shared/ui';

interface PagedAnswer<Row> {
  data: Row[];
  meta: { total: number; last_page: number };
}

/**
 * The page of an admin tray (failed jobs, deleted files) read from `?page=`, and the way to
 * another page: going back to the first drops the parameter, so the first page keeps one address.
 */
export function useTrayPage(path: string) {
  const navigate = useNavigate();
  const { page = 1 } = useSearch({ strict: false });
  const goTo = (next: number) =>
    void navigate({ to: path, search: next > 1 ? { page: next } : {} });
  return { page, goTo };
}

interface PagedTrayProps<Row> {
  list: QueryLike<PagedAnswer<Row>>;
  tray: ReturnType<typeof useTrayPage>;
  intro: string;
  /** "3 failed jobs": said politely to screen readers when it changes. */
  count: string;
  /** The buttons acting on the whole tray. */
  actions: ReactNode;
  error: string;
  empty: string;
  children: (rows: Row[]) => ReactNode;
}

/** An admin tray: what it holds and its count, the actions on all of it, its table, its pager. */
export function PagedTray<Row>({
  list,
  tray,
  intro,
  count,
  actions,
  error,
  empty,
  children,
}: PagedTrayProps<Row>) {
  const { t } = useTranslation('admin');
  const { page, goTo } = tray;
  const lastPage = list.data?.meta.last_page ?? 1;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Text size="sm">{intro}</Text>
          {list.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {count}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm">{actions}</Group>
      </Group>
      <QueryState
        query={list}
        error={error}
        isEmpty={(answer) => answer.data.length === 0}
        empty={empty}
      >
        {(answer) => children(answer.data)}
      </QueryState>
      {lastPage > 1 ? (
        <Pagination
          total={lastPage}
          value={Math.min(page, lastPage)}
          onChange={goTo}
          getItemProps={(n) => ({ 'aria-label': t('failedJobs.page', { page: n }) })}
          getControlProps={(control) => ({ 'aria-label': t(`failedJobs.control.${control}`) })}
          withEdges
          style={{ alignSelf: 'center' }}
        />
      ) : null}
    </>
  );
}
