import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
  Outlet,
  RouterProvider,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { queryClient } from '@/shared/query/queryClient';
import { sessionKeys, useSessionStore } from '@/shared/session';
import { SESSION_RETRY_DELAYS_MS, verifySession } from '@/shared/session/session';
import { stubFetch } from '@/shared/test/fetchStub';
import { testUser } from '@/shared/test/user';
import { RouteError } from '../errors/RouteError';
import { decideGuard, guard, LOGGED_IN_HOME, runValidate, type GuardKind } from './guards';

const makeUser = (permissions: string[]) => testUser(permissions);

function logIn(permissions: string[]) {
  useSessionStore.setState({ isLoggedIn: true, user: makeUser(permissions), status: 'ready' });
}

/** Runs a guard and reports what it did: allowed, redirected somewhere, or an error status. */
async function outcome(kind: GuardKind): Promise<string> {
  try {
    await guard(kind)();
    return 'allow';
  } catch (error) {
    if (isRedirect(error)) return `redirect ${String(error.options.to)}`;
    if (error instanceof RouteError) return `error ${error.statusCode}`;
    throw error;
  }
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  useSessionStore.setState({ isLoggedIn: false, user: null, status: 'ready' });
});

describe('guards: admin, auth and guest groups', () => {
  it('auth: redirects a logged-out visitor to /, lets a user in', async () => {
    expect(await outcome('auth')).toBe('redirect /');
    logIn([]);
    expect(await outcome('auth')).toBe('allow');
  });

  it('guest: sends a logged-in user to the archive, lets a visitor in', async () => {
    expect(await outcome('guest')).toBe('allow');
    logIn([]);
    expect(LOGGED_IN_HOME).toBe('/posts');
    expect(await outcome('guest')).toBe('redirect /posts');
  });

  it('admin: 403 for a user without the admin permission, / when logged out', async () => {
    expect(await outcome('admin')).toBe('redirect /');
    logIn(['content.edit']);
    expect(await outcome('admin')).toBe('error 403');
    logIn(['admin']);
    expect(await outcome('admin')).toBe('allow');
  });

  it('none: lets everyone in', async () => {
    expect(await outcome('none')).toBe('allow');
    logIn([]);
    expect(await outcome('none')).toBe('allow');
  });

  it('treats a logged-in flag without a user (verification failed) as logged out', () => {
    expect(decideGuard('auth', { isLoggedIn: false, isAdmin: true })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideGuard('admin', { isLoggedIn: true, isAdmin: false })).toEqual({
      type: 'forbidden',
    });
  });
});

describe('a session check the server fails to answer', () => {
  const checks = (server: ReturnType<typeof stubFetch>) =>
    server.apiCalls().filter((call) => call.url === '/api/logged-in-user').length;
  const retryDelays = [...SESSION_RETRY_DELAYS_MS];
  beforeAll(() => {
    SESSION_RETRY_DELAYS_MS.fill(0);
    return () => {
      SESSION_RETRY_DELAYS_MS.splice(0, retryDelays.length, ...retryDelays);
    };
  });
  beforeEach(() => {
    useSessionStore.setState({ isLoggedIn: true, user: null, status: 'idle', checkFailure: null });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
  });

  it('tries again after a 500 and keeps the user logged in', async () => {
    const server = stubFetch();
    server.reply({ status: 500, body: { message: 'Server error.' } }, { body: makeUser([]) });
    expect(await outcome('auth')).toBe('allow');
    expect(checks(server)).toBe(2);
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, checkFailure: null });
  });

  it('shows the 500 error screen when the server keeps failing, without logging out', async () => {
    const server = stubFetch();
    const failing = { status: 500, body: { message: 'Server error.' } };
    server.reply(failing, failing, failing);
    expect(await outcome('auth')).toBe('error 500');
    expect(checks(server)).toBe(1 + SESSION_RETRY_DELAYS_MS.length);
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, checkFailure: 500 });
    // Neither the login form: a guest page is the same error.
    server.reply(failing, failing, failing);
    expect(await outcome('guest')).toBe('error 500');
    // Once the server answers again, the session is back.
    server.reply({ body: makeUser([]) });
    expect(await outcome('auth')).toBe('allow');
  });

  it('shows the error screen right after a failed start-up check, without checking again', async () => {
    const server = stubFetch();
    const failing = { status: 500, body: { message: 'Server error.' } };
    server.reply(failing, failing, failing);
    // The start-up check, then the first page's guard.
    expect(await verifySession()).toBeNull();
    expect(checks(server)).toBe(1 + SESSION_RETRY_DELAYS_MS.length);
    expect(await outcome('auth')).toBe('error 500');
    expect(checks(server)).toBe(1 + SESSION_RETRY_DELAYS_MS.length);
    // The next navigation checks anew.
    server.reply({ body: makeUser([]) });
    expect(await outcome('auth')).toBe('allow');
    expect(checks(server)).toBe(2 + SESSION_RETRY_DELAYS_MS.length);
  });

  it('offline, keeps the last user the server confirmed (a network failure is no answer)', async () => {
    const known = makeUser([]);
    queryClient.setQueryData(sessionKeys.currentUser, known);
    onTestFinished(() => queryClient.clear());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const server = stubFetch();
    server.reply({ networkError: 'Failed to fetch' });
    expect(await outcome('auth')).toBe('allow');
    // No retry while the browser knows it is offline.
    expect(checks(server)).toBe(1);
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, user: known });
  });

  it('without a last known user, a network failure leaves the visitor logged out', async () => {
    const server = stubFetch();
    const lost = { networkError: 'Failed to fetch' };
    server.reply(lost, lost, lost);
    expect(await outcome('auth')).toBe('redirect /');
  });

  it('takes a 401 as the answer at once: logged out, no retry', async () => {
    const server = stubFetch();
    server.reply({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(await outcome('auth')).toBe('redirect /');
    expect(checks(server)).toBe(1);
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });
});

