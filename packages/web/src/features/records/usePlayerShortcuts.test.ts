import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartsPlayer } from './usePartsPlayer';
import { usePlayerShortcuts } from './usePlayerShortcuts';

function fakePlayer() {
  return { toggle: vi.fn(), skip: vi.fn() } as unknown as PartsPlayer & {
    toggle: ReturnType<typeof vi.fn>;
    skip: ReturnType<typeof vi.fn>;
  };
}

const press = (target: EventTarget, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));

describe('usePlayerShortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('plays or pauses with Space and skips 5 seconds with the arrows', () => {
    const player = fakePlayer();
    renderHook(() => usePlayerShortcuts(player, true));
    press(document.body, { key: ' ' });
    press(document.body, { key: 'ArrowLeft' });
    press(document.body, { key: 'ArrowRight' });
    expect(player.toggle).toHaveBeenCalledTimes(1);
    expect(player.skip.mock.calls).toEqual([[-5], [5]]);
  });

  it('leaves the keys to a field being typed in, except Alt+P', () => {
    const player = fakePlayer();
    renderHook(() => usePlayerShortcuts(player, true));
    const area = document.body.appendChild(document.createElement('textarea'));
    press(area, { key: ' ' });
    press(area, { key: 'ArrowLeft' });
    expect(player.toggle).not.toHaveBeenCalled();
    expect(player.skip).not.toHaveBeenCalled();
    press(area, { key: 'p', code: 'KeyP', altKey: true });
    expect(player.toggle).toHaveBeenCalledTimes(1);
  });

  it('lets a focused button keep Space, and does nothing when turned off', () => {
    const player = fakePlayer();
    const { rerender } = renderHook(({ on }) => usePlayerShortcuts(player, on), {
      initialProps: { on: true },
    });
    const button = document.body.appendChild(document.createElement('button'));
    press(button, { key: ' ' });
    expect(player.toggle).not.toHaveBeenCalled();
    rerender({ on: false });
    press(document.body, { key: 'ArrowRight' });
    expect(player.skip).not.toHaveBeenCalled();
  });
});
