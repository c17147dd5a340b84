import '../archive.css';
import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HISTORY_TYPES, type HistoryEntry } from '@kinfolio/contract';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle } from '@/shared/ui';
import { EntryCards, EntryFeed } from '@/shared/content/EntryFeed';
import { useDateFormat } from '@/shared/content/dates';
import { titleAttrs } from '@/shared/content/direction';
import { recordHistoryPath, recordProfilePath } from '@/shared/recordPaths';
import { RecordIcon } from '@/shared/ui/icons';
import { itemQueries } from '../api';
import {
  historyFeedPath,
  historyPath,
  ITEM_TYPE_META,
  parseFeedTypeParam,
  profilePath,
} from '../itemTypes';

const ALL = 'all';

/** `/history` and `/history/{type}`: who created or edited what, newest first. */
export default function HistoryFeedPage() {
  const { t } = useTranslation('archive');
  const typeLabel = useTypeLabel();
  const params = useParams({ strict: false }) as { type?: string };
  const type = parseFeedTypeParam(params.type) ?? undefined;
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const query = useQuery(itemQueries.feed(type, page));
  const meta = query.data?.meta;
  const texts = { error: t('feed.loadError'), empty: t('feed.empty') };
  const goTo = (value: number) =>
    void navigate({ to: historyFeedPath(type), search: value > 1 ? { page: value } : {} });
  const title = type ? t('feed.titleOfType', { type: typeLabel(type, 'plural') }) : t('feed.title');

  return (
    <Stack gap="sm">
      <PageTitle>{title}</PageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('feed.typeFilter')}
          data={[
            { value: ALL, label: t('feed.allTypes') },
            ...HISTORY_TYPES.map((value) => ({ value, label: typeLabel(value, 'plural') })),
          ]}
          value={type ?? ALL}
          allowDeselect={false}
          onChange={(value) =>
            void navigate({
              to: historyFeedPath(value && value !== ALL ? parseFeedTypeParam(value)! : undefined),
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

/** A feed type's name: an item type's, or the records'. */
function useTypeLabel() {
  const { t } = useTranslation('archive');
  return (type: HistoryEntry['item']['type'], form: 'singular' | 'plural') =>
    t(`types.${type === 'records' ? 'record' : type}.${form}`);
}

/** Where an entry of the feed leads: its page and its history, and its icon. */
function entryLinks({ type, id }: HistoryEntry['item']) {
  return type === 'records'
    ? { Icon: RecordIcon, page: recordProfilePath(id), history: recordHistoryPath(id) }
    : {
        Icon: ITEM_TYPE_META[type].icon,
        page: profilePath(type, id),
        history: historyPath(type, id),
      };
}

function FeedEntry({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('archive');
  const typeLabel = useTypeLabel();
  const formatDate = useDateFormat();
  const { item } = entry;
  const { Icon, page, history } = entryLinks(item);
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
            {action} · {typeLabel(item.type, 'singular')} ·{' '}
            <time dateTime={entry.created_at}>{formatDate(entry.created_at, true)}</time>
          </Text>
          <Anchor
            component={Link}
            to={page}
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
              to={history}
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
