import { useEffect, useRef, type TouchEvent } from 'react';
import { typing } from './typing';

/** A horizontal swipe longer than this steps to the next or previous picture. */
const SWIPE_PX = 40;

/**
 * Stepping through a lightbox's pictures, the archive's and a share page's alike: ← and → while
 * it is open, a swipe on its stage (spread `swipe` onto it), or `step` from its buttons; the
 * last picture steps round to the first.
 */
export function useLightboxSteps(
  count: number,
  index: number | null,
  onIndex: (index: number) => void,
) {
  const touchX = useRef<number | null>(null);
  const step = (delta: number) => {
    if (index === null || count < 2) return;
    onIndex((index + delta + count) % count);
  };
  // The key listener lives while the box is open; it always steps from the current picture.
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });
  const open = index !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // The arrows of a field inside the box (who is this?) move in its text or suggestions.
      if (typing(event.target)) return;
      if (event.key === 'ArrowRight') stepRef.current(1);
      else if (event.key === 'ArrowLeft') stepRef.current(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const swipe = {
    onTouchStart: (event: TouchEvent) => {
      touchX.current = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchX.current;
      const end = event.changedTouches[0]?.clientX;
      touchX.current = null;
      if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
      step(end < start ? 1 : -1);
    },
  };
  return { step, swipe };
}
