import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@kinfolio/contract';

/** Whether the device can be touched (such a device counts as mobile). */
export function isTouchDevice(
  win: Pick<Window, 'matchMedia' | 'navigator'> | undefined = globalThis.window,
): boolean {
  if (!win) return false;
  return (
    (typeof win.matchMedia === 'function' && win.matchMedia('(pointer: coarse)').matches) ||
    (win.navigator?.maxTouchPoints ?? 0) > 0
  );
}

/**
 * Whether the media query matches, read during the first render: Mantine's default reads it in an
 * effect after mounting, and the second render it then causes redraws the whole layout on a phone.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

/** A screen under 768 px wide (LIMITS.smallScreenPx). */
export function useSmallScreen(): boolean {
  return useMedia(`(max-width: ${LIMITS.smallScreenPx - 0.02}px)`);
}

/**
 * The mobile flag: a small screen (under 768 px) or a touch-capable device, which gets the mobile
 * layout (navigation in a drawer behind the burger) whatever its width.
 */
export function useIsMobile(): boolean {
  const small = useSmallScreen();
  const coarse = useMedia('(pointer: coarse)');
  return small || coarse || isTouchDevice();
}
