import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('defaults to SQLite in ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({
      dialect: 'sqlite',
      file: path.resolve('data', 'kinfolio.sqlite'),
    });
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.firstAdmin).toBeUndefined();
  });

  it('chooses PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('names every bad variable in one clear error', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' }),
    ).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrowError(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    expect(
      loadConfig({ ADMIN_EMAIL: 'A@Example.com', ADMIN_PASSWORD: 'long-enough' }).firstAdmin?.email,
    ).toBe('a@example.com');
  });

  it('believes forwarded addresses only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    // true is a proxy on this host or the private network, never every forwarded entry.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1' }).trustProxy).toBe(
      '10.0.0.0/8, 2001:db8::1',
    );
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1,', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrowError(/TRUST_PROXY: must be/);
    }
  });

  it('leaves row-less files an hour by default; ORPHAN_GRACE_MINUTES is a whole number', () => {
    expect(loadConfig({}).orphanGraceMinutes).toBe(60);
    expect(loadConfig({ ORPHAN_GRACE_MINUTES: '0' }).orphanGraceMinutes).toBe(0);
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(() => loadConfig({ ORPHAN_GRACE_MINUTES: bad }), bad).toThrowError(
        /ORPHAN_GRACE_MINUTES/,
      );
    }
  });

  it('gives each ffmpeg run half an hour by default; FFMPEG_TIME_LIMIT_SECONDS changes it', () => {
    expect(loadConfig({}).ffmpegTimeLimitMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ FFMPEG_TIME_LIMIT_SECONDS: '7200' }).ffmpegTimeLimitMs).toBe(7_200_000);
    for (const bad of ['0', '1.5', 'forever']) {
      expect(() => loadConfig({ FFMPEG_TIME_LIMIT_SECONDS: bad }), bad).toThrowError(
        /FFMPEG_TIME_LIMIT_SECONDS/,
      );
    }
  });

  it('marks cookies secure behind an https APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://family.example/' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://family.example/' }).appUrl).toBe(
      'https://family.example',
    );
  });
});
