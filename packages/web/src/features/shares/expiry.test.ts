import { describe, expect, it } from 'vitest';
import { expiresAt, isExpired } from './expiry';

const NOW = new Date('2026-01-31T10:00:00.000Z');

describe('expiresAt', () => {
  it('counts a day and a week from now', () => {
    expect(expiresAt('day', NOW)).toBe('2026-02-01T10:00:00.000Z');
    expect(expiresAt('week', NOW)).toBe('2026-02-07T10:00:00.000Z');
  });

  it('ends a month on the same day of the next month, or its last day', () => {
    expect(expiresAt('month', NOW)).toBe('2026-02-28T10:00:00.000Z');
    expect(expiresAt('month', new Date('2026-03-15T08:30:00.000Z'))).toBe(
      '2026-04-15T08:30:00.000Z',
    );
    expect(expiresAt('month', new Date('2026-12-20T00:00:00.000Z'))).toBe(
      '2027-01-20T00:00:00.000Z',
    );
  });

  it('gives no end for never', () => {
    expect(expiresAt('never', NOW)).toBeNull();
  });
});

describe('isExpired', () => {
  it('is true once the end has passed, never for a link without one', () => {
    expect(isExpired('2026-01-31T09:59:59.000Z', NOW)).toBe(true);
    expect(isExpired('2026-01-31T10:00:01.000Z', NOW)).toBe(false);
    expect(isExpired(null, NOW)).toBe(false);
  });
});
