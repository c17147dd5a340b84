import '../records.css';
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RecordEntity, RecordRevision } from '@kinfolio/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import {
  HistoryHead,
  RevisionCardTop,
  RevisionChange,
  RevisionChangeList,
  RevisionTextDiff,
} from '@/shared/content/RevisionParts';
import { ListPager } from '@/shared/content/ListPager';
import { condense } from '@/shared/content/textDiff';
import { useCan } from '@/shared/organisation/hooks';
import { QueryState } from '@/shared/ui';
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
      <HistoryHead
        subject={
          record
            ? { title: record.title, language: record.lang, profilePath: recordProfilePath(id) }
            : undefined
        }
        total={meta?.total}
      />
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

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <RevisionCardTop
          titleId={titleId}
          revision={revision}
          diff={diff}
          canRestore={canEdit && !record.deleted_at}
          onRestore={() => restoreVersion.mutate({ id: record.id, data: revision.data })}
        />
        {DIFF_TEXTS.map((field) => {
          const parts = diff.texts[field];
          if (!parts) return null;
          return (
            <RevisionTextDiff
              key={field}
              label={t(`fields.${field}`)}
              parts={field === 'title' ? parts : condense(parts)}
              lang={record.lang}
            />
          );
        })}
        {diff.fields.length > 0 ? (
          <RevisionChangeList>
            {diff.fields.map((field) => (
              <RevisionChange
                key={field}
                label={t(`fields.${field}`)}
                before={shown(field, 'old')}
                after={shown(field, 'new')}
              />
            ))}
          </RevisionChangeList>
        ) : null}
      </Stack>
    </Paper>
  );
}
