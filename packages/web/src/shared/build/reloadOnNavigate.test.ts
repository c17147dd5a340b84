import { describe, expect, it, vi } from 'vitest';
import {
  reloadOnNextNavigation,
  type NavigationEvent,
  type NavigationSource,
} from './reloadOnNavigate';

function fakeRouter() {
  let listener: ((event: NavigationEvent) => void) | undefined;
  const router: NavigationSource = {
    subscribe: (_event, fn) => {
      listener = fn;
      return () => (listener = undefined);
    },
  };
  const navigate = (href: string, pathChanged = true) =>
    listener?.({ pathChanged, fromLocation: { href: '/posts' }, toLocation: { href } });
  return { router, navigate };
}

describe('reloadOnNextNavigation', () => {
  it('does nothing while no newer build is known', () => {
    const { router, navigate } = fakeRouter();
    const load = vi.fn();
    reloadOnNextNavigation(router, () => null, load, window.sessionStorage);
    navigate('/mails');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the target page in full on the next change of path, once per new build', () => {
    window.sessionStorage.clear();
    const { router, navigate } = fakeRouter();
    const load = vi.fn();
    let latest: string | null = null;
    reloadOnNextNavigation(router, () => latest, load, window.sessionStorage);
    navigate('/mails');
    latest = 'bbb';
    navigate('/mails?page=2', false);
    expect(load).not.toHaveBeenCalled();
    navigate('/media?page=2');
    expect(load).toHaveBeenCalledExactlyOnceWith('/media?page=2');
    // The page still runs the old build after reloading for bbb (a cached shell): no loop.
    navigate('/posts');
    expect(load).toHaveBeenCalledOnce();
  });

  it('ignores the first load and stops when unsubscribed', () => {
    window.sessionStorage.clear();
    let listener: ((event: NavigationEvent) => void) | undefined;
    const load = vi.fn();
    const stop = reloadOnNextNavigation(
      { subscribe: (_event, fn) => ((listener = fn), () => (listener = undefined)) },
      () => 'bbb',
      load,
      window.sessionStorage,
    );
    listener?.({ pathChanged: true, toLocation: { href: '/' } });
    expect(load).not.toHaveBeenCalled();
    stop();
    expect(listener).toBeUndefined();
  });
});
