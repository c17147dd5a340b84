import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { renderRoutes, type TestRoute } from '@/shared/test/renderRoutes';
import { RouteError } from './RouteError';
import { NotFoundView, RouteErrorView } from './RouteErrorView';
import { lazyPage } from '../routing/lazyPage';
import {
  ChunkLoadError,
  isChunkLoadError,
  OfflineChunkError,
  pageLoadError,
  reloadWithGuard,
} from './reloadGuard';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/Page-abc.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/Page-abc.css',
    'Loading chunk 42 failed.',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('whatever');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('ignores other errors and non-errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

/** The browser's word on the network, for one test. */
function goOffline() {
  const spy = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  onTestFinished(() => spy.mockRestore());
}

describe('pageLoadError', () => {
  const chunkError = new Error('Failed to fetch dynamically imported module: /assets/Page.js');
  /** What a failed import rejected with becomes. */
  const thrownFor = (error: unknown): Error => {
    try {
      return pageLoadError(error);
    } catch (thrown) {
      return thrown as Error;
    }
  };

  it('turns a chunk error online into a ChunkLoadError, which TanStack does not reload for', () => {
    const thrown = thrownFor(chunkError);
    expect(thrown).toBeInstanceOf(ChunkLoadError);
    expect(thrown.cause).toBe(chunkError);
    // Still a chunk error to the route's error screen, which reloads once.
    expect(isChunkLoadError(thrown)).toBe(true);
    expect(thrown.message).not.toMatch(/dynamically imported module/);
  });

  it('turns a chunk error into an OfflineChunkError offline, keeping the cause', () => {
    goOffline();
    const thrown = thrownFor(chunkError);
    expect(thrown).toBeInstanceOf(OfflineChunkError);
    expect(thrown.cause).toBe(chunkError);
    // Not taken for a chunk error: neither TanStack nor the error screen reloads for it.
    expect(isChunkLoadError(thrown)).toBe(false);
  });

  it('leaves other errors alone, offline too', () => {
    expect(() => pageLoadError(new TypeError('y'))).toThrow(TypeError);
    goOffline();
    const other = new TypeError('x is undefined');
    expect(() => pageLoadError(other)).toThrow(other);
  });
});

describe('reloadWithGuard (reload once, path kept 10 s)', () => {
  const reload = vi.fn();
  const t0 = 1_700_000_000_000;

  beforeEach(() => {
    window.sessionStorage.clear();
    reload.mockClear();
  });

  const attempt = (path: string, now: number) =>
    reloadWithGuard(path, window.sessionStorage, reload, now);

  it('reloads the first time and stores the reloaded path', () => {
    expect(attempt('/posts', t0)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    const stored = Object.keys(window.sessionStorage).map((key) => [
      key,
      window.sessionStorage.getItem(key),
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.[0]).toContain('/posts');
  });

  it('does not reload the same path again within 10 s', () => {
    attempt('/posts', t0);
    expect(attempt('/posts', t0 + 1)).toBe(false);
    expect(attempt('/posts', t0 + 9_999)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads again once the 10 s have passed', () => {
    attempt('/posts', t0);
    expect(attempt('/posts', t0 + 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // The new reload restarts the 10 s window.
    expect(attempt('/posts', t0 + 15_000)).toBe(false);
  });

  it('guards each path on its own', () => {
    attempt('/posts', t0);
    expect(attempt('/mails', t0 + 1_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('still reloads when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(reloadWithGuard('/posts', broken, reload, t0)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never reloads offline (the browser would show its offline page), nor stores the path', () => {
    goOffline();
    expect(attempt('/posts', t0)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage).toHaveLength(0);
  });

  it('defaults to window.sessionStorage and the current time', () => {
    expect(reloadWithGuard('/default', undefined, reload)).toBe(true);
    expect(reloadWithGuard('/default', undefined, reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('error screen of a route', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  beforeEach(() => {
    window.sessionStorage.clear();
    // The router logs the errors these pages throw on purpose.
    const quiet = [
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    ];
    onTestFinished(() => quiet.forEach((spy) => spy.mockRestore()));
  });

  function renderFailing(path: string, error: Error) {
    return renderBroken(path, {
      loader: () => {
        throw error;
      },
      component: () => null,
    }).then(({ router }) => router);
  }

  /** `/broken` (the page given) beside a home page, under the app's error views. */
  function renderBroken(path: string, page: TestRoute) {
    return renderRoutes({ '/': () => <p>home page</p>, '/broken': page }, path, {
      errorComponent: RouteErrorView,
      notFoundComponent: NotFoundView,
    });
  }

  it('reloads once for a page whose code is gone, not again when it is still gone', async () => {
    const reload = vi.fn();
    const location = vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
    });
    onTestFinished(() => location.mockRestore());
    const gone = () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/Page-1.js'));
    const first = await renderBroken('/broken', { component: lazyPage(gone) });
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    first.unmount();
    // The page as the reload opens it again, its code still missing: the notice, no reload.
    await renderBroken('/broken', { component: lazyPage(gone) });
    expect(await screen.findByText('The application was updated')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers a manual reload when the guard already reloaded this path', async () => {
    reloadWithGuard('/broken', window.sessionStorage, () => undefined);
    await renderFailing('/broken', new Error('Failed to fetch dynamically imported module: /x.js'));
    expect(await screen.findByText('The application was updated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says a page not loaded before going offline opens once back online, and reloads then', async () => {
    const reload = vi.fn();
    const location = vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
    });
    onTestFinished(() => location.mockRestore());
    await renderFailing('/broken', new OfflineChunkError(new Error('Failed to fetch')));
    expect(await screen.findByRole('heading', { name: 'Not available offline' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('takes a raw chunk error met offline for a page not loaded, not for an update', async () => {
    goOffline();
    await renderFailing('/broken', new Error('Failed to fetch dynamically imported module: /x.js'));
    expect(await screen.findByRole('heading', { name: 'Not available offline' })).toBeVisible();
    expect(screen.queryByText('The application was updated')).toBeNull();
  });

  it('shows the 500 wording', async () => {
    await renderFailing('/broken', new RouteError(500));
    expect(await screen.findByText('Oh, oh, server error')).toBeInTheDocument();
    expect(
      screen.getByText('This is a problem on our end. Contact customer service.'),
    ).toBeInTheDocument();
  });

  it('shows the code, a request-error label and the message for other statuses', async () => {
    await renderFailing('/broken', new RouteError(403, 'No entry'));
    expect(await screen.findByText('Request error')).toBeInTheDocument();
    expect(screen.getByText('No entry')).toBeInTheDocument();
    expect(screen.getByLabelText('Error 403')).toBeInTheDocument();
  });

  it('goes home with its button', async () => {
    const router = await renderFailing('/broken', new RouteError(418, 'Teapot'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go home' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows 404 and the path for an unmatched address', async () => {
    await renderFailing('/no/such/page', new Error('unused'));
    expect(await screen.findByText('Oh, no page does not exist!')).toBeInTheDocument();
    expect(screen.getByText('Page not found: /no/such/page')).toBeInTheDocument();
  });
});
