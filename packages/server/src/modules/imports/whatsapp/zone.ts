/** Whether `zone` is an IANA time zone this server knows. */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The server's own time zone (times without a zone are read in it when none is chosen). */
export const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** How far `zone` is ahead of UTC at the instant `utc` (milliseconds). */
function offsetAt(utc: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utc));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(utc / 1000) * 1000;
}

/**
 * The instant of a wall-clock time (`YYYY-MM-DDTHH:MM:SS`) in `zone`. In the hour a clock
 * skips the time is taken with the offset before the change; in the hour it repeats, the first.
 */
export function zonedInstant(local: string, zone: string): Date {
  const naive = Date.parse(`${local}Z`);
  const first = naive - offsetAt(naive, zone);
  const second = naive - offsetAt(first, zone);
  return new Date(Math.min(first, second));
}
