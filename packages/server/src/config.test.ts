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

  it('marks cookies secure behind an https APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://family.example/' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://family.example/' }).appUrl).toBe(
      'https://family.example',
    );
  });
});
