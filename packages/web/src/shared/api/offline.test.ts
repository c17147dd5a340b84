import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from '@/shared/forms/validation';
import { i18n } from '@/shared/i18n';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { showToast } from '@/shared/ui/toast';
import {
  ApiError,
  configureApiClient,
  invalidateCsrf,
  LOST_WRITE,
  OFFLINE_WRITE,
  request,
} from './client';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(() => 'toast-id') }));

const OFFLINE_TEXT = 'You are offline: nothing was saved. Try again once the connection is back.';

let server: ReturnType<typeof stubFetch>;
let clock = Date.UTC(2031, 0, 1);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as ApiError,
  );

const goOffline = () => vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  // Apart from each other, so the de-duplication of identical toasts never spans two tests.
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  clearCookies();
  invalidateCsrf();
  vi.mocked(showToast).mockClear();
  configureApiClient({ resetSession: vi.fn(), navigate: vi.fn(), currentPath: () => '/posts' });
  server = stubFetch();
});

afterEach(async () => {
  await i18n.changeLanguage('en');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('writes while offline', () => {
  it('refuses a write before sending anything, with its own message', async () => {
    goOffline();
    const error = await failure(request('POST', '/api/posts', { title: 'x' }));
    expect(error.status).toBe(0);
    expect(error.message).toBe(OFFLINE_WRITE);
    expect(server.calls).toEqual([]);
    expect(showToast).toHaveBeenCalledWith('warning', OFFLINE_TEXT, undefined, 4000);
  });

  it('speaks the interface language', async () => {
    goOffline();
    await i18n.changeLanguage('de');
    await failure(request('DELETE', '/api/posts/1'));
    expect(showToast).toHaveBeenCalledWith(
      'warning',
      'Sie sind offline: Es wurde nichts gespeichert. Versuchen Sie es erneut, sobald die Verbindung wieder besteht.',
      undefined,
      4000,
    );
  });

  it('still lets reads go out (the cache or the worker may answer)', async () => {
    goOffline();
    server.reply({ status: 200, body: { data: [] } });
    await expect(request('GET', '/api/posts')).resolves.toEqual({ data: [] });
  });

  it('says a write lost on the way may not have been saved', async () => {
    server.reply({ networkError: 'Failed to fetch' });
    const error = await failure(request('PATCH', '/api/posts/1', { title: 'x' }));
    expect(error.message).toBe(LOST_WRITE);
    expect(showToast).toHaveBeenCalledWith(
      'warning',
      'The connection was lost while saving: the change may not have been saved. Check once you are back online.',
      undefined,
      4000,
    );
  });

  it('treats an unreachable anti-forgery cookie as offline: the write was never sent', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const error = await failure(request('POST', '/api/posts', { title: 'x' }));
    expect(error.message).toBe(OFFLINE_WRITE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('puts the translated message, not the fetch error, in a form alert', () => {
    const form = { setErrors: vi.fn(), getInputNode: vi.fn() };
    expect(applyServerErrors(form, new ApiError(0, OFFLINE_WRITE), ['title'])).toBe(OFFLINE_TEXT);
    expect(applyServerErrors(form, new ApiError(0, 'Failed to fetch'), ['title'])).toBe(
      'The server cannot be reached. Check your connection.',
    );
  });
});
