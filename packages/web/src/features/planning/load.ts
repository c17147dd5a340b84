import { planningQueries } from './api';
import {
  daysInMonth,
  planningFilters,
  timelineWindow,
  today,
  type PlanningSearch,
} from './planningSearch';

/** The month the calendar shows for an address. */
export function calendarMonth(search: PlanningSearch, now = today()): string {
  return search.month ?? search.day?.slice(0, 7) ?? now.slice(0, 7);
}

/** The month and day "on this day" shows for an address. */
export function onThisDayOf(search: PlanningSearch, now = today()): string {
  return search.md ?? (search.day ?? now).slice(5);
}

/** The calendar's counts of a month: one bucket per day. */
export function monthRequest(month: string) {
  return {
    unit: 'day' as const,
    from: `${month}-01`,
    to: `${month}-${String(daysInMonth(month)).padStart(2, '0')}`,
  };
}

/**
 * What `/planning`'s loader starts for an address (the view's counts, the chosen day's first
 * page): the same queries the page then reads, so preloading on intent fetches them with the code.
 */
export function planningLoad(search: PlanningSearch) {
  const filters = planningFilters(search);
  const now = today();
  const view = search.view ?? 'calendar';
  const queries = [];
  if (view === 'calendar') {
    queries.push(
      planningQueries.buckets({ ...monthRequest(calendarMonth(search, now)), ...filters }),
    );
  } else if (view === 'timeline') {
    const unit = search.zoom ?? 'decade';
    const at = search.at ?? search.day ?? now;
    queries.push(planningQueries.buckets({ unit, ...timelineWindow(unit, at), ...filters }));
  } else {
    const [month, day] = onThisDayOf(search, now).split('-') as [string, string];
    queries.push(planningQueries.onThisDay(month, day, filters));
  }
  if (search.day && view !== 'onthisday') {
    queries.push(planningQueries.day(search.day, filters, search.page ?? 1));
  }
  return queries;
}
