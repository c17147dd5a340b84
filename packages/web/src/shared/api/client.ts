import { LIMITS, RETRY_STATUSES, routeIndex, XSRF_HEADER } from '@kinfolio/contract';
import { currentLanguage, shellWording } from '@/shared/i18n';
import { loadingBar } from '@/shared/ui/loadingBar';
import { ApiError, isRecord, LOST_WRITE, OFFLINE_WRITE } from './ApiError';
import { readXsrfToken } from './cookies';
import { handleApiError, showSuccessToast } from './responses';

export { ApiError, isApiError, LOST_WRITE, OFFLINE_WRITE } from './ApiError';
export { configureApiClient, errorText, type ApiClientHooks } from './responses';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Forms: no error toast (the form shows field errors); the status table's redirects apply. */
  validationCheck?: boolean;
  /** No toast at all, neither for success messages nor for errors. */
  silent?: boolean;
  /** No success toast: the caller shows the answer's message itself (with an Undo button). */
  quietSuccess?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Do not drive the page loading bar (background polling). */
  background?: boolean;
  /** Instead of LIMITS.requestTimeoutMs, for the few requests that carry a whole archive. */
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Idempotent methods are never retried; POST and PATCH are, once. */
const RETRIED_METHODS = new Set<Method>(['POST', 'PATCH']);
const MAX_RETRY_AFTER_MS = 3_000;

let csrfPromise: Promise<void> | null = null;
let csrfStale = true;

/** Forget the anti-forgery token so the next write fetches a fresh one (after a reset or a 419). */
export function invalidateCsrf(): void {
  csrfStale = true;
}

export async function ensureCsrfCookie(): Promise<void> {
  if (!csrfStale && readXsrfToken()) return;
  csrfPromise ??= fetch(routeIndex.csrfCookie[1], {
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then((res) => {
      if (!res.ok) throw new ApiError(res.status, res.statusText || 'CSRF cookie request failed');
      csrfStale = false;
    })
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function statusMessage(status: number, body: unknown, fallback: string): string {
  if (isRecord(body)) {
    for (const key of ['message', 'error', 'warning'] as const) {
      const value = body[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return fallback || `HTTP ${status}`;
}

function retryDelay(res: Response): number | null {
  if (res.status !== 429) return 0;
  const header = res.headers.get('retry-after');
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  // Waiting longer than that is pointless for an interactive request: report the 429 instead.
  return ms > MAX_RETRY_AFTER_MS ? null : Math.max(0, ms);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(method: Method, url: string, body: unknown, opts: RequestOptions) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? LIMITS.requestTimeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) controller.abort();

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
    ...opts.headers,
  };
  const token = readXsrfToken();
  if (token) headers[XSRF_HEADER] = token;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  try {
    return await fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(408, 'timeout');
    if (opts.signal?.aborted) throw error;
    if (method !== 'GET') throw new ApiError(0, LOST_WRITE);
    throw new ApiError(0, error instanceof Error ? error.message : 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** False only when the browser knows it has no network; `true` may still mean a dead link. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A write needs the anti-forgery cookie first; without a network that fetch fails before the
 * write is sent, so nothing was saved.
 */
async function prepareWrite(): Promise<void> {
  if (isOffline()) throw new ApiError(0, OFFLINE_WRITE);
  try {
    await ensureCsrfCookie();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, OFFLINE_WRITE);
  }
}

/** The one HTTP request of the web app: pages reach it through `call()`. */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path, opts.query);
  if (!opts.background) loadingBar.start();
  let failed = true;
  try {
    // Offline, a write is refused with its own message rather than queued: a queue kept in
    // memory would lose it on a reload.
    if (method !== 'GET') await prepareWrite();
    let attempt = 0;
    for (;;) {
      const res = await send(method, url, body, opts);
      if (res.ok) {
        const data = await parseBody(res);
        if (!opts.silent && !opts.quietSuccess) showSuccessToast(data);
        failed = false;
        return data as T;
      }
      if (attempt === 0 && RETRIED_METHODS.has(method)) {
        const delay = (RETRY_STATUSES as readonly number[]).includes(res.status)
          ? retryDelay(res)
          : null;
        if (delay !== null) {
          attempt += 1;
          if (delay > 0) await sleep(delay);
          continue;
        }
      }
      const data = await parseBody(res);
      throw new ApiError(res.status, statusMessage(res.status, data, res.statusText), data);
    }
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 419) invalidateCsrf();
      // The messages come from the shell's wording, which may still be loading at start.
      await shellWording();
      handleApiError(error, opts);
    }
    throw error;
  } finally {
    if (!opts.background) {
      if (failed) loadingBar.fail();
      else loadingBar.finish();
    }
  }
}
