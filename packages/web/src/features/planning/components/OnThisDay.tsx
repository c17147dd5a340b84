import { Anchor, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PlanningFilters } from '@kinfolio/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { EntryFeed } from '@/shared/content/EntryFeed';
import { planningQueries } from '../api';
import { EntryList } from './EntryList';
import { dateTimeFormat } from '@/shared/intl';

interface OnThisDayProps {
  /** The month and day, `06-12`. */
  monthDay: string;
  filters: PlanningFilters;
  onMonthDay: (monthDay: string) => void;
  /** Opens one year's day in full (more entries than shown here). */
  onOpenDay: (day: string) => void;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** Days a month can have (29 February included: it happened in some years). */
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The same day in other years, newest first, each year with its first entries and its count. */
export function OnThisDay({ monthDay, filters, onMonthDay, onOpenDay }: OnThisDayProps) {
  const { t } = useTranslation('planning');
  const language = useUiLanguage();
  const [month, day] = monthDay.split('-') as [string, string];
  const years = useQuery(planningQueries.onThisDay(month, day, filters));
  const texts = { error: t('loadError'), empty: t('onThisDay.empty') };

  const monthData = useMemo(
    () =>
      MONTH_LENGTHS.map((_, index) => ({
        value: pad(index + 1),
        label: dateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2000, index, 1)),
        ),
      })),
    [language],
  );
  const dayData = Array.from({ length: MONTH_LENGTHS[Number(month) - 1] ?? 31 }, (_, index) => ({
    value: pad(index + 1),
    label: String(index + 1),
  }));
  const dateIn = (year: number) =>
    dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${String(year).padStart(4, '0')}-${month}-${day}T00:00:00Z`),
    );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label={t('onThisDay.day')}
          data={dayData}
          value={day}
          onChange={(value) => value && onMonthDay(`${month}-${value}`)}
          allowDeselect={false}
          w={100}
        />
        <Select
          label={t('onThisDay.month')}
          data={monthData}
          value={month}
          onChange={(value) => {
            if (!value) return;
            const length = MONTH_LENGTHS[Number(value) - 1] ?? 31;
            onMonthDay(`${value}-${pad(Math.min(Number(day), length))}`);
          }}
          allowDeselect={false}
          w={170}
        />
      </Group>
      <EntryFeed query={years} entries={(answer) => answer.years} texts={texts} height={160}>
        {(answer) => (
          <Stack gap="sm">
            {answer.years.map((entry) => {
              const date = `${String(entry.year).padStart(4, '0')}-${month}-${day}`;
              return (
                <Paper
                  key={entry.year}
                  withBorder
                  p="md"
                  radius="md"
                  component="section"
                  aria-labelledby={`kf-otd-${entry.year}`}
                >
                  <Group justify="space-between" align="baseline" mb="xs" gap="xs">
                    <Title order={2} size="h4" id={`kf-otd-${entry.year}`}>
                      {dateIn(entry.year)}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t('count', { count: entry.count })}
                    </Text>
                  </Group>
                  <EntryList
                    entries={entry.entries}
                    label={t('day.listLabel', { date: dateIn(entry.year) })}
                  />
                  {entry.count > entry.entries.length ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onOpenDay(date)}
                    >
                      {t('onThisDay.seeAll', { count: entry.count, date: dateIn(entry.year) })}
                    </Anchor>
                  ) : null}
                </Paper>
              );
            })}
          </Stack>
        )}
      </EntryFeed>
    </Stack>
  );
}
