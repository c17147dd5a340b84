import '../records.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordListRow } from '@kinfolio/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { confirmHardDelete } from '@/shared/entity/confirmDelete';
import { EntityCollection, type ListMode } from '@/shared/entity/EntityCollection';
import { EntityListPage } from '@/shared/entity/EntityListPage';
import { ListFilterBar } from '@/shared/kit/ListFilterBar';
import { ShowOnMapLink } from '@/shared/places/ShowOnMapLink';
import { useCan } from '@/shared/organisation/hooks';
import { recordQueries, recordResource } from '../api';
import { RecordCard } from '../components/RecordCard';
import { OwnerFilter } from '../components/OwnerFilter';
import { useRecordSearch } from '../hooks';
import { RECORDS_PATH, recordProfilePath } from '@/shared/recordPaths';
import { RECORD_BULK } from '../recordBulk';
import { recordListRequest, withRecordChange, type RecordSearch } from '../recordSearch';

const MODES: readonly ListMode[] = ['list', 'trash'];

/** The selection is the list's as long as it shows the same records, whatever the page. */
function scopeOf(search: RecordSearch): string {
  const { page: _page, ...rest } = recordListRequest(search);
  return JSON.stringify(['records', rest]);
}

/** `/records`: the audio records, 10 a page, searched and filtered through the address. */
export default function RecordListPage() {
  const { t } = useTranslation(['records', 'archive']);
  const canDelete = useCan('content.delete');
  const asked = useRecordSearch();
  // An address asking for the trash shows the list to those not offered the trash.
  const { deleted, ...live } = asked;
  const search: RecordSearch = deleted && !canDelete ? live : asked;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('records.edit');
  const restoreRecord = recordResource.useRestore();
  const hardDeleteRecord = recordResource.useHardDelete();
  const request = recordListRequest(search);
  const list = useQuery(recordQueries.list(request));
  const mode: ListMode = search.deleted === 1 ? 'trash' : 'list';

  const go = (next: RecordSearch, replace = false) =>
    void navigate({ to: RECORDS_PATH, search: next, replace });
  const change = (partial: Partial<RecordSearch>) => go(withRecordChange(search, partial));
  const hardDelete = (record: RecordListRow) =>
    confirmHardDelete({
      sentence: (title) => t('list.hardDeleteMessage', { title }),
      subject: { title: record.title, language: record.lang },
      onConfirm: () => hardDeleteRecord.mutate(record.id),
    });
  const fetchPage = async (page: number, perPage: number) => {
    const answer = await queryClient.fetchQuery(
      recordQueries.list({ ...request, page, per_page: perPage }),
    );
    return { ids: answer.data.map((row) => row.id), lastPage: answer.meta.last_page };
  };

  return (
    <EntityListPage
      title={mode === 'trash' ? t('list.trashTitle') : t('list.title')}
      create={canEdit ? { to: recordProfilePath(), label: t('list.new') } : null}
      mode={mode}
      modes={MODES}
      onMode={(value) => change({ deleted: value === 'trash' ? 1 : undefined })}
      // Search, person, language, owner, recording dates and order: all apply together.
      filters={
        <ListFilterBar
          id="kf-record-filters"
          values={search}
          onChange={change}
          search
          filters={[
            'participant',
            'language',
            <OwnerFilter
              key="owner"
              value={search.owner}
              onChange={(owner) => change({ owner })}
            />,
            'dates',
            'sort',
          ]}
          ownActive={search.owner === undefined ? 0 : 1}
          note={<ShowOnMapLink type="record" values={search} />}
        />
      }
      list={list}
      searching={request.query !== undefined}
      totalLabel={(count) => t('list.total', { count })}
      cappedLabel={(count) => t('list.totalCapped', { count })}
      empty={
        mode === 'trash'
          ? t('archive:list.empty.deleted')
          : request.query ||
              request.participant ||
              request.lang ||
              request.owner ||
              request.date_from ||
              request.date_to
            ? t('list.emptyFiltered')
            : t('list.empty')
      }
      onPage={(page, replace) =>
        replace
          ? go(withRecordChange(search, { page: page > 1 ? page : undefined }), true)
          : change({ page })
      }
    >
      {(answer) => (
        <EntityCollection
          scope={scopeOf(search)}
          mode={mode}
          rows={answer.data}
          total={answer.meta.total}
          busy={list.isFetching}
          bulk={RECORD_BULK}
          profilePath={recordProfilePath}
          fetchPage={fetchPage}
          Row={RecordCard}
          onRestore={(record) => restoreRecord.mutate(record.id)}
          onHardDelete={hardDelete}
        />
      )}
    </EntityListPage>
  );
}
