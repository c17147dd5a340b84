import '../archive.css';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { displayName, type Item, type ItemType, type Revision } from '@kinfolio/contract';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { PageTitle, QueryState, RestoreIcon } from '@/shared/ui';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { itemQueries } from '../api';
import { useRestoreVersion } from '../mutations';
import { DiffText } from '@/shared/content/DiffText';
import { condense } from '@/shared/content/textDiff';
import { revisionDiff, type ChangedField } from '../diff';
import { useDateFormat } from '@/shared/content/dates';
import { historyPath, parseId, parseTypeParam, profilePath } from '../itemTypes';
import { ownFieldLabel, ownFieldValue } from '../ownFields';
import { TitleInSentence } from '@/shared/content/TitleInSentence';
import { titleAttrs } from '@/shared/content/direction';

/** `/history/{type}/{id}`: an item's stored versions, each compared with the current one. */
export default function HistoryPage() {
  const { t } = useTranslation('archive');
  const params = useParams({ strict: false }) as { type?: string; id?: string };
  const type = parseTypeParam(params.type) ?? 'post';
  const id = parseId(params.id) ?? 0;
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const current = useQuery(itemQueries.single(type, id));
  const revisions = useQuery(itemQueries.revisions(type, id, page));
  const item = current.data;
  const meta = revisions.data?.meta;

  // The versions are compared with the current item: both answers are needed to show a card.
  const both = {
    isPending: current.isPending || revisions.isPending,
    data: item && revisions.data ? { item, revisions: revisions.data.data } : undefined,
  };
  const content = (
    <QueryState
      query={both}
      error={t('history.loadError')}
      isEmpty={(answer) => answer.revisions.length === 0}
      empty={t('history.empty')}
      loading={<Skeleton height={300} radius="md" />}
    >
      {(answer) => (
        <Stack gap="md" component="ol" className="kf-plain-list">
          {answer.revisions.map((revision) => (
            <li key={revision.id}>
              <RevisionCard type={type} item={answer.item} revision={revision} />
            </li>
          ))}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="sm">
      {item ? (
        <Anchor component={Link} to={profilePath(type, id)} size="sm">
          ← <bdi {...titleAttrs(item.title, item.language)}>{item.title || t('item.untitled')}</bdi>
        </Anchor>
      ) : null}
      <PageTitle
        shown={
          item ? (
            <TitleInSentence
              sentence={(title) => t('history.title', { title })}
              title={item.title}
              fallback={t('item.untitled')}
              language={item.language}
            />
          ) : undefined
        }
      >
        {item
          ? t('history.title', { title: item.title || t('item.untitled') })
          : t('history.titleShort')}
      </PageTitle>
      {meta ? (
        <Text size="sm" c="dimmed">
          {t('history.count', { count: meta.total })}
        </Text>
      ) : null}
      {content}
      {meta && meta.last_page > 1 ? (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={(value) =>
            void navigate({ to: historyPath(type, id), search: value > 1 ? { page: value } : {} })
          }
          getItemProps={(value) => ({ 'aria-label': t('list.page', { page: value }) })}
          getControlProps={(control) => ({ 'aria-label': t(`list.control.${control}`) })}
          style={{ alignSelf: 'center' }}
        />
      ) : null}
    </Stack>
  );
}

function RevisionCard({
  type,
  item,
  revision,
}: {
  type: ItemType;
  item: Item;
  revision: Revision;
}) {
  const { t } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const formatDate = useDateFormat();
  const restoreVersion = useRestoreVersion();
  const canEdit = useCan('content.edit');
  const diff = useMemo(() => revisionDiff(revision.data, item), [revision.data, item]);
  const titleId = `revision-${revision.id}`;

  const names = (field: ChangedField, side: 'old' | 'new'): string => {
    const none = t('item.none');
    switch (field) {
      case 'from':
      case 'to':
        return (
          (side === 'old' ? revision.names[field] : item[field]).map((r) => r.name).join(', ') ||
          none
        );
      case 'tags':
      case 'categories':
        return (
          (side === 'old' ? revision.names[field] : item[field])
            .map((r) => displayName(r.name, uiLanguage))
            .join(', ') || none
        );
      case 'date':
        return formatDate(side === 'old' ? revision.data.date : item.date);
      case 'language': {
        const lang = side === 'old' ? revision.data.language : item.language;
        return t(`languages.${lang}`, { defaultValue: lang });
      }
      case 'status':
        return t(`status.${side === 'old' ? revision.data.status : item.status}`);
    }
  };

  const restore = () =>
    modals.openConfirmModal({
      title: t('history.restoreTitle'),
      children: (
        <Text size="sm">
          {t('history.restoreMessage', { date: formatDate(revision.created_at, true) })}
        </Text>
      ),
      labels: { confirm: t('history.restore'), cancel: t('actions.cancel') },
      onConfirm: () => restoreVersion.mutate({ type, id: item.id, data: revision.data }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h5" id={titleId}>
              {t('history.versionOf', { date: formatDate(revision.created_at, true) })}
            </Title>
            <Group gap={6} wrap="nowrap">
              <UserAvatar name={revision.user.name} userId={revision.user.id} size={22} />
              <Text size="sm" c="dimmed">
                {t('history.changedBy', { name: revision.user.name || t('history.unknownUser') })}
              </Text>
            </Group>
          </div>
          {canEdit && !diff.same ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<RestoreIcon size={14} />}
              onClick={restore}
            >
              {t('history.restore')}
            </Button>
          ) : null}
        </Group>
        {diff.same ? (
          <Badge
            variant="light"
            color="gray"
            className="kf-badge-wrap"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('history.same')}
          </Badge>
        ) : (
          <Group gap="xs">
            {/* A count of zero says nothing: only the side that changed is shown. */}
            {diff.wordsAdded > 0 ? (
              <Badge variant="light" color="green" className="kf-badge-wrap">
                {t('history.wordsAdded', { count: diff.wordsAdded })}
              </Badge>
            ) : null}
            {diff.wordsRemoved > 0 ? (
              <Badge variant="light" color="red" className="kf-badge-wrap">
                {t('history.wordsRemoved', { count: diff.wordsRemoved })}
              </Badge>
            ) : null}
          </Group>
        )}
        {diff.title.some((p) => p.added || p.removed) ? (
          <div>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('form.title')}
            </Text>
            <DiffText parts={diff.title} lang={item.language} />
          </div>
        ) : null}
        {diff.content.some((p) => p.added || p.removed) ? (
          <div>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('form.content')}
            </Text>
            <DiffText parts={condense(diff.content)} lang={item.language} />
          </div>
        ) : null}
        {diff.changedFields.length + diff.changedOwnFields.length > 0 ? (
          <div>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('history.otherChanges')}
            </Text>
            <ul className="kf-change-list">
              {diff.changedFields.map((field) => (
                <li key={field}>
                  <Text size="sm" component="span" fw={600}>
                    {t('history.fieldLabel', {
                      field: field === 'status' ? t('status.label') : t(`form.${field}`),
                    })}
                  </Text>{' '}
                  <del>{names(field, 'old')}</del> → <ins>{names(field, 'new')}</ins>
                </li>
              ))}
              {diff.changedOwnFields.map((name) => (
                <li key={`own-${name}`}>
                  <Text size="sm" component="span" fw={600}>
                    {t('history.fieldLabel', { field: ownFieldLabel(t, type, name) })}
                  </Text>{' '}
                  <del>{ownFieldValue(t, type, name, revision.data.fields[name])}</del> →{' '}
                  <ins>{ownFieldValue(t, type, name, item.fields[name])}</ins>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
