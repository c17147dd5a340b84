import { useEffect } from 'react';
import type { PartsPlayer } from './usePartsPlayer';

/** What ← and → skip, in seconds. */
export const SKIP_SECONDS = 5;

/** Where typing happens: the keys stay the text's (a space is a space). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="listbox"], [role="combobox"], [role="dialog"]') !== null
  );
}

/**
 * The player's keys on the record page: Space plays or pauses, ← and → skip 5 seconds, except
 * while typing; Alt+P plays or pauses even then (transcribing). A focused button keeps Space.
 */
export function usePlayerShortcuts(player: PartsPlayer, enabled: boolean): void {
  const { toggle, skip } = player;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      if (event.altKey) {
        if (event.code === 'KeyP' && !event.shiftKey) {
          event.preventDefault();
          toggle();
        }
        return;
      }
      if (isTyping(event.target)) return;
      const onButton =
        event.target instanceof HTMLElement &&
        event.target.closest('button, a, [role="button"]') !== null;
      if (event.key === ' ' && !onButton) {
        event.preventDefault();
        toggle();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        skip(event.key === 'ArrowLeft' ? -SKIP_SECONDS : SKIP_SECONDS);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, toggle, skip]);
}
