import { ActionIcon, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PlanningFilters, PlanningUnit } from '@kinfolio/contract';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { ChevronIcon } from '@/shared/ui/icons';
import { planningQueries } from '../api';
import {
  bucketOf,
  bucketStarts,
  coarserUnit,
  finerUnit,
  heatLevel,
  shiftWindow,
  timelineWindow,
} from '../planningSearch';
import { HeatLegend } from './HeatLegend';
import { dateTimeFormat } from '@/shared/intl';

export interface TimelinePlace {
  unit: PlanningUnit;
  at: string;
}

interface PlanningTimelineProps extends TimelinePlace {
  filters: PlanningFilters;
  /** The chosen day, if any (marked at day level). */
  day?: string;
  onPlace: (place: TimelinePlace) => void;
  onDay: (day: string) => void;
}

/** Wheel steps closer than this count as one zoom (a trackpad sends dozens a second). */
const WHEEL_PAUSE_MS = 350;

/**
 * The archive on a time axis: bars of counts per decade, per year of a decade, per month of a
 * year or per day of a month. A bar zooms into its period (a day's bar opens its entries); the
 * bars are one tab stop: arrows move (past the ends, to the next window), + and − zoom,
 * Ctrl + wheel (or a trackpad pinch) too.
 */
export function PlanningTimeline(props: PlanningTimelineProps) {
  const { unit, at, filters, day, onPlace, onDay } = props;
  const { t } = useTranslation('planning');
  const language = useUiLanguage();
  const range = timelineWindow(unit, at);
  const buckets = useQuery(planningQueries.buckets({ unit, ...range, ...filters }));
  const counts = useMemo(
    () => new Map((buckets.data?.buckets ?? []).map((bucket) => [bucket.start, bucket.count])),
    [buckets.data],
  );
  const starts = useMemo(() => {
    if (unit !== 'decade') return bucketStarts(unit, range.from, range.to);
    const found = buckets.data?.unit === 'decade' ? buckets.data.buckets : [];
    const first = found[0];
    const last = found.at(-1);
    return first && last ? bucketStarts('decade', first.start, last.start) : [];
  }, [unit, range.from, range.to, buckets.data]);
  const max = Math.max(0, ...counts.values());

  const anchor = bucketOf(unit, at);
  const anchorIndex = Math.max(0, starts.indexOf(anchor));
  const [focused, setFocused] = useState(anchorIndex);
  const focusIndex = Math.min(focused, Math.max(0, starts.length - 1));
  const bars = useRef<HTMLDivElement>(null);
  /** Where focus goes once the next window is drawn, when a key or click inside moved it. */
  const pendingFocus = useRef<'anchor' | 'first' | 'last' | null>(null);

  // A new window: the roving tab stop goes to the anchor's bar (or an end, after an arrow).
  const shownWindow = useRef('');
  useEffect(() => {
    const pending = pendingFocus.current;
    const windowKey = `${starts[0]}/${starts.length}/${anchorIndex}`;
    const sameWindow = shownWindow.current === windowKey;
    shownWindow.current = windowKey;
    // The counts arriving for the window already shown: the tab stop stays where the reader left it.
    if (sameWindow && !pending) return;
    const index =
      pending === 'first' ? 0 : pending === 'last' ? starts.length - 1 : Math.max(0, anchorIndex);
    setFocused(index);
    if (pending && starts.length > 0 && !buckets.isPlaceholderData) {
      pendingFocus.current = null;
      bars.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
    }
  }, [starts, anchorIndex, buckets.isPlaceholderData]);

  const format = (options: Intl.DateTimeFormatOptions, date: string) =>
    dateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const shortLabel = (start: string) => {
    switch (unit) {
      case 'decade':
      case 'year':
        return String(Number(start.slice(0, 4)));
      case 'month':
        return format({ month: 'short' }, start);
      case 'day':
        return String(Number(start.slice(8, 10)));
    }
  };
  const periodName = (start: string) => {
    switch (unit) {
      case 'decade':
        return t('timeline.decade', { year: Number(start.slice(0, 4)) });
      case 'year':
        return String(Number(start.slice(0, 4)));
      case 'month':
        return format({ month: 'long', year: 'numeric' }, start);
      case 'day':
        return format({ dateStyle: 'full' }, start);
    }
  };
  const windowName = (() => {
    switch (unit) {
      case 'decade':
        return t('timeline.allDecades');
      case 'year':
        return `${Number(range.from.slice(0, 4))}–${Number(range.to.slice(0, 4))}`;
      case 'month':
        return String(Number(range.from.slice(0, 4)));
      case 'day':
        return format({ month: 'long', year: 'numeric' }, range.from);
    }
  })();

  const finer = finerUnit(unit);
  const coarser = coarserUnit(unit);
  const open = (start: string) => {
    if (finer) {
      pendingFocus.current = 'anchor';
      onPlace({ unit: finer, at: start });
    } else onDay(start);
  };
  const zoomOut = (from = starts[focusIndex] ?? at) => {
    if (!coarser) return;
    pendingFocus.current = 'anchor';
    onPlace({ unit: coarser, at: from });
  };
  const move = (direction: 1 | -1, focus: 'first' | 'last' | 'anchor' = 'anchor') => {
    if (unit === 'decade') return;
    pendingFocus.current = focus;
    onPlace({ unit, at: shiftWindow(unit, at, direction) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const focusBar = (next: number) => {
      // The reader has moved on: the window's counts arriving later must not pull focus back.
      pendingFocus.current = null;
      setFocused(next);
      bars.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    };
    const last = starts.length - 1;
    let handled = true;
    switch (event.key) {
      case 'ArrowRight':
        if (index < last) focusBar(index + 1);
        else move(1, 'first');
        break;
      case 'ArrowLeft':
        if (index > 0) focusBar(index - 1);
        else move(-1, 'last');
        break;
      case 'Home':
        focusBar(0);
        break;
      case 'End':
        focusBar(last);
        break;
      case 'PageDown':
        move(1);
        break;
      case 'PageUp':
        move(-1);
        break;
      case '+':
      case '=':
        open(starts[index] ?? at);
        break;
      case '-':
      case '_':
        zoomOut(starts[index]);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  // Ctrl + wheel (a trackpad pinch sends these too) zooms on the bar under the pointer. React's
  // wheel listener is passive: this one must be able to keep the page from zooming.
  const wheelAt = useRef(0);
  const wheel = useRef<(event: WheelEvent) => void>(() => undefined);
  wheel.current = (event: WheelEvent) => {
    if (!event.ctrlKey || event.deltaY === 0) return;
    event.preventDefault();
    if (event.timeStamp - wheelAt.current < WHEEL_PAUSE_MS) return;
    wheelAt.current = event.timeStamp;
    const start = (event.target as Element | null)
      ?.closest<HTMLElement>('[data-start]')
      ?.getAttribute('data-start');
    if (event.deltaY < 0) {
      if (finer) onPlace({ unit: finer, at: start ?? starts[focusIndex] ?? at });
    } else if (coarser) onPlace({ unit: coarser, at: start ?? at });
  };
  const hasBars = starts.length > 0;
  // A phone shows a few of a month's days: the anchor's bar (the chosen day) is scrolled into
  // sight, without moving the page itself as scrollIntoView would.
  useEffect(() => {
    const node = bars.current;
    const bar = node?.querySelectorAll<HTMLButtonElement>('button')[anchorIndex];
    if (!node || !bar || node.scrollWidth <= node.clientWidth) return;
    node.scrollLeft = bar.offsetLeft - (node.clientWidth - bar.offsetWidth) / 2;
  }, [hasBars, starts, anchorIndex]);
  useEffect(() => {
    const node = bars.current;
    if (!node) return;
    const listener = (event: WheelEvent) => wheel.current(event);
    node.addEventListener('wheel', listener, { passive: false });
    return () => node.removeEventListener('wheel', listener);
  }, [hasBars]);

  const levels = ['decade', 'year', 'month', 'day'] as const;

  return (
    <Stack gap="sm" className="kf-timeline">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => move(-1)}
            disabled={unit === 'decade'}
            aria-label={t('timeline.previous')}
          >
            <ChevronIcon direction="left" />
          </ActionIcon>
          <Text fw={600} className="kf-timeline-window" aria-live="polite">
            {windowName}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => move(1)}
            disabled={unit === 'decade'}
            aria-label={t('timeline.next')}
          >
            <ChevronIcon direction="right" />
          </ActionIcon>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="sm"
            onClick={() => zoomOut()}
            disabled={!coarser}
            aria-keyshortcuts="-"
          >
            {t('timeline.zoomOut')}
          </Button>
          <Button
            variant="default"
            size="sm"
            onClick={() => open(starts[focusIndex] ?? at)}
            disabled={!finer || starts.length === 0}
            aria-keyshortcuts="+"
          >
            {t('timeline.zoomIn')}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('timeline.level', { level: t(`timeline.levels.${unit}`) })}
          {' · '}
          {levels.indexOf(unit) + 1}/{levels.length}
        </Text>
        <HeatLegend />
      </Group>
      <Text size="xs" c="dimmed" id="kf-timeline-help" className="kf-timeline-help">
        {t('timeline.help')}
      </Text>
      {buckets.isPending ? (
        <Skeleton height={180} radius="md" />
      ) : starts.length === 0 ? (
        <Text c="dimmed" role="status">
          {buckets.data ? t('timeline.empty') : t('loadError')}
        </Text>
      ) : (
        <div
          ref={bars}
          className="kf-timeline-bars"
          role="group"
          aria-label={t('timeline.barsLabel', { period: windowName })}
          aria-describedby="kf-timeline-help"
          aria-busy={buckets.isFetching}
          data-unit={unit}
        >
          {starts.map((start, index) => {
            const count = counts.get(start) ?? 0;
            const height = max > 0 && count > 0 ? Math.max(4, (100 * count) / max) : 0;
            return (
              <button
                type="button"
                key={start}
                className="kf-timeline-bar"
                data-start={start}
                data-selected={unit === 'day' && start === day ? true : undefined}
                tabIndex={index === focusIndex ? 0 : -1}
                aria-label={t('timeline.bar', { count, period: periodName(start) })}
                aria-current={unit === 'day' && start === day ? 'date' : undefined}
                onClick={() => open(start)}
                onKeyDown={(event) => onKeyDown(event, index)}
                onFocus={() => setFocused(index)}
              >
                <span className="kf-timeline-count">{count > 0 ? count : ''}</span>
                <span className="kf-timeline-track">
                  <span
                    className="kf-timeline-fill kf-heat"
                    data-heat={heatLevel(count, max)}
                    style={{ height: `${height}%` }}
                  />
                </span>
                <span className="kf-timeline-label">{shortLabel(start)}</span>
              </button>
            );
          })}
        </div>
      )}
    </Stack>
  );
}
