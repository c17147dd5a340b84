import '../archive.css';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ITEM_TYPES, type ItemType } from '@kinfolio/contract';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { EntryFeed } from '@/shared/content/EntryFeed';
import { RouteTabs, type RouteTab } from '@/shared/kit/RouteTabs';
import { itemQueries } from '../api';
import { CorrelationTable } from '../components/CorrelationTable';
import { correlationPath, ITEM_TYPE_META, parseTypeParam } from '../itemTypes';

/** One route tab per item type, as the organisation and administration pages have theirs. */
const TABS = Object.fromEntries(
  ITEM_TYPES.map((type) => [type, { to: correlationPath(type), icon: ITEM_TYPE_META[type].icon }]),
) as Record<ItemType, RouteTab>;

/** `/correlation/{type}`: every original with its versions in fr, en, it, de and ar. */
export default function CorrelationPage() {
  const { t } = useTranslation('archive');
  const params = useParams({ strict: false }) as { type?: string };
  const type = parseTypeParam(params.type) ?? 'post';
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const query = useQuery(itemQueries.correlation(type, page));
  const meta = query.data?.meta;

  const texts = { error: t('correlation.loadError'), empty: t('correlation.empty') };
  const goTo = (value: number) =>
    void navigate({ to: correlationPath(type), search: value > 1 ? { page: value } : {} });

  return (
    <RouteTabs
      id="correlation-tabs"
      title={t('correlation.title')}
      label={t('correlation.type')}
      tabs={TABS}
      labelOf={(name) => t(`types.${name}.plural`)}
      active={type}
    >
      <Stack gap="md">
        {meta ? (
          <Text size="sm" c="dimmed" role="status">
            {t('correlation.total', { count: meta.total })}
          </Text>
        ) : null}
        <EntryFeed query={query} texts={texts} onPage={goTo}>
          {(answer) => <CorrelationTable type={type} rows={answer.data} />}
        </EntryFeed>
      </Stack>
    </RouteTabs>
  );
}
