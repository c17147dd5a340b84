import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDrawnOnceOpened } from './drawnOnceOpened';

describe('useDrawnOnceOpened', () => {
  it('draws nothing until the first opening, then opens on the next render and stays drawn', () => {
    const seen: { drawn: boolean; open: boolean }[] = [];
    const { rerender, result } = renderHook(
      ({ opened }: { opened: boolean }) => {
        const state = useDrawnOnceOpened(opened);
        seen.push(state);
        return state;
      },
      { initialProps: { opened: false } },
    );
    expect(result.current).toEqual({ drawn: false, open: false });
    seen.length = 0;
    act(() => rerender({ opened: true }));
    // Drawn closed first (so the opening animates), then open.
    expect(seen[0]).toEqual({ drawn: true, open: false });
    expect(result.current).toEqual({ drawn: true, open: true });
    act(() => rerender({ opened: false }));
    // Kept drawn while closed, so the closing animates too.
    expect(result.current).toEqual({ drawn: true, open: false });
    act(() => rerender({ opened: true }));
    expect(result.current).toEqual({ drawn: true, open: true });
  });
});
