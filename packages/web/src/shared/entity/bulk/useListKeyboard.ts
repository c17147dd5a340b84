import { useEffect, useRef, useState } from 'react';

interface ListKeys {
  /** How many rows the page shows. */
  count: number;
  onOpen: (index: number) => void;
  onEdit?: (index: number) => void;
  onToggle?: (index: number) => void;
  /** The row element of an index, to move the focus to it. */
  rowElement: (index: number) => HTMLElement | null;
}

/** Keys typed into a field, or with a modifier, or under a dialog are not the list's. */
function ignored(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) {
    return true;
  }
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * List keys (see the shortcut list): j/↓ and k/↑ move the focus between rows, Enter opens the
 * row, e edits it, x selects it. Enter on a link or button inside a row keeps its own meaning.
 */
export function useListKeyboard({ count, onOpen, onEdit, onToggle, rowElement }: ListKeys) {
  const [active, setActive] = useState(-1);
  const latest = useRef({ count, onOpen, onEdit, onToggle, rowElement, active });
  latest.current = { count, onOpen, onEdit, onToggle, rowElement, active };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      const { count, onOpen, onEdit, onToggle, rowElement, active } = latest.current;
      if (count === 0) return;
      const move = (next: number) => {
        event.preventDefault();
        const index = Math.max(0, Math.min(count - 1, next));
        setActive(index);
        rowElement(index)?.focus();
      };
      const onRow = active >= 0 && active < count && event.target === rowElement(active);
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          move(active + 1);
          break;
        case 'k':
        case 'ArrowUp':
          move(active < 0 ? 0 : active - 1);
          break;
        case 'Enter':
          if (onRow) {
            event.preventDefault();
            onOpen(active);
          }
          break;
        case 'e':
          if (active >= 0 && onEdit) {
            event.preventDefault();
            onEdit(active);
          }
          break;
        case 'x':
          if (active >= 0 && onToggle) {
            event.preventDefault();
            onToggle(active);
          }
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A row focused by a click or Tab becomes the active one.
  return { active: active < count ? active : -1, setActive };
}
