import { vi } from 'vitest';

/** One scripted answer of the stubbed `fetch`. */
export type StubReply =
  | { status?: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Never answers; rejects with an AbortError once the request's signal aborts. */
  | { hang: true }
  /** `fetch` itself rejects (network failure). */
  | { networkError: string };

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export const CSRF_PATH = '/sanctum/csrf-cookie';

/** Expires every cookie jsdom holds for the document. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Replaces the global `fetch` with a scripted server: GET /sanctum/csrf-cookie sets the
 * XSRF-TOKEN cookie (like Laravel Sanctum); every other request takes the next scripted reply
 * (200 with no body when none is left). Every call is recorded with its headers.
 */
export function stubFetch() {
  const replies: StubReply[] = [];
  const calls: FetchCall[] = [];
  let token = 'token-1';

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({
      url,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: init.body,
      credentials: init.credentials,
    });
    if (url === CSRF_PATH) {
      document.cookie = `XSRF-TOKEN=${encodeURIComponent(token)}; path=/`;
      return new Response(null, { status: 204 });
    }
    const reply = replies.shift() ?? { status: 200 };
    if ('hang' in reply) {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    }
    if ('networkError' in reply) throw new TypeError(reply.networkError);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const status = reply.status ?? 200;
    const hasBody = reply.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** Calls other than the CSRF cookie request. */
    apiCalls: () => calls.filter((call) => call.url !== CSRF_PATH),
    csrfCalls: () => calls.filter((call) => call.url === CSRF_PATH),
    reply: (...next: StubReply[]) => {
      replies.push(...next);
    },
    /** The token the next CSRF cookie request hands out. */
    setToken: (value: string) => {
      token = value;
    },
  };
}
