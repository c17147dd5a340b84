import type { TransitionName } from '@/shared/stores/ui';

/**
 * Moving to a higher route number slides right, to a lower one slides left; anything
 * else (a route without number on either side, or the same number) is a plain page transition.
 */
export function transitionFor(from: number | undefined, to: number | undefined): TransitionName {
  if (from === undefined || to === undefined || from === to) return 'page';
  return to > from ? 'slide-right' : 'slide-left';
}
