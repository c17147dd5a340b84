import '@mantine/dates/styles.css';
import '../planning.css';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { CalendarIcon, HistoryIcon, PageTitle, ViewSwitch } from '@/shared/ui';
import { DayEntries } from '../components/DayEntries';
import { OnThisDay } from '../components/OnThisDay';
import { PlanningCalendar } from '../components/PlanningCalendar';
import { PlanningFilterBar } from '../components/PlanningFilterBar';
import { PlanningTimeline, type TimelinePlace } from '../components/PlanningTimeline';
import { calendarMonth, onThisDayOf } from '../load';
import { useOpeningMonth } from '../openingMonth';
import {
  PLANNING_PATH,
  PLANNING_VIEWS,
  planningFilters,
  today,
  withPlanningChange,
  type PlanningSearch,
  type PlanningView,
} from '../planningSearch';

/**
 * `/planning`: every dated item and record on a calendar, a zoomable timeline and "on this day",
 * filtered through the address. Only counts per period and one page of a day come from the server.
 */
export default function PlanningPage() {
  const { t } = useTranslation('planning');
  const search = useSearch({ strict: false }) as PlanningSearch;
  const navigate = useNavigate();
  const view: PlanningView = search.view ?? 'calendar';
  const filters = useMemo(() => planningFilters(search), [search]);
  const now = today();
  const thisMonth = now.slice(0, 7);
  // Without a month in the address the calendar opens where there is something to see.
  const named = Boolean(search.month ?? search.day);
  const { opening, latest } = useOpeningMonth(filters, thisMonth, view === 'calendar' && !named);
  const shownMonth = named ? calendarMonth(search, now) : (opening ?? thisMonth);

  // Every change stays on this page: the router's scroll to the top on each navigation would
  // throw a phone reader back above the calendar at each tapped day or bar.
  const change = (partial: Partial<PlanningSearch>) =>
    void navigate({
      to: PLANNING_PATH,
      search: withPlanningChange(search, partial),
      resetScroll: false,
    });
  const chooseDay = (day: string) => change({ day });
  const place = (next: TimelinePlace) =>
    change({ zoom: next.unit === 'decade' ? undefined : next.unit, at: next.at });

  const dayPanel = search.day ? (
    <DayEntries
      day={search.day}
      filters={filters}
      page={search.page ?? 1}
      onPage={(page) => change({ page })}
      onClose={() => change({ day: undefined })}
    />
  ) : null;

  return (
    <Stack gap="md">
      <PageTitle mb={0}>{t('title')}</PageTitle>
      <ViewSwitch
        value={view}
        onChange={(value) => change({ view: value === 'calendar' ? undefined : value })}
        aria-label={t('views.label')}
        data={PLANNING_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
        fullWidthOnPhone
        className="kf-planning-views"
      />
      <PlanningFilterBar search={search} onChange={change} />
      {view === 'calendar' ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className="kf-planning-calendar-grid">
          <Stack gap="xs">
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<CalendarIcon size={14} />}
                disabled={shownMonth === thisMonth}
                onClick={() => change({ month: thisMonth })}
              >
                {t('calendar.today')}
              </Button>
              <Button
                variant="light"
                size="xs"
                leftSection={<HistoryIcon size={14} />}
                disabled={!latest || shownMonth === latest}
                onClick={() => latest && change({ month: latest })}
              >
                {t('calendar.latest')}
              </Button>
            </Group>
            <PlanningCalendar
              month={shownMonth}
              day={search.day}
              filters={filters}
              onMonth={(month) => change({ month })}
              onDay={chooseDay}
            />
          </Stack>
          {dayPanel}
        </SimpleGrid>
      ) : null}
      {view === 'timeline' ? (
        <>
          <PlanningTimeline
            unit={search.zoom ?? 'decade'}
            at={search.at ?? search.day ?? now}
            day={search.day}
            filters={filters}
            onPlace={place}
            onDay={chooseDay}
          />
          {dayPanel}
        </>
      ) : null}
      {view === 'onthisday' ? (
        <OnThisDay
          monthDay={onThisDayOf(search, now)}
          filters={filters}
          onMonthDay={(md) => change({ md })}
          onOpenDay={(day) =>
            change({ view: undefined, month: day.slice(0, 7), day, md: undefined })
          }
        />
      ) : null}
    </Stack>
  );
}
