/** A real calendar day written `YYYY-MM-DD`, years 0001 to 9999 (what the API's dates take). */
export function calendarDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001')
    return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
}
