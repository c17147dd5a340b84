import '../archive.css';
import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ITEM_TYPES, type HistoryEntry } from '@kinfolio/contract';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle } from '@/shared/ui';
import { EntryCards, EntryFeed } from '@/shared/content/EntryFeed';
import { useDateFormat } from '@/shared/content/dates';
import { titleAttrs } from '@/shared/content/direction';
import { itemQueries } from '../api';
import {
  historyFeedPath,
  historyPath,
  ITEM_TYPE_META,
  parseTypeParam,
  profilePath,
} from '../itemTypes';

const ALL = 'all';

/** `/history` and `/history/{type}`: who created or edited what, newest first. */
export default function HistoryFeedPage() {
  const { t } = useTranslation('archive');
  const params = useParams({ strict: false }) as { type?: string };
  const type = parseTypeParam(params.type) ?? undefined;
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const query = useQuery(itemQueries.feed(type, page));
  const meta = query.data?.meta;
  const texts = { error: t('feed.loadError'), empty: t('feed.empty') };
  const goTo = (value: number) =>
    void navigate({ to: historyFeedPath(type), search: value > 1 ? { page: value } : {} });
  const title = type ? t('feed.titleOfType', { type: t(`types.${type}.plural`) }) : t('feed.title');

  return (
    <Stack gap="sm">
      <PageTitle>{title}</PageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('feed.typeFilter')}
          data={[
            { value: ALL, label: t('feed.allTypes') },
            ...ITEM_TYPES.map((value) => ({ value, label: t(`types.${value}.plural`) })),
          ]}
          value={type ?? ALL}
          allowDeselect={false}
          onChange={(value) =>
            void navigate({
              to: historyFeedPath(value && value !== ALL ? parseTypeParam(value)! : undefined),
            })
          }
          w={{ base: '100%', xs: 240 }}
        />
        {meta ? (
          <Text size="sm" c="dimmed" role="status">
            {t('feed.count', { count: meta.total })}
          </Text>
        ) : null}
      </Group>
      <EntryFeed query={query} texts={texts} onPage={goTo}>
        {(answer) => (
          <EntryCards
            entries={answer.data}
            entryKey={(entry) => `${entry.kind}-${entry.revision_id ?? entry.item.id}`}
          >
            {(entry) => <FeedEntry entry={entry} />}
          </EntryCards>
        )}
      </EntryFeed>
    </Stack>
  );
}

function FeedEntry({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('archive');
  const formatDate = useDateFormat();
  const { item } = entry;
  const Icon = ITEM_TYPE_META[item.type].icon;
  const who = entry.user?.name;
  const action =
    entry.kind === 'updated'
      ? who
        ? t('feed.updated', { name: who })
        : t('feed.updatedUnknown')
      : who
        ? t('feed.created', { name: who })
        : t('feed.createdUnknown');
  return (
    <Paper withBorder radius="md" p="sm" component="article">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text c="dimmed" aria-hidden="true" lh={1} mt={2}>
          <Icon size={18} />
        </Text>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" c="dimmed">
            {action} · {t(`types.${item.type}.singular`)} ·{' '}
            <time dateTime={entry.created_at}>{formatDate(entry.created_at, true)}</time>
          </Text>
          <Anchor
            component={Link}
            to={profilePath(item.type, item.id)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            {...titleAttrs(item.title, item.language)}
          >
            {item.title || t('item.untitled')}
          </Anchor>
          {item.preview ? (
            <Text size="sm" lineClamp={1} lang={item.language}>
              {item.preview}
            </Text>
          ) : null}
          {entry.kind === 'updated' ? (
            <Anchor
              component={Link}
              to={historyPath(item.type, item.id)}
              size="sm"
              aria-label={`${t('feed.seeDiff')}: ${item.title || t('item.untitled')}`}
            >
              {t('feed.seeDiff')}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
