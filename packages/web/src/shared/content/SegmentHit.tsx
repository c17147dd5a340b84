import { useTranslation } from '@/shared/i18n/react';
import { shortClock } from './timeCodes';

/** Where a search found a record: "in the segment 'La traversée en bateau' at 12:04". */
export function SegmentHit({ title, start }: { title: string; start: number }) {
  const { t } = useTranslation('archive');
  return (
    <span className="kf-text-sm kf-segment-hit">
      {title
        ? t('quickSearch.inSegment', { title, time: shortClock(start) })
        : t('quickSearch.atMoment', { time: shortClock(start) })}
    </span>
  );
}
