import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LIMITS } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useCan } from '@/shared/organisation/hooks';
import { useTranslation } from '@/shared/i18n/react';
import { ListPager } from '@/shared/content/ListPager';
import { PageTitle, PlusIcon, QueryState, ViewSwitch } from '@/shared/ui';
import { useStableCallback } from '@/shared/ui/useStableCallback';
import type { ListMode } from './EntityCollection';

/** The paging of a list's answer. */
interface PageMeta {
  total: number;
  current_page: number;
  last_page: number;
}

interface EntityListPageProps<Page extends { data: unknown[]; meta: PageMeta }> {
  title: string;
  /** The create button (shown in the list view only), when the user may create. */
  create: { to: string; label: string } | null;
  mode: ListMode;
  /** The views offered, in order (the revisions view is the items'). */
  modes: readonly ListMode[];
  onMode: (mode: ListMode) => void;
  /** The filter bar and list options, between the views and the count. */
  filters: ReactNode;
  list: UseQueryResult<Page>;
  /** A search: its count is capped by the server. */
  searching: boolean;
  /** "12 records", "12 posts". */
  totalLabel: (count: number) => string;
  /** The capped count's wording. */
  cappedLabel: (count: number) => string;
  empty: ReactNode;
  /** Another page; `replace` when the address was past the end. */
  onPage: (page: number, replace?: boolean) => void;
  children: (answer: Page) => ReactNode;
}

/**
 * A list screen of items or records: its title and create button, the views (all, revisions,
 * trash), the filters, the count, the page's rows and the pages.
 */
export function EntityListPage<Page extends { data: unknown[]; meta: PageMeta }>(
  props: EntityListPageProps<Page>,
) {
  const { t } = useTranslation('archive');
  const { list, mode } = props;
  // The trash is offered to those who may restore from it and empty it (`content.delete`).
  const canDelete = useCan('content.delete');
  const modes = canDelete ? props.modes : props.modes.filter((value) => value !== 'trash');
  const onPage = useStableCallback(props.onPage);
  const page = list.data?.meta;
  // A page past the end (an old address, a list that shrank): its last page, in place of it.
  const pastEnd = page && page.current_page > page.last_page ? page.last_page : undefined;
  useEffect(() => {
    if (pastEnd !== undefined) onPage(pastEnd, true);
  }, [pastEnd, onPage]);

  const views = {
    list: t('list.viewAll'),
    revisions: t('list.viewRevisions'),
    trash: t('list.viewTrash'),
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{props.title}</PageTitle>
        {props.create && mode === 'list' ? (
          <Button component={Link} to={props.create.to} leftSection={<PlusIcon size={16} />}>
            {props.create.label}
          </Button>
        ) : null}
      </Group>
      <ViewSwitch
        value={mode}
        onChange={props.onMode}
        aria-label={t('list.views')}
        data={modes.map((value) => ({ value, label: views[value] }))}
        fullWidthOnPhone
        className="kf-type-switch"
      />
      {props.filters}
      {page ? (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {props.searching && page.total >= LIMITS.searchMatchesMax
            ? props.cappedLabel(LIMITS.searchMatchesMax)
            : props.totalLabel(page.total)}
        </Text>
      ) : null}
      <QueryState
        query={list}
        error={t('list.loadError')}
        isEmpty={(answer) => answer.data.length === 0}
        empty={props.empty}
        loading={
          <div className="kf-card-grid" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={170} radius="md" />
            ))}
          </div>
        }
      >
        {props.children}
      </QueryState>
      {page ? (
        <ListPager total={page.last_page} value={page.current_page} onChange={onPage} />
      ) : null}
    </Stack>
  );
}
