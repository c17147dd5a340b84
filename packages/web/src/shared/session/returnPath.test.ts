import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOGGED_IN_HOME,
  peekReturnPath,
  rememberReturnPath,
  RETURN_PATH_STORAGE_KEY,
  safeReturnPath,
  takeReturnPath,
} from './returnPath';

describe('the page to return to after login', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.useRealTimers();
  });

  it('accepts the pages of this site, with their query and hash', () => {
    expect(safeReturnPath('/records/12/profile')).toBe('/records/12/profile');
    expect(safeReturnPath('/posts?category=3&page=2#top')).toBe('/posts?category=3&page=2#top');
    expect(safeReturnPath('/user/userprofile')).toBe('/user/userprofile');
  });

  it('refuses other sites, however written', () => {
    for (const path of [
      '//evil.com',
      '//evil.com/records/1',
      'https://evil.com/records/1',
      'http:evil.com',
      'javascript:alert(1)',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      ' /records/1',
      'records/1',
      '',
    ])
      expect(safeReturnPath(path), path).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('refuses the server and the login pages (a loop)', () => {
    for (const path of [
      '/',
      '/?redirect=/records/1',
      '/home',
      '/api/posts',
      '/API/users',
      '/sanctum/csrf-cookie',
      '/auth/google',
      '/login',
      '/logout',
      '/register',
      '/forgot-password',
      '/user/login-link/abc',
      '/user/invitation/abc',
      '/user/password-reset/abc',
    ])
      expect(safeReturnPath(path), path).toBeNull();
    // A page whose name only starts like one of them is a page.
    expect(safeReturnPath('/homepage-notes')).toBe('/homepage-notes');
  });

  it("prefers the login page's parameter; an unsafe one gives the default, not an older page", () => {
    rememberReturnPath('/records/3');
    expect(peekReturnPath(LOGGED_IN_HOME, '?redirect=%2Frecords%2F12%2Fprofile')).toBe(
      '/records/12/profile',
    );
    expect(peekReturnPath(LOGGED_IN_HOME, '?redirect=https%3A%2F%2Fevil.com')).toBe('/posts');
    expect(peekReturnPath(LOGGED_IN_HOME, '?redirect=%2F%2Fevil.com')).toBe('/posts');
    expect(peekReturnPath(LOGGED_IN_HOME, '?social_login=1')).toBe('/records/3');
  });

  it('remembers the page for the ways in that leave the login page, once and for an hour', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T10:00:00Z') });
    expect(rememberReturnPath('//evil.com')).toBeNull();
    expect(window.localStorage.getItem(RETURN_PATH_STORAGE_KEY)).toBeNull();
    rememberReturnPath('/records/12/profile');
    expect(takeReturnPath(LOGGED_IN_HOME, '')).toBe('/records/12/profile');
    expect(takeReturnPath(LOGGED_IN_HOME, '')).toBe('/posts');

    rememberReturnPath('/records/12/profile');
    vi.setSystemTime(Date.parse('2026-01-01T11:00:01Z'));
    expect(takeReturnPath(LOGGED_IN_HOME, '')).toBe('/posts');
  });

  it('ignores a remembered value someone tampered with', () => {
    window.localStorage.setItem(
      RETURN_PATH_STORAGE_KEY,
      JSON.stringify({ path: '//evil.com', at: Date.now() }),
    );
    expect(takeReturnPath(LOGGED_IN_HOME, '')).toBe('/posts');
    window.localStorage.setItem(RETURN_PATH_STORAGE_KEY, '{not json');
    expect(takeReturnPath(LOGGED_IN_HOME, '')).toBe('/posts');
  });
});
