import { calendarDay } from '@/shared/kit/calendarDay';
import {
  CONTENT_LANGUAGES,
  ITEM_BASES,
  ITEM_LIMITS,
  PLANNING_KINDS,
  PLANNING_UNITS,
  type ContentLanguage,
  type PlanningFilters,
  type PlanningKind,
  type PlanningUnit,
} from '@kinfolio/contract';

export const PLANNING_PATH = '/planning';

/** The planning's three ways of looking at the archive's dates. */
export const PLANNING_VIEWS = ['calendar', 'timeline', 'onthisday'] as const;
export type PlanningView = (typeof PLANNING_VIEWS)[number];

/**
 * `/planning` query parameters. The filters are named as the archive lists name theirs
 * (`category`, `participant`, `tag`, `language`) plus `type`; the rest say what is shown: the view
 * (calendar by default), the calendar's month, the timeline's zoom and anchor day, the chosen day
 * and the page of its list.
 */
export interface PlanningSearch {
  view?: Exclude<PlanningView, 'calendar'>;
  type?: PlanningKind;
  category?: number;
  participant?: number;
  tag?: number;
  language?: ContentLanguage;
  /** The calendar's month, `1954-06`. */
  month?: string;
  /** The timeline's unit (decade by default) and the day its window is around. */
  zoom?: Exclude<PlanningUnit, 'decade'>;
  at?: string;
  /** The chosen day (its entries are listed; "on this day" takes its month and day). */
  day?: string;
  /** "On this day": the month and day (`06-12`), when not the chosen day's nor today's. */
  md?: string;
  /** Page of the chosen day's list. */
  page?: number;
}

export type PlanningFilterKey = 'type' | 'category' | 'participant' | 'tag' | 'language';
export const PLANNING_FILTER_KEYS: readonly PlanningFilterKey[] = [
  'type',
  'category',
  'participant',
  'tag',
  'language',
];

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number < 2 ** 31
    ? number
    : undefined;
}

export { calendarDay };

function calendarMonth(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= '0001'
    ? value
    : undefined;
}

/** `validateSearch` of `/planning`: unknown or malformed values are dropped. */
export function validatePlanningSearch(raw: Record<string, unknown>): PlanningSearch {
  const result: PlanningSearch = {};
  if (raw.view === 'timeline' || raw.view === 'onthisday') result.view = raw.view;
  if ((PLANNING_KINDS as readonly unknown[]).includes(raw.type)) {
    result.type = raw.type as PlanningKind;
  }
  for (const key of ['category', 'participant', 'tag'] as const) {
    const id = positiveInt(raw[key]);
    if (id !== undefined) result[key] = id;
  }
  if ((CONTENT_LANGUAGES as readonly unknown[]).includes(raw.language)) {
    result.language = raw.language as ContentLanguage;
  }
  const month = calendarMonth(raw.month);
  if (month) result.month = month;
  if (raw.zoom !== 'decade' && (PLANNING_UNITS as readonly unknown[]).includes(raw.zoom)) {
    result.zoom = raw.zoom as PlanningSearch['zoom'];
  }
  const at = calendarDay(raw.at);
  if (at) result.at = at;
  const day = calendarDay(raw.day);
  if (day) result.day = day;
  if (typeof raw.md === 'string' && calendarDay(`2000-${raw.md}`)) result.md = raw.md;
  const page = positiveInt(raw.page);
  if (page !== undefined && page > 1) result.page = Math.min(page, ITEM_LIMITS.maxPage);
  return result;
}

/** The filters as every planning route takes them. */
export function planningFilters(search: PlanningSearch): PlanningFilters {
  const filters: PlanningFilters = {};
  if (search.type) filters.type = search.type;
  if (search.category !== undefined) filters.category = search.category;
  if (search.participant !== undefined) filters.participant = search.participant;
  if (search.tag !== undefined) filters.tag = search.tag;
  if (search.language) filters.lang = search.language;
  return filters;
}

/** Whether records are left out by the filters (they have no tags nor categories). */
export function recordsLeftOut(search: PlanningSearch): boolean {
  return (
    (search.type === undefined || search.type === 'record') &&
    (search.tag !== undefined || search.category !== undefined)
  );
}

