import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { PLANNING_KINDS, type PlanningBuckets, type PlanningUnit } from '@kinfolio/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { planningKeys } from '../api';
import { timelineWindow } from '../planningSearch';
import { PlanningTimeline } from './PlanningTimeline';

const byType = Object.fromEntries(
  PLANNING_KINDS.map((kind) => [kind, 0]),
) as PlanningBuckets['buckets'][number]['by_type'];

/** The timeline with its counts already cached (no server). */
function timeline(unit: PlanningUnit, at: string, counts: Record<string, number>, day?: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(planningKeys.buckets({ unit, ...timelineWindow(unit, at) }), {
    unit,
    buckets: Object.entries(counts).map(([start, count]) => ({
      start,
      count,
      by_type: { ...byType, post: count },
    })),
  } satisfies PlanningBuckets);
  const onPlace = vi.fn();
  const onDay = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <PlanningTimeline
          unit={unit}
          at={at}
          filters={{}}
          day={day}
          onPlace={onPlace}
          onDay={onDay}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onPlace, onDay };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['planning', 'archive']);
});

describe('<PlanningTimeline>', () => {
  it('draws one bar per decade from the first to the last with entries, gaps included', () => {
    const { onPlace } = timeline('decade', '2026-01-01', { '1930-01-01': 2, '1950-01-01': 40 });
    const bars = screen.getAllByRole('button', { name: /^The \d{4}s: / });
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'The 1930s: 2 entries',
      'The 1940s: 0 entries',
      'The 1950s: 40 entries',
    ]);
    // One tab stop; clicking a decade zooms into its years.
    expect(bars.filter((bar) => bar.tabIndex === 0)).toHaveLength(1);
    fireEvent.click(bars[2]!);
    expect(onPlace).toHaveBeenCalledWith({ unit: 'year', at: '1950-01-01' });
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('moves with the arrows, zooms with + and −, and turns the window past its ends', () => {
    const { onPlace } = timeline('year', '1954-06-12', { '1954-01-01': 3, '1959-01-01': 1 });
    const bar = (year: number) => screen.getByRole('button', { name: new RegExp(`^${year}: `) });
    expect(bar(1954).tabIndex).toBe(0);
    bar(1954).focus();
    fireEvent.keyDown(bar(1954), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bar(1955));
    expect(bar(1955).tabIndex).toBe(0);
    fireEvent.keyDown(bar(1955), { key: '+' });
    expect(onPlace).toHaveBeenLastCalledWith({ unit: 'month', at: '1955-01-01' });
    fireEvent.keyDown(bar(1955), { key: '-' });
    expect(onPlace).toHaveBeenLastCalledWith({ unit: 'decade', at: '1955-01-01' });
    fireEvent.keyDown(bar(1955), { key: 'End' });
    fireEvent.keyDown(bar(1959), { key: 'ArrowRight' });
    expect(onPlace).toHaveBeenLastCalledWith({ unit: 'year', at: '1964-01-01' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(onPlace).toHaveBeenLastCalledWith({ unit: 'year', at: '1944-01-01' });
  });

  it("opens a day's entries at day level, the chosen day marked", () => {
    const { onDay, onPlace } = timeline('day', '2024-02-10', { '2024-02-29': 5 }, '2024-02-29');
    const bars = screen.getAllByRole('button', { name: /2024: / });
    expect(bars).toHaveLength(29);
    const leap = screen.getByRole('button', { name: 'Thursday, February 29, 2024: 5 entries' });
    expect(leap).toHaveAttribute('aria-current', 'date');
    fireEvent.click(leap);
    expect(onDay).toHaveBeenCalledWith('2024-02-29');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    expect(onPlace).not.toHaveBeenCalled();
  });
});
