import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { Calendar, type CalendarLevel } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import type { PlanningFilters } from '@kinfolio/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { planningQueries } from '../api';
import { monthRequest } from '../load';
import { heatLevel } from '../planningSearch';
import { HeatLegend } from './HeatLegend';
import { dateTimeFormat } from '@/shared/intl';

interface PlanningCalendarProps {
  /** The month shown, `1954-06`. */
  month: string;
  /** The chosen day, if any. */
  day?: string;
  filters: PlanningFilters;
  onMonth: (month: string) => void;
  onDay: (day: string) => void;
}

/**
 * A month of days (or a year of months) with how many dated entries each holds, warmer the more
 * there are: Mantine's calendar, fed the server's counts per day or month, never the rows.
 */
export function PlanningCalendar({ month, day, filters, onMonth, onDay }: PlanningCalendarProps) {
  const { t } = useTranslation('planning');
  const language = useUiLanguage();
  const [level, setLevel] = useState<CalendarLevel>('month');
  const year = month.slice(0, 4);
  const request =
    level === 'month'
      ? monthRequest(month)
      : { unit: 'month' as const, from: `${year}-01-01`, to: `${year}-12-31` };
  const buckets = useQuery(planningQueries.buckets({ ...request, ...filters }));
  const counts = useMemo(
    () => new Map((buckets.data?.buckets ?? []).map((bucket) => [bucket.start, bucket.count])),
    [buckets.data],
  );
  const max = Math.max(0, ...counts.values());
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const dayName = (date: string) =>
    dateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const monthName = (date: string) =>
    dateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date.slice(0, 7)}-01T00:00:00Z`),
    );
  const shortMonth = (date: string) =>
    dateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date.slice(0, 7)}-01T00:00:00Z`),
    );

  return (
    <Stack gap="xs" className="kf-planning-calendar">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {buckets.isPending
            ? '\u00a0'
            : level === 'month'
              ? t('calendar.monthTotal', { count: total, period: monthName(month) })
              : t('calendar.yearTotal', { count: total, period: year })}
        </Text>
        <HeatLegend />
      </Group>
      {buckets.isPending ? <Skeleton height={8} radius="xl" /> : null}
      <Calendar
        locale={language}
        level={level}
        onLevelChange={setLevel}
        minLevel="month"
        maxLevel="year"
        date={`${month}-01`}
        onDateChange={(date) => onMonth(date.slice(0, 7))}
        onMonthSelect={(date) => onMonth(date.slice(0, 7))}
        firstDayOfWeek={language === 'en' ? 0 : 1}
        hideOutsideDates
        highlightToday
        size="lg"
        fullWidth
        aria-busy={buckets.isFetching}
        ariaLabels={{
          monthLevelControl: t('calendar.yearLevel'),
          nextMonth: t('calendar.nextMonth'),
          previousMonth: t('calendar.previousMonth'),
          nextYear: t('calendar.nextYear'),
          previousYear: t('calendar.previousYear'),
        }}
        getDayAriaLabel={(date) =>
          t('calendar.dayLabel', { count: counts.get(date) ?? 0, date: dayName(date) })
        }
        getDayProps={(date) => ({
          selected: date === day,
          onClick: () => onDay(date),
          className: 'kf-heat',
          'data-heat': heatLevel(counts.get(date) ?? 0, max),
        })}
        renderDay={(date) => {
          const count = counts.get(date) ?? 0;
          return (
            <span className="kf-planning-day">
              <span>{Number(date.slice(8, 10))}</span>
              {count > 0 ? <span className="kf-planning-day-count">{count}</span> : null}
            </span>
          );
        }}
        getMonthControlProps={(date) => {
          const count = counts.get(date) ?? 0;
          return {
            className: 'kf-heat',
            'data-heat': heatLevel(count, max),
            'aria-label': t('calendar.dayLabel', { count, date: monthName(date) }),
            children: (
              <span className="kf-planning-day">
                <span>{shortMonth(date)}</span>
                {count > 0 ? <span className="kf-planning-day-count">{count}</span> : null}
              </span>
            ),
          };
        }}
      />
    </Stack>
  );
}
