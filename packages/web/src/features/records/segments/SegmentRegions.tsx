import type { RecordSegment } from '@kinfolio/contract';
import type { PartsPlayer } from '../usePartsPlayer';
import { regionOf, segmentAt } from './segmentIndex';
import { playFrom } from './SegmentIndex';

/**
 * The segments drawn as regions over the waveform, and under it a band where a tap on a
 * segment plays from its start. The band repeats the index for the pointer only (the index's
 * buttons and the `[`/`]` keys serve the keyboard and screen readers), so it is hidden from them.
 */
export function SegmentRegions({
  segments,
  player,
}: {
  segments: readonly RecordSegment[];
  player: PartsPlayer;
}) {
  const total = player.line.total;
  if (segments.length === 0 || total <= 0) return null;
  const heard = segmentAt(segments, player.time);
  return (
    <>
      <div className="kf-regions" aria-hidden="true">
        {segments.map((segment, index) => {
          const { left, width } = regionOf(segments, index, total);
          return (
            <span
              key={segment.id}
              className="kf-region"
              data-odd={index % 2 === 1 || undefined}
              data-heard={index === heard || undefined}
              style={{ left: `${left}%`, width: `${width}%` }}
            />
          );
        })}
      </div>
      <div className="kf-region-band" aria-hidden="true" data-testid="segment-band">
        {segments.map((segment, index) => {
          const { left, width } = regionOf(segments, index, total);
          return (
            <span
              key={segment.id}
              className="kf-region-tab"
              data-odd={index % 2 === 1 || undefined}
              data-heard={index === heard || undefined}
              style={{ left: `${left}%`, width: `${width}%` }}
              title={segment.title || segment.time_code}
              onClick={() => playFrom(player, segment.start)}
            >
              {segment.title}
            </span>
          );
        })}
      </div>
    </>
  );
}
