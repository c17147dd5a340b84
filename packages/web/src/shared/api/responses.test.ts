import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { apiTestbed } from '@/shared/test/apiTestbed';
import { showToast } from '@/shared/ui/toast';
import { ApiError, request } from './client';
import { errorIntent, errorText } from './responses';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(() => 'toast-id') }));

const bed = apiTestbed(Date.UTC(2031, 0, 1));

/** GET that fails with `status`; resolves with the ApiError it was rejected with. */
async function failingGet(status: number, body?: unknown, opts = {}): Promise<ApiError> {
  bed.server.reply({ status, body });
  try {
    await request('GET', '/api/resource', undefined, opts);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the request did not fail');
}

const toasts = () => vi.mocked(showToast).mock.calls;

describe('status table: toast, session reset and redirect per status', () => {
  it('401: resets the session, toasts "Unauthorized", goes to /', async () => {
    const error = await failingGet(401);
    expect(error.status).toBe(401);
    expect(bed.resetSession).toHaveBeenCalledOnce();
    expect(toasts()).toEqual([['warning', 'Unauthorized', 'Please log in to continue.', 4000]]);
    expect(bed.navigate).toHaveBeenCalledWith('/');
  });

  it('401 with a server message still uses the fixed wording and the default 4 s', async () => {
    await failingGet(401, { message: 'Unauthenticated.' });
    expect(toasts()).toEqual([['warning', 'Unauthorized', 'Please log in to continue.', 4000]]);
  });

  it.each(['/', '/home'])('401 on the login page (%s): resets and toasts but stays', async (at) => {
    bed.path = at;
    await failingGet(401);
    expect(bed.resetSession).toHaveBeenCalledOnce();
    expect(toasts()).toHaveLength(1);
    expect(bed.navigate).not.toHaveBeenCalled();
  });

  it('403: toasts "Forbidden", resets the session, goes to /', async () => {
    const error = await failingGet(403, { message: 'This action is unauthorized.' });
    expect(error.status).toBe(403);
    expect(toasts()).toEqual([
      // Fixed client wording, not the server's message: the default 4 s.
      ['warning', 'Forbidden', 'You do not have permission to access this resource.', 4000],
    ]);
    expect(bed.resetSession).toHaveBeenCalledOnce();
    expect(bed.navigate).toHaveBeenCalledWith('/');
  });

  it.each([
    { status: 404, body: undefined, toast: ['warning', 'Not found', undefined, 4000], ends: false },
    {
      status: 419,
      body: { error: 'CSRF token mismatch.' },
      toast: ['error', 'Unknown status', 'CSRF token mismatch.', 10000],
      ends: true,
    },
    {
      status: 500,
      body: { message: 'Server Error' },
      toast: ['warning', 'Internal server error', 'Server Error', 10000],
      ends: false,
    },
    {
      status: 503,
      body: { error: 'Back at noon' },
      toast: ['error', 'Down for maintenance', 'Back at noon', 10000],
      ends: true,
    },
  ])(
    '$status: toasts its title with the server error; resets and goes to / when it ends the session ($ends)',
    async ({ status, body, toast, ends }) => {
      const error = await failingGet(status, body);
      expect(error.status).toBe(status);
      expect(toasts()).toEqual([toast]);
      if (ends) {
        expect(bed.resetSession).toHaveBeenCalledOnce();
        expect(bed.navigate).toHaveBeenCalledWith('/');
      } else {
        expect(bed.resetSession).not.toHaveBeenCalled();
        expect(bed.navigate).not.toHaveBeenCalled();
      }
    },
  );

  it('does not navigate when already on /', async () => {
    bed.path = '/';
    await failingGet(403);
    expect(bed.resetSession).toHaveBeenCalledOnce();
    expect(bed.navigate).not.toHaveBeenCalled();
  });

  it('rethrows other statuses with the server message and field errors', async () => {
    const body = { message: 'The title field is required.', errors: { title: ['Required.'] } };
    const error = await failingGet(422, body);
    expect(error.message).toBe('The title field is required.');
    expect(error.body).toEqual(body);
    expect(error.fieldError('title')).toBe('Required.');
    expect(toasts()).toEqual([['warning', 'The title field is required.', undefined, 10000]]);
    expect(bed.resetSession).not.toHaveBeenCalled();
    expect(bed.navigate).not.toHaveBeenCalled();
  });

  it('falls back to "An error occurred" when neither server nor client has a message', async () => {
    await failingGet(400);
    expect(toasts()).toEqual([['warning', 'An error occurred', undefined, 4000]]);
  });

  it('shows one toast for identical failures of parallel requests', async () => {
    bed.server.reply({ status: 404 }, { status: 404 });
    await Promise.allSettled([request('GET', '/api/a'), request('GET', '/api/b')]);
    expect(toasts()).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2_000);
    await failingGet(404);
    expect(toasts()).toHaveLength(2);
  });
});

