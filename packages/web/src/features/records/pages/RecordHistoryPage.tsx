import '../records.css';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import type { RecordEntity, RecordRevision } from '@kinfolio/contract';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/shared/content/dates';
import { DiffText } from '@/shared/content/DiffText';
import { titleAttrs } from '@/shared/content/direction';
import { ListPager } from '@/shared/content/ListPager';
import { condense } from '@/shared/content/textDiff';
import { TitleInSentence } from '@/shared/content/TitleInSentence';
import { useCan } from '@/shared/organisation/hooks';
import { PageTitle, QueryState, RestoreIcon } from '@/shared/ui';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { recordQueries } from '../api';
import { useRecordId } from '../hooks';
import { useRestoreRecordVersion } from '../mutations';
import { recordHistoryPath, recordProfilePath } from '../paths';
import { DIFF_TEXTS, recordDiff, type DiffField } from '../recordDiff';

/** `/records/{record_id}/history`: the record's stored versions, each compared with the current. */
export default function RecordHistoryPage() {
  const { t } = useTranslation(['records', 'archive']);
  const id = useRecordId() ?? 0;
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const current = useQuery(recordQueries.single(id));
  const revisions = useQuery(recordQueries.revisions(id, page));
  const record = current.data;
  const meta = revisions.data?.meta;
  const both = {
    isPending: current.isPending || revisions.isPending,
    data: record && revisions.data ? { record, revisions: revisions.data.data } : undefined,
  };

  return (
    <Stack gap="sm">
      {record ? (
        <Anchor component={Link} to={recordProfilePath(id)} size="sm">
          ←{' '}
          <bdi {...titleAttrs(record.title, record.lang)}>
            {record.title || t('archive:item.untitled')}
          </bdi>
        </Anchor>
      ) : null}
      <PageTitle
        shown={
          record ? (
            <TitleInSentence
              sentence={(title) => t('archive:history.title', { title })}
              title={record.title}
              fallback={t('archive:item.untitled')}
              language={record.lang}
            />
          ) : undefined
        }
      >
        {record
          ? t('archive:history.title', { title: record.title || t('archive:item.untitled') })
          : t('archive:history.titleShort')}
      </PageTitle>
      {meta ? (
        <Text size="sm" c="dimmed">
          {t('archive:history.count', { count: meta.total })}
        </Text>
      ) : null}
      <QueryState
        query={both}
        error={t('archive:history.loadError')}
        isEmpty={(answer) => answer.revisions.length === 0}
        empty={t('archive:history.empty')}
        loading={<Skeleton height={300} radius="md" />}
      >
        {(answer) => (
          <Stack gap="md" component="ol" className="kf-plain-list">
            {answer.revisions.map((revision) => (
              <li key={revision.id}>
                <RevisionCard record={answer.record} revision={revision} />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
      {meta ? (
        <ListPager
          total={meta.last_page}
          value={meta.current_page}
          onChange={(value) =>
            void navigate({ to: recordHistoryPath(id), search: value > 1 ? { page: value } : {} })
          }
        />
      ) : null}
    </Stack>
  );
}

function RevisionCard({ record, revision }: { record: RecordEntity; revision: RecordRevision }) {
  const { t } = useTranslation(['records', 'archive']);
  const formatDate = useDateFormat();
  const restoreVersion = useRestoreRecordVersion();
  const canEdit = useCan('records.edit');
  const diff = useMemo(() => recordDiff(revision.data, record), [revision.data, record]);
  const titleId = `revision-${revision.id}`;
  const none = t('archive:item.none');

  const shown = (field: DiffField, side: 'old' | 'new'): string => {
    switch (field) {
      case 'people':
        return (
          (side === 'old' ? revision.names.people : record.people).map((p) => p.name).join(', ') ||
          none
        );
      case 'registration_date': {
        const value = side === 'old' ? revision.data.registration_date : record.registration_date;
        return value ? formatDate(value) : t('fields.unknownDate');
      }
      case 'lang': {
        const value = side === 'old' ? revision.data.lang : record.lang;
        return t(`archive:languages.${value}`, { defaultValue: value });
      }
      default:
        return (side === 'old' ? revision.data[field] : record[field]) || none;
    }
  };

  const restore = () =>
    modals.openConfirmModal({
      title: t('archive:history.restoreTitle'),
      children: (
        <Text size="sm">
          {t('archive:history.restoreMessage', { date: formatDate(revision.created_at, true) })}
        </Text>
      ),
      labels: { confirm: t('archive:history.restore'), cancel: t('archive:actions.cancel') },
      onConfirm: () => restoreVersion.mutate({ id: record.id, data: revision.data }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h5" id={titleId}>
              {t('archive:history.versionOf', { date: formatDate(revision.created_at, true) })}
            </Title>
            <Group gap={6} wrap="nowrap">
              <UserAvatar name={revision.user.name} userId={revision.user.id} size={22} />
              <Text size="sm" c="dimmed">
                {t('archive:history.changedBy', {
                  name: revision.user.name || t('archive:history.unknownUser'),
                })}
              </Text>
            </Group>
          </div>
          {canEdit && !diff.same && !record.deleted_at ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<RestoreIcon size={14} />}
              onClick={restore}
            >
              {t('archive:history.restore')}
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
            {t('archive:history.same')}
          </Badge>
        ) : (
          <Group gap="xs">
            {diff.wordsAdded > 0 ? (
              <Badge variant="light" color="green" className="kf-badge-wrap">
                {t('archive:history.wordsAdded', { count: diff.wordsAdded })}
              </Badge>
            ) : null}
            {diff.wordsRemoved > 0 ? (
              <Badge variant="light" color="red" className="kf-badge-wrap">
                {t('archive:history.wordsRemoved', { count: diff.wordsRemoved })}
              </Badge>
            ) : null}
          </Group>
        )}
        {DIFF_TEXTS.map((field) => {
          const parts = diff.texts[field];
          if (!parts) return null;
          return (
            <div key={field}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {t(`fields.${field}`)}
              </Text>
              <DiffText parts={field === 'title' ? parts : condense(parts)} lang={record.lang} />
            </div>
          );
        })}
        {diff.fields.length > 0 ? (
          <div>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('archive:history.otherChanges')}
            </Text>
            <ul className="kf-change-list">
              {diff.fields.map((field) => (
                <li key={field}>
                  <Text size="sm" component="span" fw={600}>
                    {t('archive:history.fieldLabel', { field: t(`fields.${field}`) })}
                  </Text>{' '}
                  <del>{shown(field, 'old')}</del> → <ins>{shown(field, 'new')}</ins>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