/** The next address after one control changed: the day's list goes back to its first page. */
export function withPlanningChange(
  current: PlanningSearch,
  change: Partial<PlanningSearch>,
): PlanningSearch {
  const next: PlanningSearch = { ...current, ...change };
  if (!('page' in change)) delete next.page;
  for (const key of Object.keys(next) as (keyof PlanningSearch)[]) {
    if (next[key] === undefined) delete next[key];
  }
  return next;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Today on the reader's clock, `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(2000, m, 0));
  date.setUTCFullYear(y, m, 0);
  return date.getUTCDate();
}

/** `1954-06` ± `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** The widest the archive's dates go: the decade view asks for all of it at once. */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** The timeline's unit, and the window of buckets it shows around `at`: both ends included. */
export function timelineWindow(unit: PlanningUnit, at: string): { from: string; to: string } {
  const year = at.slice(0, 4);
  switch (unit) {
    case 'decade':
      return { from: FIRST_DAY, to: LAST_DAY };
    case 'year':
      return { from: `${year.slice(0, 3)}0-01-01`, to: `${year.slice(0, 3)}9-12-31` };
    case 'month':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'day': {
      const month = at.slice(0, 7);
      return { from: `${month}-01`, to: `${month}-${pad(daysInMonth(month))}` };
    }
  }
}

/** Every bucket start of a window, oldest first (the decade view: from `first` to `last` only). */
export function bucketStarts(unit: PlanningUnit, from: string, to: string): string[] {
  const starts: string[] = [];
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  switch (unit) {
    case 'decade':
      for (let y = Math.floor(fromYear / 10) * 10; y <= toYear; y += 10)
        starts.push(`${pad(y, 4)}-01-01`);
      break;
    case 'year':
      for (let y = fromYear; y <= toYear; y++) starts.push(`${pad(y, 4)}-01-01`);
      break;
    case 'month':
      for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1))
        starts.push(`${m}-01`);
      break;
    case 'day': {
      const month = from.slice(0, 7);
      const last = Math.min(daysInMonth(month), Number(to.slice(8, 10)));
      for (let d = Number(from.slice(8, 10)); d <= last; d++) starts.push(`${month}-${pad(d)}`);
      break;
    }
  }
  return starts;
}

/** The unit one step finer, or coarser; none past days or decades. */
export function finerUnit(unit: PlanningUnit): PlanningUnit | undefined {
  return PLANNING_UNITS[PLANNING_UNITS.indexOf(unit) + 1];
}
export function coarserUnit(unit: PlanningUnit): PlanningUnit | undefined {
  const index = PLANNING_UNITS.indexOf(unit);
  return index > 0 ? PLANNING_UNITS[index - 1] : undefined;
}

/** The anchor of the next (or previous) window: a decade, a year or a month further. */
export function shiftWindow(unit: PlanningUnit, at: string, direction: 1 | -1): string {
  const year = Number(at.slice(0, 4));
  switch (unit) {
    case 'decade':
      return at;
    case 'year':
      return `${pad(Math.min(9999, Math.max(1, year + 10 * direction)), 4)}-01-01`;
    case 'month':
      return `${pad(Math.min(9999, Math.max(1, year + direction)), 4)}-01-01`;
    case 'day':
      return `${addMonths(at.slice(0, 7), direction)}-01`;
  }
}

/** The bucket of `at` at `unit` (its first day). */
export function bucketOf(unit: PlanningUnit, at: string): string {
  switch (unit) {
    case 'decade':
      return `${at.slice(0, 3)}0-01-01`;
    case 'year':
      return `${at.slice(0, 4)}-01-01`;
    case 'month':
      return `${at.slice(0, 7)}-01`;
    case 'day':
      return at;
  }
}

/**
 * How warm a count is beside the busiest one, 0 (nothing) to 4: on a log scale, so one busy day
 * does not leave every other one pale.
 */
export function heatLevel(count: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0 || max <= 0) return 0;
  if (max === 1) return 4;
  const level = Math.ceil((4 * Math.log(1 + count)) / Math.log(1 + max));
  return Math.min(4, Math.max(1, level)) as 1 | 2 | 3 | 4;
}

/** An entry's profile page: `/dreams/12/profile`, `/records/4/profile`. */
export function entryPath(type: PlanningKind, id: number): string {
  if (type === 'record') return `/records/${id}/profile`;
  return `${ITEM_BASES[type].slice('/api'.length)}/${id}/profile`;
}
