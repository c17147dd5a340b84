import { describe, expect, it } from 'vitest';
import { isTouchDevice } from './device';

const device = (coarse: boolean, touchPoints: number) =>
  ({
    matchMedia: (query: string) => ({ matches: coarse && query === '(pointer: coarse)' }),
    navigator: { maxTouchPoints: touchPoints },
  }) as unknown as Window;

describe('the mobile flag', () => {
  it('flags a touch-capable device, whatever its pointer', () => {
    expect(isTouchDevice(device(true, 5))).toBe(true);
    expect(isTouchDevice(device(false, 10))).toBe(true);
    expect(isTouchDevice(device(true, 0))).toBe(true);
  });
  it('leaves a mouse-only device alone', () => {
    expect(isTouchDevice(device(false, 0))).toBe(false);
    expect(isTouchDevice(undefined)).toBe(false);
  });
});
