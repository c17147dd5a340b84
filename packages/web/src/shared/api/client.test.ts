import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { clearCookies, CSRF_PATH } from '@/shared/test/fetchStub';
import { apiTestbed } from '@/shared/test/apiTestbed';
import { loadingBarStore } from '@/shared/ui/loadingBar';
import { showToast } from '@/shared/ui/toast';
import { ApiError, buildUrl, invalidateCsrf, request } from './client';
import { readCookie, readXsrfToken } from './cookies';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(() => 'toast-id') }));

const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504];

const bed = apiTestbed(Date.UTC(2030, 0, 1));

/** Settles a promise into a value so rejections can be asserted without unhandled warnings. */
function settle<T>(promise: Promise<T>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

describe('anti-forgery cookie fetched before any non-GET request', () => {
  it('fetches GET /sanctum/csrf-cookie before the first non-GET request', async () => {
    await request('POST', '/api/posts', { title: 'x' });
    expect(bed.server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${CSRF_PATH}`,
      'POST /api/posts',
    ]);
    expect(bed.server.calls[0]?.credentials).toBe('include');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('fetches it before %s as well', async (method) => {
    await request(method, '/api/x', method === 'DELETE' ? undefined : {});
    expect(bed.server.calls.map((c) => c.url)).toEqual([CSRF_PATH, '/api/x']);
  });

  it('does not fetch it before GET requests', async () => {
    await request('GET', '/api/posts');
    await request('GET', '/api/tags');
    expect(bed.server.csrfCalls()).toHaveLength(0);
    expect(bed.server.calls).toHaveLength(2);
  });

  it('fetches it once while the token is fresh, and again after it is invalidated', async () => {
    await request('POST', '/api/a');
    await request('PATCH', '/api/b', {});
    expect(bed.server.csrfCalls()).toHaveLength(1);
    invalidateCsrf();
    await request('POST', '/api/c');
    expect(bed.server.csrfCalls()).toHaveLength(2);
  });

  it('shares one cookie request between parallel writes', async () => {
    await Promise.all([
      request('POST', '/api/a'),
      request('POST', '/api/b'),
      request('DELETE', '/api/c'),
    ]);
    expect(bed.server.csrfCalls()).toHaveLength(1);
    expect(bed.server.apiCalls()).toHaveLength(3);
  });

  it('refreshes the token after a 419 so the next write gets a new one', async () => {
    await request('POST', '/api/a');
    bed.server.reply({ status: 419, body: { message: 'CSRF token mismatch.' } });
    expect((await settle(request('POST', '/api/b'))).ok).toBe(false);
    bed.server.setToken('token-2');
    await request('POST', '/api/c');
    expect(bed.server.csrfCalls()).toHaveLength(2);
    expect(bed.server.apiCalls().at(-1)?.headers['X-XSRF-TOKEN']).toBe('token-2');
  });
});

describe('request headers: cookies, anti-forgery token, Accept-Language', () => {
  it('sends the decoded XSRF-TOKEN cookie as X-XSRF-TOKEN, read fresh for each request', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc==/+x')}; path=/`;
    await request('GET', '/api/posts');
    expect(bed.server.calls[0]?.headers['X-XSRF-TOKEN']).toBe('abc==/+x');
    document.cookie = 'XSRF-TOKEN=rotated; path=/';
    await request('GET', '/api/posts');
    expect(bed.server.calls[1]?.headers['X-XSRF-TOKEN']).toBe('rotated');
  });

  it('uses the token handed out by the cookie request on the write that follows it', async () => {
    bed.server.setToken('fresh-token');
    await request('POST', '/api/posts', {});
    expect(bed.server.apiCalls()[0]?.headers['X-XSRF-TOKEN']).toBe('fresh-token');
  });

  it('sends no X-XSRF-TOKEN header when there is no cookie', async () => {
    await request('GET', '/api/posts');
    expect(bed.server.calls[0]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('sends Accept-Language from the current interface language', async () => {
    await i18n.changeLanguage('de');
    await request('GET', '/api/posts');
    await i18n.changeLanguage('it');
    await request('POST', '/api/posts', {});
    expect(bed.server.apiCalls().map((c) => c.headers['Accept-Language'])).toEqual(['de', 'it']);
  });

  it('sends cookies and a JSON body with JSON headers', async () => {
    await request('POST', '/api/posts', { title: 'Hello', tags: [1, 2] });
    const call = bed.server.apiCalls()[0];
    expect(call?.credentials).toBe('include');
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.headers.Accept).toBe('application/json');
    expect(JSON.parse(String(call?.body))).toEqual({ title: 'Hello', tags: [1, 2] });
  });

  it('sends FormData untouched, letting the browser set the multipart boundary', async () => {
    const form = new FormData();
    form.append('file', 'content');
    await request('POST', '/api/medias', form);
    const call = bed.server.apiCalls()[0];
    expect(call?.body).toBe(form);
    expect(call?.headers).not.toHaveProperty('Content-Type');
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/posts', { page: 2, search: '', tag: undefined, deleted: false })).toBe(
      '/api/posts?page=2&deleted=false',
    );
    expect(buildUrl('/api/posts?x=1', { page: 1 })).toBe('/api/posts?x=1&page=1');
    expect(buildUrl('/api/posts', { search: null })).toBe('/api/posts');
  });
});

describe('retries: non-idempotent requests once on 408, 409, 425, 429, 5xx', () => {
  it.each(RETRIED)('retries POST exactly once on %i', async (status) => {
    bed.server.reply({ status }, { status: 200, body: { id: 7 } });
    await expect(request('POST', '/api/posts', {})).resolves.toEqual({ id: 7 });
    expect(bed.server.apiCalls()).toHaveLength(2);
  });

  it.each(RETRIED)('retries PATCH exactly once on %i, then reports the error', async (status) => {
    bed.server.reply({ status }, { status }, { status: 200 });
    const result = await settle(request('PATCH', '/api/posts/1', {}));
    expect(result.ok).toBe(false);
    expect((result as { error: ApiError }).error.status).toBe(status);
    expect(bed.server.apiCalls()).toHaveLength(2);
  });

  it.each([
    ['GET', () => request('GET', '/api/x')],
    ['PUT', () => request('PUT', '/api/x', {})],
    ['DELETE', () => request('DELETE', '/api/x')],
  ])('never retries %s', async (_method, call) => {
    for (const status of RETRIED) {
      bed.server.reply({ status });
      expect((await settle(call())).ok).toBe(false);
    }
    expect(bed.server.apiCalls()).toHaveLength(RETRIED.length);
  });

  it.each([400, 401, 403, 404, 419, 422, 501])('does not retry POST on %i', async (status) => {
    bed.server.reply({ status }, { status: 200 });
    expect((await settle(request('POST', '/api/x', {}))).ok).toBe(false);
    expect(bed.server.apiCalls()).toHaveLength(1);
  });

  it('waits for a short Retry-After before retrying a 429', async () => {
    bed.server.reply({ status: 429, headers: { 'retry-after': '2' } }, { status: 200, body: 'ok' });
    const pending = settle(request('POST', '/api/x', {}));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(bed.server.apiCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ok: true });
    expect(bed.server.apiCalls()).toHaveLength(2);
  });
});

describe('timeout of 60 s', () => {
  it('aborts after 60 000 ms and rejects with ApiError 408', async () => {
    bed.server.reply({ hang: true });
    let settled = false;
    const pending = settle(request('GET', '/api/slow')).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.ok).toBe(false);
    const error = (result as { error: unknown }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(408);
    expect(showToast).toHaveBeenCalledWith(
      'warning',
      'The request took too long.',
      undefined,
      4000,
    );
  });

  it('rejects a network failure with ApiError 0 and a client message', async () => {
    bed.server.reply({ networkError: 'Failed to fetch' });
    const result = await settle(request('GET', '/api/x'));
    expect((result as { error: ApiError }).error.status).toBe(0);
    expect(showToast).toHaveBeenCalledWith(
      'warning',
      'The server cannot be reached. Check your connection.',
      undefined,
      4000,
    );
  });

  it('lets a caller abort without an error toast', async () => {
    bed.server.reply({ hang: true });
    const controller = new AbortController();
    const pending = settle(request('GET', '/api/x', undefined, { signal: controller.signal }));
    controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect((result as { error: unknown }).error).not.toBeInstanceOf(ApiError);
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('page loading bar', () => {
  it('shows for a request lasting over 200 ms and hides after it finishes', async () => {
    bed.server.reply({ status: 200, body: {}, delayMs: 1_000 });
    const pending = request('GET', '/api/x');
    await vi.advanceTimersByTimeAsync(199);
    expect(loadingBarStore.getState().visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadingBarStore.getState().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(800);
    await pending;
    expect(loadingBarStore.getState()).toMatchObject({ progress: 100, error: false });
    await vi.advanceTimersByTimeAsync(500);
    expect(loadingBarStore.getState().visible).toBe(false);
  });

  it('turns to the error colour when the request fails', async () => {
    bed.server.reply({ status: 500, delayMs: 300 });
    const pending = settle(request('GET', '/api/x'));
    await vi.advanceTimersByTimeAsync(300);
    await pending;
    expect(loadingBarStore.getState()).toMatchObject({ visible: true, error: true });
  });

  it('leaves the bar alone for background requests', async () => {
    bed.server.reply({ status: 200, body: {}, delayMs: 1_000 });
    const pending = request('GET', '/api/x', undefined, { background: true });
    await vi.advanceTimersByTimeAsync(1_000);
    await pending;
    expect(loadingBarStore.getState().visible).toBe(false);
  });
});

describe('cookies', () => {
  beforeEach(() => {
    clearCookies();
  });

  it('reads a cookie by exact name and decodes it', () => {
    document.cookie = 'OTHER-XSRF-TOKEN=nope; path=/';
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('eyJpdiI6Ik==')}; path=/`;
    document.cookie = 'theme=dark; path=/';
    expect(readXsrfToken()).toBe('eyJpdiI6Ik==');
    expect(readCookie('theme')).toBe('dark');
    expect(readCookie('XSRF')).toBeNull();
  });

  it('keeps a value that is not valid URI encoding as it is', () => {
    document.cookie = 'raw=100%; path=/';
    expect(readCookie('raw')).toBe('100%');
  });

  it('returns null without the cookie', () => {
    expect(readXsrfToken()).toBeNull();
  });
});