describe('guards in a router', () => {
  function renderGuarded(initialPath: string) {
    const rootRoute = createRootRoute({
      component: Outlet,
      errorComponent: ({ error }: ErrorComponentProps) => (
        <p>
          error {(error as RouteError).statusCode} {(error as RouteError).message}
        </p>
      ),
    });
    const route = (path: string, kind: GuardKind) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path,
        beforeLoad: guard(kind),
        component: () => <p>page {path}</p>,
      });
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        route('/', 'guest'),
        route('/posts', 'auth'),
        route('/user/userprofile', 'auth'),
        route('/admin/tabAdminUsers/userList', 'admin'),
      ]),
      history: createMemoryHistory({ initialEntries: [initialPath] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('lands a logged-out visitor of a protected page on /', async () => {
    const router = renderGuarded('/user/userprofile');
    expect(await screen.findByText('page /')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('carries the page asked for to the login, and remembers it for the ways in that leave it', async () => {
    onTestFinished(() => window.localStorage.clear());
    const router = renderGuarded('/user/userprofile?tab=pictures#top');
    expect(await screen.findByText('page /')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.searchStr).get('redirect')).toBe(
      '/user/userprofile?tab=pictures#top',
    );
    // Back from a provider's login: `/` again, now logged in, goes to the page asked for.
    logIn([]);
    await act(async () => {
      await router.navigate({ href: '/?social_login=1' });
    });
    expect(await screen.findByText('page /user/userprofile')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/user/userprofile?tab=pictures#top');
  });

  it('sends a logged-in user past the login to its redirect, never to another site', async () => {
    logIn([]);
    const router = renderGuarded('/?redirect=%2Fuser%2Fuserprofile');
    expect(await screen.findByText('page /user/userprofile')).toBeInTheDocument();
    await act(async () => {
      await router.navigate({ href: '/?redirect=%2F%2Fevil.com' });
    });
    expect(await screen.findByText('page /posts')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/posts');
  });

  it('lands a logged-in user of a guest page on the archive', async () => {
    logIn([]);
    const router = renderGuarded('/');
    expect(await screen.findByText('page /posts')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/posts');
  });

  it('shows the 403 error to a non-admin on an admin page', async () => {
    // The router logs the thrown route error; it is the expected outcome here.
    const quiet = [
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    ];
    onTestFinished(() => quiet.forEach((spy) => spy.mockRestore()));
    logIn([]);
    renderGuarded('/admin/tabAdminUsers/userList');
    expect(
      await screen.findByText('error 403 You do not have permission to access this page.'),
    ).toBeInTheDocument();
  });

  it('lets an admin through', async () => {
    logIn(['admin']);
    const router = renderGuarded('/admin/tabAdminUsers/userList');
    expect(await screen.findByText('page /admin/tabAdminUsers/userList')).toBeInTheDocument();
    await act(async () => {
      await router.navigate({ to: '/' });
    });
    expect(await screen.findByText('page /posts')).toBeInTheDocument();
  });
});

describe('runValidate', () => {
  const statusOf = (fn: () => void) => {
    try {
      fn();
      return 'ok';
    } catch (error) {
      return `${(error as RouteError).statusCode} ${(error as RouteError).message}`;
    }
  };

  it('passes on true only', () => {
    expect(statusOf(() => runValidate(() => true, {}))).toBe('ok');
  });

  it('fails with 404 by default, or the given status and message', () => {
    expect(statusOf(() => runValidate(() => false, {}))).toBe('404 ');
    expect(statusOf(() => runValidate(() => ({}), {}))).toBe('404 ');
    expect(statusOf(() => runValidate(() => ({ statusCode: 422, message: 'Bad id' }), {}))).toBe(
      '422 Bad id',
    );
    expect(
      statusOf(() => runValidate((p: { id: string }) => /^\d+$/.test(p.id), { id: 'abc' })),
    ).toBe('404 ');
  });
});
