import type { RecordSegment } from '@kinfolio/contract';
import { useEffect } from 'react';
import type { PartsPlayer } from '../usePartsPlayer';
import { isTyping } from '../usePlayerShortcuts';
import { segmentAt, stepSegment } from './segmentIndex';

/**
 * The index's keys on the record page, except while typing: `[` and `]` go to the previous and
 * next segment, Enter edits the segment heard (when `onEdit` is given: the person may edit).
 */
export function useSegmentShortcuts(
  segments: readonly RecordSegment[],
  player: PartsPlayer,
  onEdit: ((segment: RecordSegment) => void) | null,
  enabled: boolean,
): void {
  const { seek, currentTime } = player;
  useEffect(() => {
    if (!enabled || segments.length === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (event.key === '[' || event.key === ']') {
        event.preventDefault();
        const index = stepSegment(segments, currentTime(), event.key === '[' ? -1 : 1);
        const target = segments[index];
        if (target) seek(target.start);
        return;
      }
      // Enter on a button or a link is theirs.
      const onControl =
        event.target instanceof HTMLElement &&
        event.target.closest('button, a, [role="button"], [role="menuitem"]') !== null;
      if (event.key === 'Enter' && onEdit && !onControl) {
        const heard = segments[Math.max(0, segmentAt(segments, currentTime()))];
        if (heard) {
          event.preventDefault();
          onEdit(heard);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, segments, seek, currentTime, onEdit]);
}
