import { routeIndex, routePath, type RouteName, type RoutePathInput } from '@kinfolio/contract';

/** A route of the contract's table to call: its path parameters, query and body. */
export interface RouteCall extends RoutePathInput {
  body?: unknown;
}

/** A plain HTTP client with a cookie jar, speaking the Sanctum SPA dialect like an outside client. */
export class SanctumClient {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly language = 'en',
  ) {}

  cookie(name: string) {
    return this.jar.get(name);
  }

  /** Calls a route of the contract's table by name (method and path from the route index). */
  call(name: RouteName, input: RouteCall = {}) {
    return this.request(routeIndex[name][0], routePath(name, input), input.body);
  }

  async request(method: string, path: string, body?: unknown, withXsrf = method !== 'GET') {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': this.language,
    };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (withXsrf && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      json: json as Record<string, unknown>,
      text,
    };
  }
}
