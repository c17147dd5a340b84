import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@kinfolio/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Speaks the SPA's dialect over app.inject: keeps cookies like a browser, fetches the CSRF cookie
 * before the first non-GET and sends X-XSRF-TOKEN from it.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  language = 'en';

  constructor(private readonly app: FastifyInstance) {}

  async csrf(): Promise<void> {
    await this.send('GET', '/sanctum/csrf-cookie');
  }

  get sessionToken() {
    return this.cookies.get(SESSION_COOKIE);
  }

  async send(
    method: Method,
    url: string,
    body?: unknown,
    options: { xsrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const wantsXsrf = options.xsrf ?? method !== 'GET';
    if (wantsXsrf && !this.cookies.has(XSRF_COOKIE)) await this.csrf();
    const headers: Record<string, string> = {
      'accept-language': this.language,
      ...(this.cookies.size
        ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {}),
      ...(wantsXsrf && this.cookies.has(XSRF_COOKIE)
        ? { [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE)! }
        : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** A request with a ready-made body (multipart uploads, text/plain), cookies and CSRF as usual. */
  async sendRaw(
    method: Method,
    url: string,
    payload: string | Buffer,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.csrf();
    return this.app.inject({
      method,
      url,
      payload,
      headers: {
        'accept-language': this.language,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE)!,
        ...headers,
      },
    });
  }

  get(url: string) {
    return this.send('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.send('POST', url, body);
  }
  patch(url: string, body?: unknown) {
    return this.send('PATCH', url, body);
  }
  delete(url: string) {
    return this.send('DELETE', url);
  }

  async login(email: string, password: string, remember = false) {
    const response = await this.post('/login', { email, password, remember });
    if (response.statusCode !== 200) {
      throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }
}
