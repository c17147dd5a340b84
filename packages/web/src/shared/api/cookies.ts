import { XSRF_COOKIE } from '@kinfolio/contract';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const raw = rest.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Read fresh before every request: the server rotates it at login, logout and register. */
export function readXsrfToken(): string | null {
  return readCookie(XSRF_COOKIE);
}
