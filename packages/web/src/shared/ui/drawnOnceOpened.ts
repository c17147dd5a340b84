import { useEffect, useState } from 'react';

/**
 * For a dialog or drawer that stays closed on most visits: whether to draw it at all, and whether
 * to show it open. A closed Mantine Modal still renders its portal, overlay, transitions and focus
 * trap (some 40 components, three of them on a list page) and re-renders them once mounted; here it
 * is drawn from its first opening on. That first time it is drawn closed, then opened on the next
 * render, so it animates in as it does afterwards.
 */
export function useDrawnOnceOpened(opened: boolean): { drawn: boolean; open: boolean } {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (opened) setDrawn(true);
  }, [opened]);
  return { drawn: drawn || opened, open: drawn && opened };
}