describe('validation-check mode: no error toasts', () => {
  it('shows no error toast, but still rejects with the field errors', async () => {
    bed.server.reply({ status: 422, body: { message: 'Invalid.', errors: { email: ['Taken.'] } } });
    const result = await request('POST', '/register', {}, { validationCheck: true }).catch(
      (error: unknown) => error,
    );
    expect(result).toBeInstanceOf(ApiError);
    expect((result as ApiError).fieldError('email')).toBe('Taken.');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps the session handling of the status table', async () => {
    await failingGet(401, undefined, { validationCheck: true });
    expect(showToast).not.toHaveBeenCalled();
    expect(bed.resetSession).toHaveBeenCalledOnce();
    expect(bed.navigate).toHaveBeenCalledWith('/');
  });

  it('still shows success messages', async () => {
    bed.server.reply({ status: 200, body: { success: 'Account created.' } });
    await request('POST', '/register', {}, { validationCheck: true });
    expect(toasts()).toEqual([['success', 'Account created.', undefined, 10000]]);
  });
});

describe('success bodies with success, warning or message: a toast', () => {
  it.each([
    [{ success: 'Saved.' }, 'success', 'Saved.'],
    [{ message: 'Post created.' }, 'success', 'Post created.'],
    [{ warning: 'Saved, but the file is large.' }, 'warning', 'Saved, but the file is large.'],
  ])('%j shows a %s toast for 10 s', async (body, intent, text) => {
    bed.server.reply({ status: 200, body });
    await expect(request('GET', '/api/x')).resolves.toEqual(body);
    expect(toasts()).toEqual([[intent, text, undefined, 10000]]);
  });

  it('shows no toast for a body without those fields, nor for an empty 204', async () => {
    bed.server.reply({ status: 200, body: { data: [{ message: 'nested' }] } }, { status: 204 });
    await expect(request('GET', '/api/x')).resolves.toEqual({ data: [{ message: 'nested' }] });
    await expect(request('DELETE', '/api/x')).resolves.toBeUndefined();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows nothing at all for silent requests', async () => {
    bed.server.reply({ status: 200, body: { success: 'Saved.' } }, { status: 404 });
    await request('PATCH', '/api/update-user', {}, { silent: true });
    await expect(request('GET', '/api/x', undefined, { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('error text and intent', () => {
  it('is an error when the body has an error field, else a warning', () => {
    expect(errorIntent(new ApiError(400, 'x', { error: 'Broken' }))).toBe('error');
    expect(errorIntent(new ApiError(400, 'x', { error: '', message: 'm' }))).toBe('error');
    expect(errorIntent(new ApiError(400, 'x', { message: 'm' }))).toBe('warning');
    expect(errorIntent(new ApiError(400, 'x', { warning: 'w' }))).toBe('warning');
    expect(errorIntent(new ApiError(400, 'x'))).toBe('warning');
    expect(errorIntent(new ApiError(400, 'x', 'error'))).toBe('warning');
  });

  it('prefers the server message, then error, then warning, then the client message', () => {
    expect(errorText(new ApiError(400, 'x', { message: 'M', error: 'E', warning: 'W' }))).toBe('M');
    expect(errorText(new ApiError(400, 'x', { error: 'E', warning: 'W' }))).toBe('E');
    expect(errorText(new ApiError(400, 'x', { warning: 'W' }))).toBe('W');
    expect(errorText(new ApiError(0, 'network'))).toBe(
      'The server cannot be reached. Check your connection.',
    );
    expect(errorText(new ApiError(418, 'x', { message: '  ' }))).toBe('An error occurred');
  });

  it('uses the error toast intent for an error body in the status table', async () => {
    await failingGet(404, { error: 'No such post' });
    expect(toasts()).toEqual([['error', 'Not found', 'No such post', 10000]]);
  });

  it('is worded in the current interface language', async () => {
    await i18n.changeLanguage('fr');
    try {
      await failingGet(400);
      expect(toasts()[0]?.[1]).not.toBe('An error occurred');
      expect(toasts()[0]?.[1]).toBe(i18n.t('errors:api.generic'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('ApiError', () => {
  it('normalises Laravel field errors to string arrays', () => {
    const error = new ApiError(422, 'Invalid', { errors: { a: ['one', 'two'], b: 'single' } });
    expect(error.errors).toEqual({ a: ['one', 'two'], b: ['single'] });
    expect(error.fieldError('a')).toBe('one');
    expect(error.fieldError('missing')).toBeUndefined();
    expect(new ApiError(500, 'x', 'text body').errors).toBeUndefined();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
  });
});

describe('navigation defaults, before any configureApiClient', () => {
  /** A fresh client whose hooks are the defaults, with a router navigator registered. */
  async function freshClient(routerPath: string) {
    vi.resetModules();
    const navigation = await import('@/shared/navigation');
    const routerNavigate = vi.fn();
    navigation.registerNavigator(routerNavigate, () => routerPath);
    const client = await import('./client');
    return { freshRequest: client.request, routerNavigate };
  }

  it('leaves for / through the registered router navigator, not a full page load', async () => {
    const { freshRequest, routerNavigate } = await freshClient('/posts');
    bed.server.reply({ status: 401 });
    await expect(freshRequest('GET', '/api/logged-in-user')).rejects.toMatchObject({ status: 401 });
    expect(routerNavigate).toHaveBeenCalledWith('/', undefined);
  });

  it('reads the current path from the router, staying on the login page', async () => {
    // The browser address and the router disagree: the router's path decides.
    window.history.pushState({}, '', '/posts');
    onTestFinished(() => window.history.pushState({}, '', '/'));
    const { freshRequest, routerNavigate } = await freshClient('/');
    bed.server.reply({ status: 401 });
    await expect(freshRequest('GET', '/api/logged-in-user')).rejects.toMatchObject({ status: 401 });
    expect(routerNavigate).not.toHaveBeenCalled();
  });
});
