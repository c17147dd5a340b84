import { CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PlanningFilters } from '@kinfolio/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { EntryFeed } from '@/shared/content/EntryFeed';
import { useDateFormat } from '@/shared/content/dates';
import { planningQueries } from '../api';
import { EntryList } from './EntryList';

interface DayEntriesProps {
  day: string;
  filters: PlanningFilters;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}

/** One day's items and records, a page at a time from the server (a day may hold thousands). */
export function DayEntries({ day, filters, page, onPage, onClose }: DayEntriesProps) {
  const { t } = useTranslation('planning');
  const formatDate = useDateFormat();
  const entries = useQuery(planningQueries.day(day, filters, page));
  const date = formatDate(`${day}T00:00:00.000Z`);
  const meta = entries.data?.meta;
  const panel = useRef<HTMLElement>(null);
  const texts = { error: t('day.loadError'), empty: t('day.empty') };

  // On a phone the panel opens under the calendar or the timeline, out of sight: a tapped day
  // seemed to do nothing. It is brought into view when its heading and first entry do not show
  // (never on a desktop, where it opens beside the calendar or right under the bars).
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const box = node.getBoundingClientRect();
    if (window.innerHeight - box.top >= Math.min(box.height, 160)) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [day]);

  return (
    <Paper
      ref={panel}
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="kf-planning-day"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} size="h4" id="kf-planning-day">
              {date}
            </Title>
            {meta ? (
              <Text size="sm" c="dimmed" role="status" aria-live="polite">
                {t('count', { count: meta.total })}
              </Text>
            ) : null}
          </div>
          <CloseButton onClick={onClose} aria-label={t('day.close')} />
        </Group>
        <EntryFeed query={entries} texts={texts} height={120} onPage={onPage}>
          {(answer) => <EntryList entries={answer.data} label={t('day.listLabel', { date })} />}
        </EntryFeed>
      </Stack>
    </Paper>
  );
}
