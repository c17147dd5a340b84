import { XSRF_COOKIE, XSRF_HEADER } from '@kinfolio/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser at one network address: keeps its cookies (the known-device ones too) and speaks the
 * CSRF dialect, like TestClient, for the tests of what is counted per address.
 */
export async function browser(app: FastifyInstance, remoteAddress: string) {
  const cookies = new Map<string, string>();
  async function send(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        'accept-language': 'en',
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(cookies.has(XSRF_COOKIE) ? { [XSRF_HEADER]: cookies.get(XSRF_COOKIE)! } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
  await send('GET', '/sanctum/csrf-cookie');
  return {
    cookies,
    send,
    login: (email: string, password: string, headers?: Record<string, string>) =>
      send('POST', '/login', { email, password }, headers),
    logout: () => send('POST', '/logout'),
  };
}

/** One failed login at `email` from a new browser at `address`. */
export async function failFrom(app: FastifyInstance, address: string, email: string) {
  return (await browser(app, address)).login(email, 'wrong-password');
}
