import {
  buildPath,
  routeIndex,
  XSRF_HEADER,
  type PublicShare,
  type PublicShareQuery,
  type ResponseOf,
  type routes,
} from '@kinfolio/contract';
import { readXsrfToken } from '@/shared/api/cookies';
import { currentLanguage } from '@/shared/i18n';

/**
 * The public page's own requests. The app's API client treats a 401 as a lost session (it
 * resets the session and goes to the login page); here a 401 only means the link wants its
 * password, so these calls read every status themselves and never leave the page.
 */

/** A refusal of a public route: its status and the server's localised message, if any. */
export class PublicError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The 401 of a link with a password not typed yet (as opposed to a wrong password). */
    readonly passwordRequired = false,
  ) {
    super(message);
  }
}

const HEADERS = () => ({
  Accept: 'application/json',
  'Accept-Language': currentLanguage(),
  'X-Requested-With': 'XMLHttpRequest',
});

async function failure(response: Response): Promise<PublicError> {
  let message = '';
  let passwordRequired = false;
  try {
    const body = (await response.json()) as { message?: unknown; password_required?: unknown };
    if (typeof body.message === 'string') message = body.message;
    passwordRequired = body.password_required === true;
  } catch {
    // No JSON body (a proxy's page): the status alone says what happened.
  }
  return new PublicError(response.status, message, passwordRequired);
}

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: HEADERS(), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicError(0, '');
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

const path = (name: keyof typeof routeIndex, params: Record<string, string | number>) =>
  buildPath(routeIndex[name][1], params);

/** What the link shares (a list share: one page of it, searched). */
export function fetchShare(
  token: string,
  query: Partial<Pick<PublicShareQuery, 'page' | 'q'>>,
  signal?: AbortSignal,
): Promise<PublicShare> {
  const search = new URLSearchParams();
  if (query.page && query.page > 1) search.set('page', String(query.page));
  if (query.q) search.set('q', query.q);
  const qs = search.toString();
  return getJson(`${path('publicShare', { token })}${qs ? `?${qs}` : ''}`, signal);
}

type ItemContent = ResponseOf<(typeof routes)['publicShareItem']>;
type RecordContent = ResponseOf<(typeof routes)['publicShareRecord']>;
/** One entry of a list share, as its own route answers it. */
export type SharedEntryContent = ItemContent | RecordContent;

/** One item of a list share (404 when it is not part of it). */
export function fetchSharedItem(token: string, id: number, signal?: AbortSignal) {
  return getJson<ItemContent>(path('publicShareItem', { token, id }), signal);
}

/** One record of a list share. */
export function fetchSharedRecord(token: string, id: number, signal?: AbortSignal) {
  return getJson<RecordContent>(path('publicShareRecord', { token, id }), signal);
}

async function postUnlock(token: string, password: string): Promise<Response> {
  const headers: Record<string, string> = { ...HEADERS(), 'Content-Type': 'application/json' };
  const xsrf = readXsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return fetch(path('publicShareUnlock', { token }), {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({ password }),
  });
}

/** Asks the server for the anti-forgery cookie a write needs. */
async function fetchCsrfCookie(): Promise<void> {
  const response = await fetch(routeIndex.csrfCookie[1], {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok) throw new PublicError(response.status, '');
}

/**
 * Sends the link's password; the server answers with a cookie that opens this link only. A write
 * needs the anti-forgery cookie, fetched first when this browser has none (and once more if it
 * was stale). The app's API client is not used: it would bring the app's session handling along.
 */
export async function unlockShare(token: string, password: string): Promise<void> {
  try {
    if (!readXsrfToken()) await fetchCsrfCookie();
    let response = await postUnlock(token, password);
    if (response.status === 419) {
      await fetchCsrfCookie();
      response = await postUnlock(token, password);
    }
    if (!response.ok) throw await failure(response);
  } catch (error) {
    if (error instanceof PublicError) throw error;
    throw new PublicError(0, '');
  }
}
