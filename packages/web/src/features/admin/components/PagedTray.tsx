import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
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
  /**
   * After the whole tray was emptied or purged: back to the first page. The server's answer is
   * already in a toast: the API client shows every write's message.
   */
  const emptied = () => goTo(1);
  return { page, goTo, emptied };
}

/** A button acting on the whole tray, off while the tray is empty or another action runs. */
export interface TrayAction {
  /** Its words, `<tray>.<words>` ("failedJobs.retryAll"). */
  words: string;
  icon: ComponentType<{ size?: number }>;
  danger?: boolean;
  pending: boolean;
  run: () => void;
}

interface PagedTrayProps<Row> {
  /** The tray's words: `<name>.intro`, `.count` ("3 failed jobs"), `.loadError`, `.empty`. */
  name: 'failedJobs' | 'deletedMedias';
  list: QueryLike<PagedAnswer<Row>>;
  tray: ReturnType<typeof useTrayPage>;
  actions: readonly TrayAction[];
  /** An action on the tray or one of its rows is running. */
  busy: boolean;
  children: (rows: Row[]) => ReactNode;
}

/** An admin tray: what it holds and its count, the actions on all of it, its table, its pager. */
export function PagedTray<Row>({ name, list, tray, actions, busy, children }: PagedTrayProps<Row>) {
  const { t } = useTranslation('admin');
  const { page, goTo } = tray;
  const lastPage = list.data?.meta.last_page ?? 1;
  const total = list.data?.meta.total ?? 0;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Text size="sm">{t(`${name}.intro`)}</Text>
          {list.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t(`${name}.count`, { count: total })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm">
          {actions.map(({ words, icon: Icon, danger, pending, run }) => (
            <Button
              key={words}
              variant="light"
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              disabled={total === 0 || busy}
              loading={pending}
              onClick={run}
            >
              {t(`${name}.${words}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <QueryState
        query={list}
        error={t(`${name}.loadError`)}
        isEmpty={(answer) => answer.data.length === 0}
        empty={t(`${name}.empty`)}
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
