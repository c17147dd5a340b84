import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './LoadingBar';
import { estimatedProgress, loadingBar, loadingBarStore } from './loadingBar';

const state = () => loadingBarStore.getState();

describe('page loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    loadingBar.reset();
  });

  afterEach(() => {
    loadingBar.reset();
    vi.useRealTimers();
  });

  it('appears only after the 200 ms throttle', () => {
    loadingBar.start();
    vi.advanceTimersByTime(199);
    expect(state().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(state().visible).toBe(true);
  });

  it('never appears for work shorter than the throttle', () => {
    loadingBar.start();
    vi.advanceTimersByTime(150);
    loadingBar.finish();
    vi.advanceTimersByTime(5_000);
    expect(state()).toEqual({ visible: false, progress: 0, error: false });
  });

  it('estimates progress over 2000 ms: rising, about 70 % at 2 s, never complete', () => {
    loadingBar.start();
    vi.advanceTimersByTime(500);
    const early = state().progress;
    vi.advanceTimersByTime(1_500);
    const atDuration = state().progress;
    // (2/π)·100·atan(2): the estimate reaches ~70.5 % when the elapsed time equals the duration.
    expect(atDuration).toBeCloseTo(70.48, 1);
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(atDuration);
    vi.advanceTimersByTime(600_000);
    expect(state().progress).toBeLessThan(100);
    expect(state().progress).toBeGreaterThan(95);
  });

  it('fills, hides 500 ms after finishing, and resets 400 ms later', () => {
    loadingBar.start();
    vi.advanceTimersByTime(1_000);
    loadingBar.finish();
    expect(state()).toMatchObject({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(state().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state()).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(state().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(state()).toEqual({ visible: false, progress: 0, error: false });
  });

  it('turns to the error colour on failure until it resets', () => {
    loadingBar.start();
    vi.advanceTimersByTime(300);
    loadingBar.fail();
    expect(state()).toMatchObject({ visible: true, error: true, progress: 100 });
    vi.advanceTimersByTime(500);
    expect(state()).toMatchObject({ visible: false, error: true });
    vi.advanceTimersByTime(400);
    expect(state().error).toBe(false);
  });

  it('stays up until every overlapping piece of work has finished', () => {
    loadingBar.start();
    loadingBar.start();
    vi.advanceTimersByTime(300);
    loadingBar.finish();
    vi.advanceTimersByTime(2_000);
    expect(state().visible).toBe(true);
    expect(state().progress).toBeLessThan(100);
    loadingBar.finish();
    expect(state().progress).toBe(100);
    vi.advanceTimersByTime(500);
    expect(state().visible).toBe(false);
  });

  it('keeps showing, without the error colour, when new work starts while it hides', () => {
    loadingBar.start();
    vi.advanceTimersByTime(300);
    loadingBar.fail();
    vi.advanceTimersByTime(200);
    loadingBar.start();
    vi.advanceTimersByTime(1_000);
    expect(state()).toMatchObject({ visible: true, error: false });
  });

  it('never jumps back from 100 % when new work starts while it is full', () => {
    loadingBar.start();
    vi.advanceTimersByTime(300);
    loadingBar.finish();
    expect(state().progress).toBe(100);
    vi.advanceTimersByTime(200);
    loadingBar.start();
    const seen: number[] = [];
    for (let step = 0; step < 30; step++) {
      vi.advanceTimersByTime(100);
      seen.push(state().progress);
    }
    expect(Math.min(...seen)).toBe(100);
    expect(state().visible).toBe(true);
    // Once that work is done too, it hides as usual.
    loadingBar.finish();
    vi.advanceTimersByTime(500);
    expect(state().visible).toBe(false);
    vi.advanceTimersByTime(400);
    expect(state().progress).toBe(0);
  });

  it('ignores a finish without a start', () => {
    loadingBar.finish();
    loadingBar.start();
    vi.advanceTimersByTime(300);
    expect(state().visible).toBe(true);
  });
});

describe('estimatedProgress', () => {
  it('follows (2/π)·100·atan(elapsed/duration·2)', () => {
    expect(estimatedProgress(2_000, 0)).toBe(0);
    expect(estimatedProgress(2_000, 1_000)).toBeCloseTo(50, 5);
    expect(estimatedProgress(2_000, 2_000)).toBeCloseTo(70.48, 2);
    expect(estimatedProgress(1_000, 1_000)).toBeCloseTo(estimatedProgress(2_000, 2_000), 10);
  });
});

describe('LoadingBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    loadingBar.reset();
  });

  afterEach(() => {
    act(() => {
      loadingBar.reset();
    });
    vi.useRealTimers();
  });

  it('is a hidden-from-assistive-technology 3 px bar that follows the store', () => {
    const { container } = render(<LoadingBar />);
    const bar = container.querySelector('.kf-loading-bar') as HTMLElement;
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar.style.height).toBe('3px');
    expect(bar).not.toHaveAttribute('data-visible');

    act(() => {
      loadingBar.start();
      vi.advanceTimersByTime(1_000);
    });
    expect(bar).toHaveAttribute('data-visible');
    expect(bar).not.toHaveAttribute('data-error');
    const scale = Number(/scaleX\(([\d.]+)\)/.exec(bar.style.transform)?.[1]);
    expect(scale).toBeGreaterThan(0.3);
    expect(scale).toBeLessThan(1);

    act(() => {
      loadingBar.fail();
    });
    expect(bar).toHaveAttribute('data-error');
    expect(bar.style.transform).toBe('scaleX(1)');
  });
});
