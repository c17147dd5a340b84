import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNewerBuild, parseBuildInfo, type FetchLike } from './manifest';
import { BUILD_CHECK_INTERVAL_MS, FOCUS_CHECK_MIN_GAP_MS, watchBuilds } from './watcher';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** A fetch stub answering the manifest and latest.json from the given builds. */
function serve(running: { id: string; timestamp: number }, latest: () => unknown) {
  return vi.fn<FetchLike>(async (url) => {
    if (url.includes('/builds/meta/')) return json(running);
    if (url.includes('/builds/latest.json?')) return json(latest());
    return new Response('not found', { status: 404 });
  });
}

const RUNNING = { id: 'aaa', timestamp: 1000 };

describe('build descriptions', () => {
  it('parses { id, timestamp } only', () => {
    expect(parseBuildInfo({ id: 'x', timestamp: 1, other: true })).toEqual({
      id: 'x',
      timestamp: 1,
    });
    expect(parseBuildInfo({ id: '', timestamp: 1 })).toBeNull();
    expect(parseBuildInfo({ id: 'x' })).toBeNull();
    expect(parseBuildInfo('<!doctype html>')).toBeNull();
  });

  it('counts another id as newer, unless the running build is known to be later', () => {
    expect(isNewerBuild({ id: 'b', timestamp: 2 }, 'a')).toBe(true);
    expect(isNewerBuild({ id: 'a', timestamp: 2 }, 'a')).toBe(false);
    expect(isNewerBuild({ id: 'b', timestamp: 2 }, 'a', 1)).toBe(true);
    expect(isNewerBuild({ id: 'b', timestamp: 1 }, 'a', 2)).toBe(false);
  });
});

describe('watchBuilds', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the manifest about 1 s after idle, then polls latest.json with a timestamp query', async () => {
    let latest: unknown = RUNNING;
    const fetch = serve(RUNNING, () => latest);
    const onNewBuild = vi.fn();
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild, log: vi.fn() });

    await vi.advanceTimersByTimeAsync(900);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/builds/meta/aaa.json']);

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    const polled = fetch.mock.calls[1]?.[0];
    expect(polled).toBe(`/builds/latest.json?${5_000_000 + BUILD_CHECK_INTERVAL_MS}`);
    expect(onNewBuild).not.toHaveBeenCalled();

    latest = { id: 'bbb', timestamp: 2000 };
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith({ id: 'bbb', timestamp: 2000 });

    // Found once: polling stops.
    await vi.advanceTimersByTimeAsync(3 * BUILD_CHECK_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    watcher.stop();
  });

  it('ignores a build older than the running one', async () => {
    const fetch = serve(RUNNING, () => ({ id: 'old', timestamp: 500 }));
    const onNewBuild = vi.fn();
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild, log: vi.fn() });
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('checks when the window regains focus, at most once a minute', async () => {
    const fetch = serve(RUNNING, () => ({ id: 'bbb', timestamp: 2000 }));
    const onNewBuild = vi.fn();
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild, log: vi.fn() });
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(FOCUS_CHECK_MIN_GAP_MS);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).toHaveBeenCalledOnce();
    watcher.stop();
  });

  it('only logs a failed manifest or latest.json, and keeps polling', async () => {
    let fail = true;
    const fetch = vi.fn<FetchLike>(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return json({ id: 'bbb', timestamp: 2000 });
    });
    const log = vi.fn();
    const onNewBuild = vi.fn();
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild, log });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(log.mock.calls.map(([message]) => message)).toEqual([
      '[build] could not load the build manifest',
      '[build] could not read the latest build',
    ]);
    expect(onNewBuild).not.toHaveBeenCalled();

    fail = false;
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledOnce();
    watcher.stop();
  });

  it('treats an HTML answer (a missing file) as a failed load', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('<!doctype html>', { status: 200 }));
    const log = vi.fn();
    const onNewBuild = vi.fn();
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild, log });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(log).toHaveBeenCalledTimes(2);
    expect(onNewBuild).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('stops every timer and listener', async () => {
    const fetch = serve(RUNNING, () => RUNNING);
    const watcher = watchBuilds({ buildId: 'aaa', fetch, onNewBuild: vi.fn(), log: vi.fn() });
    watcher.stop();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
    expect(fetch).not.toHaveBeenCalled();
  });
});
