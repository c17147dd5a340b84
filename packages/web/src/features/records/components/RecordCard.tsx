import type { RecordListRow } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { PlainBadge } from '@/shared/content/PlainBadge';
import { SegmentHit } from '@/shared/content/SegmentHit';
import { EntityCard, RowPreview } from '@/shared/entity/EntityCard';
import type { EntityRowProps } from '@/shared/entity/EntityCollection';
import { RecordIcon } from '@/shared/ui';
import { recordProfilePath } from '@/shared/recordPaths';

/**
 * One record of the list: title, when and by whom, its tape number, people, snippet or preview.
 * Memoised: the list renders again on every change of its selection, its unchanged rows do not.
 */
export const RecordCard = memo(function RecordCard(props: EntityRowProps<RecordListRow>) {
  const record = props.row;
  const { t } = useTranslation(['records', 'archive']);
  const formatDate = useDateFormat();
  const tape = [record.number, record.face].filter(Boolean).join(' · ');
  const facts = [
    record.registration_date ? formatDate(record.registration_date) : t('fields.unknownDate'),
    record.owner ? t('card.keptBy', { owner: record.owner }) : '',
    record.location,
  ].filter(Boolean);

  return (
    <EntityCard
      of={props}
      kind="record"
      language={record.lang}
      to={recordProfilePath(record.id)}
      flags={
        <PlainBadge caps={false}>
          {t(`archive:languages.${record.lang}`, { defaultValue: record.lang })}
        </PlainBadge>
      }
    >
      <p className="kf-text-sm kf-dimmed">{facts.join(' · ')}</p>
      {tape || record.files_count > 0 ? (
        <div className="kf-badge-row">
          {tape ? <PlainBadge caps={false}>{t('card.tape', { tape })}</PlainBadge> : null}
          {record.files_count > 0 ? (
            <PlainBadge tone="primary" caps={false}>
              <RecordIcon size={12} /> {t('card.parts', { count: record.files_count })}
            </PlainBadge>
          ) : null}
        </div>
      ) : null}
      {record.segment && record.deleted_at === null ? (
        // The words are in a segment: this link opens the player at its start.
        <p className="kf-record-segment-hit">
          <Link
            to={recordProfilePath(record.id)}
            search={{ t: record.segment.start }}
            className="mantine-focus-auto"
          >
            <SegmentHit title={record.segment.title} start={record.segment.start} />
          </Link>
        </p>
      ) : null}
      <RowPreview snippet={record.snippet} preview={record.preview} language={record.lang} />
      {record.people.length > 0 ? (
        <p className="kf-text-sm">
          <span className="kf-dimmed">{t('card.people')}</span>{' '}
          {record.people.map((person) => person.name).join(', ')}
        </p>
      ) : null}
    </EntityCard>
  );
});
