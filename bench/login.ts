import { routePath, XSRF_COOKIE, XSRF_HEADER } from '@kinfolio/contract';
import { BENCH_USER } from './protocol.js';

/** Logs in like the SPA: CSRF cookie, then POST /login with X-XSRF-TOKEN. */
export async function login(
  appUrl: string,
  account: { email: string; password: string } = BENCH_USER,
): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    [XSRF_HEADER]: decodeURIComponent(jar.get(XSRF_COOKIE) ?? ''),
  });
  keep(await fetch(`${appUrl}${routePath('csrfCookie')}`));
  const response = await fetch(`${appUrl}${routePath('login')}`, {
    method: 'POST',
    headers: { ...header(), 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, remember: false }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  keep(response);
  // What a browser sends with every request.
  return { ...header(), 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' };
}
