/** The lifetimes a link can be given in one tap; `never` keeps it until it is revoked. */
export const EXPIRY_PRESETS = ['day', 'week', 'month', 'never'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a link made (or extended) at `now` stops opening: a day and a week are counted in hours,
 * a month is the same day of the next month (the last day when it has fewer), as people mean it.
 */
export function expiresAt(preset: ExpiryPreset, now: Date = new Date()): string | null {
  switch (preset) {
    case 'day':
      return new Date(now.getTime() + DAY_MS).toISOString();
    case 'week':
      return new Date(now.getTime() + 7 * DAY_MS).toISOString();
    case 'month': {
      const next = new Date(now.getTime());
      const day = next.getUTCDate();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + 1);
      const last = new Date(
        Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0),
      ).getUTCDate();
      next.setUTCDate(Math.min(day, last));
      return next.toISOString();
    }
    case 'never':
      return null;
  }
}

/** Whether a link's expiry has passed (null: it never expires). */
export function isExpired(expires: string | null, now: Date = new Date()): boolean {
  return expires !== null && Date.parse(expires) <= now.getTime();
}
