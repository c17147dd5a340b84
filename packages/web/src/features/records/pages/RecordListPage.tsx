import '../records.css';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, type RecordListRow } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { ListPager } from '@/shared/content/ListPager';
import { TitleInSentence } from '@/shared/content/TitleInSentence';
import { useCan } from '@/shared/organisation/hooks';
import { PageTitle, PlusIcon, QueryState, ViewSwitch, confirm } from '@/shared/ui';
import { recordQueries } from '../api';
import { RecordCard } from '../components/RecordCard';
import { RecordFilterBar } from '../components/RecordFilterBar';
import { useRecordSearch } from '../hooks';
import { useHardDeleteRecord, useRestoreRecord } from '../mutations';
import { RECORDS_PATH, recordProfilePath } from '../paths';
import { recordListRequest, withRecordChange, type RecordSearch } from '../recordSearch';

/** `/records`: the audio records, 10 a page, searched and filtered through the address. */
export default function RecordListPage() {
  const { t } = useTranslation(['records', 'archive']);
  const search = useRecordSearch();
  const navigate = useNavigate();
  const canEdit = useCan('records.edit');
  const restoreRecord = useRestoreRecord();
  const hardDeleteRecord = useHardDeleteRecord();
  const request = recordListRequest(search);
  const list = useQuery(recordQueries.list(request));
  const trash = search.deleted === 1;

  const go = (next: RecordSearch) => void navigate({ to: RECORDS_PATH, search: next });
  const change = (partial: Partial<RecordSearch>) => go(withRecordChange(search, partial));
  const hardDelete = (record: RecordListRow) =>
    confirm({
      title: t('archive:trash.hardDeleteTitle'),
      message: (
        <TitleInSentence
          sentence={(title) => t('list.hardDeleteMessage', { title })}
          title={record.title}
          fallback={t('archive:item.untitled')}
          language={record.lang}
        />
      ),
      confirmLabel: t('archive:trash.hardDelete'),
      cancelLabel: t('archive:actions.cancel'),
      onConfirm: () => hardDeleteRecord.mutate(record.id),
    });

  const empty = trash
    ? t('archive:list.empty.deleted')
    : request.query || request.participant || request.lang || request.owner
      ? t('list.emptyFiltered')
      : t('list.empty');
  const page = list.data?.meta;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle mb={0}>{trash ? t('list.trashTitle') : t('list.title')}</PageTitle>
        {canEdit && !trash ? (
          <Button component={Link} to={recordProfilePath()} leftSection={<PlusIcon size={16} />}>
            {t('list.new')}
          </Button>
        ) : null}
      </Group>
      <ViewSwitch
        value={trash ? 'trash' : 'list'}
        onChange={(value) => change({ deleted: value === 'trash' ? 1 : undefined })}
        aria-label={t('archive:list.views')}
        data={[
          { value: 'list', label: t('archive:list.viewAll') },
          { value: 'trash', label: t('archive:list.viewTrash') },
        ]}
        fullWidthOnPhone
        className="kf-type-switch"
      />
      <RecordFilterBar search={search} onChange={change} />
      {page ? (
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {request.query && page.total >= LIMITS.searchMatchesMax
            ? t('list.totalCapped', { count: LIMITS.searchMatchesMax })
            : t('list.total', { count: page.total })}
        </Text>
      ) : null}
      <QueryState
        query={list}
        error={t('archive:list.loadError')}
        isEmpty={(answer) => answer.data.length === 0}
        empty={empty}
        loading={
          <div className="kf-card-grid" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={170} radius="md" />
            ))}
          </div>
        }
      >
        {(answer) => (
          <div className="kf-card-grid" aria-busy={list.isFetching}>
            {answer.data.map((record) => (
              <RecordCard
                key={record.id}
                record={record}
                onRestore={(row) => restoreRecord.mutate(row.id)}
                onHardDelete={hardDelete}
              />
            ))}
          </div>
        )}
      </QueryState>
      {page ? (
        <ListPager
          total={page.last_page}
          value={page.current_page}
          onChange={(value) => change({ page: value })}
        />
      ) : null}
    </Stack>
  );
}
