import type {
  RecordEntity,
  RecordRevision,
  RecordRevisionData,
  RecordSegment,
} from '@kinfolio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useDateFormat } from '@/shared/content/dates';
import { clock } from '@/shared/content/timeCodes';
import type { EntityDefinition, FieldWords } from '@/shared/entity/definition';
import { useTranslation } from '@/shared/i18n/react';
import { recordResource } from './api';
import { RECORDS_PATH, recordHistoryPath, recordProfilePath } from '@/shared/recordPaths';
import { recordDiff } from './recordDiff';
import { placeValueOf, placeWords } from '@/shared/places/placeValue';
import { useCoordinatesFormat } from '@/shared/places/useCoordinatesFormat';
import { segmentKeys } from './segments/api';

/** An index in a line per segment: its time and title. */
const indexLines = (segments: readonly { start: number; title: string }[], none: string) =>
  segments.map((s) => `${clock(s.start)} ${s.title}`.trim()).join(' · ') || none;

/** A record's field names and values in its history. */
function useRecordFieldWords(): FieldWords<RecordEntity, RecordRevision> {
  const { t } = useTranslation(['records', 'archive']);
  const formatDate = useDateFormat();
  const formatPosition = useCoordinatesFormat();
  const none = t('archive:item.none');
  const queryClient = useQueryClient();
  return {
    label: (field) => t(`fields.${field}`),
    value: (field, side, revision, record) => {
      const old = side === 'old';
      switch (field) {
        case 'segments': {
          const now = queryClient.getQueryData<RecordSegment[]>(segmentKeys.list(record.id));
          return indexLines((old ? revision.data.segments : now) ?? [], none);
        }
        case 'people':
          return (
            (old ? revision.names.people : record.people).map((p) => p.name).join(', ') || none
          );
        case 'registration_date': {
          const value = old ? revision.data.registration_date : record.registration_date;
          return value ? formatDate(value) : t('fields.unknownDate');
        }
        case 'place':
          return placeWords(
            old ? revision.data.place : placeValueOf(record.place),
            formatPosition,
            none,
          );
        case 'lang': {
          const value = old ? revision.data.lang : record.lang;
          return t(`archive:languages.${value}`, { defaultValue: value });
        }
        default: {
          const key = field as 'number' | 'face' | 'owner' | 'location';
          return (old ? revision.data[key] : record[key]) || none;
        }
      }
    },
  };
}

/** Records as the generic profile, form and history screens see them. */
export const RECORD_DEFINITION: EntityDefinition<RecordEntity, RecordRevisionData, RecordRevision> =
  {
    namespace: 'records',
    keys: { list: 'list.title', noPermission: 'profile.noPermission' },
    editPermission: 'records.edit',
    shareType: 'records',
    listPath: RECORDS_PATH,
    profilePath: recordProfilePath,
    historyPath: recordHistoryPath,
    language: (record) => record.lang,
    resource: recordResource,
    diff: recordDiff,
    useFieldWords: useRecordFieldWords,
  };
