import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { PLANNING_KINDS, type PlanningBuckets } from '@kinfolio/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { planningKeys } from '../api';
import { monthRequest } from '../load';
import { PlanningCalendar } from './PlanningCalendar';

const byType = Object.fromEntries(
  PLANNING_KINDS.map((kind) => [kind, 0]),
) as PlanningBuckets['buckets'][number]['by_type'];

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['planning', 'archive']);
});

describe('<PlanningCalendar>', () => {
  it("shows each day's count, warmer the more, and opens a day", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(planningKeys.buckets(monthRequest('1954-06')), {
      unit: 'day',
      buckets: [
        { start: '1954-06-12', count: 7, by_type: { ...byType, mail: 7 } },
        { start: '1954-06-13', count: 1, by_type: { ...byType, record: 1 } },
      ],
    } satisfies PlanningBuckets);
    const onDay = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <PlanningCalendar month="1954-06" filters={{}} onMonth={vi.fn()} onDay={onDay} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('June 1954: 8 dated entries');
    const busy = screen.getByRole('button', { name: 'Saturday, June 12, 1954: 7 entries' });
    expect(busy).toHaveAttribute('data-heat', '4');
    expect(busy).toHaveTextContent('127');
    expect(screen.getByRole('button', { name: 'Sunday, June 13, 1954: 1 entry' })).toHaveAttribute(
      'data-heat',
      '2',
    );
    expect(
      screen.getByRole('button', { name: 'Monday, June 14, 1954: 0 entries' }),
    ).toHaveAttribute('data-heat', '0');
    fireEvent.click(busy);
    expect(onDay).toHaveBeenCalledWith('1954-06-12');
  });
});
