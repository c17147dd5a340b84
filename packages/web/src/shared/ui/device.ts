import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@kinfolio/contract';

/** Whether the device can be touched (spec §4: such a device is flagged as mobile). */
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
 * The mobile flag: a small screen (under 768 px) or a touch-capable device, which gets the mobile
 * layout (navigation in a drawer behind the burger) whatever its width.
 */
export function useIsMobile(): boolean {
  const small = useMediaQuery(`(max-width: ${LIMITS.smallScreenPx - 0.02}px)`, false);
  const coarse = useMediaQuery('(pointer: coarse)', false);
  return small || coarse || isTouchDevice();
}
