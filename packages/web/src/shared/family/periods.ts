/** What a period holds: anything dated by an ISO day (or undated), with a key to order ties. */
export interface DatedEntry {
  key: string;
  date: string | null;
}

export type PeriodKind =
  'before' | 'childhood' | 'youth' | 'adult' | 'later' | 'after' | 'decade' | 'undated';

export interface Period<Entry extends DatedEntry = DatedEntry> {
  key: string;
  kind: PeriodKind;
  /** The ages (in years) a period of life spans; `to` is null for the last one. */
  ages?: { from: number; to: number | null };
  /** The decade's first year, when there is no birth to count ages from. */
  decade?: number;
  entries: Entry[];
}

/** The periods of a life by age: childhood to 12, youth to 24, adult years to 64, then later life. */
const STAGES = [
  { kind: 'childhood', from: 0, to: 12 },
  { kind: 'youth', from: 13, to: 24 },
  { kind: 'adult', from: 25, to: 64 },
  { kind: 'later', from: 65, to: null },
] as const;

const yearOfEntry = (entry: DatedEntry) => (entry.date ? Number(entry.date.slice(0, 4)) : null);

/**
 * A person's items, photos and records by period of their life (by their age from the birth
 * year), before their birth and after their death apart; by decade when the birth is unknown. The
 * periods run in time order, each one's entries oldest first, the undated last.
 */
export function byPeriod<Entry extends DatedEntry>(
  entries: readonly Entry[],
  birthYear: number | null,
  deathYear: number | null,
): Period<Entry>[] {
  const periods = new Map<string, Period<Entry>>();
  const order: string[] = [];
  const add = (key: string, make: () => Omit<Period, 'entries' | 'key'>, entry: Entry) => {
    let period = periods.get(key);
    if (!period) {
      period = { key, ...make(), entries: [] };
      periods.set(key, period);
      order.push(key);
    }
    period.entries.push(entry);
  };
  const sorted = [...entries].sort(
    (a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.key.localeCompare(b.key),
  );
  for (const entry of sorted) {
    const year = yearOfEntry(entry);
    if (year === null) {
      add('undated', () => ({ kind: 'undated' }), entry);
    } else if (birthYear === null) {
      const decade = Math.floor(year / 10) * 10;
      add(`decade-${decade}`, () => ({ kind: 'decade', decade }), entry);
    } else if (year < birthYear) {
      add('before', () => ({ kind: 'before' }), entry);
    } else if (deathYear !== null && year > deathYear) {
      add('after', () => ({ kind: 'after' }), entry);
    } else {
      const age = year - birthYear;
      const stage = STAGES.find((s) => s.to === null || age <= s.to) ?? STAGES[3];
      add(
        stage.kind,
        () => ({ kind: stage.kind, ages: { from: stage.from, to: stage.to } }),
        entry,
      );
    }
  }
  const rank = (period: Period<Entry>) => (period.kind === 'undated' ? 1 : 0);
  return order
    .map((key) => periods.get(key)!)
    .sort((a, b) => rank(a) - rank(b) || (firstYear(a) ?? 0) - (firstYear(b) ?? 0));
}

const firstYear = (period: Period<DatedEntry>) => {
  const first = period.entries[0];
  return first ? yearOfEntry(first) : null;
};
