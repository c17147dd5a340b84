import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { PLANNING_KINDS, type PlanningBucket } from '@kinfolio/contract';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findLatestMonth, useOpeningMonth } from './openingMonth';

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

const byType = Object.fromEntries(
  PLANNING_KINDS.map((kind) => [kind, 0]),
) as PlanningBucket['by_type'];
const bucket = (start: string): PlanningBucket => ({ start, count: 3, by_type: byType });

/** An archive of 1950–2025 whose last entries are in April 2025; `current` holds this month's. */
function serve(current: PlanningBucket[] = []) {
  call.mockImplementation(async (_name: string, args?: { query: { unit: string } }) => {
    switch (args?.query.unit) {
      case 'decade':
        return { unit: 'decade', buckets: [bucket('1950-01-01'), bucket('2020-01-01')] };
      case 'year':
        return { unit: 'year', buckets: [bucket('2021-01-01'), bucket('2025-01-01')] };
      case 'month':
        return { unit: 'month', buckets: [bucket('2025-02-01'), bucket('2025-04-01')] };
      default:
        return { unit: 'day', buckets: current };
    }
  });
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('opening month of the planning', () => {
  beforeEach(() => call.mockReset());

  it('narrows decades, then years, then months to the latest month with entries', async () => {
    serve();
    expect(await findLatestMonth({ type: 'mail' }, new AbortController().signal)).toBe('2025-04');
    expect(call.mock.calls.map(([, args]) => (args as { query: unknown }).query)).toEqual([
      { unit: 'decade', from: '1000-01-01', to: '9999-12-31', type: 'mail' },
      { unit: 'year', from: '2020-01-01', to: '2029-12-31', type: 'mail' },
      { unit: 'month', from: '2025-01-01', to: '2025-12-31', type: 'mail' },
    ]);
  });

  it('an empty archive has no latest month', async () => {
    call.mockResolvedValue({ unit: 'decade', buckets: [] });
    expect(await findLatestMonth({}, new AbortController().signal)).toBeNull();
  });

  it('opens on the latest month when the current one is empty', async () => {
    serve();
    const { result } = renderHook(() => useOpeningMonth({}, '2026-11', true), { wrapper });
    await waitFor(() => expect(result.current.opening).toBe('2025-04'));
    expect(result.current.latest).toBe('2025-04');
  });

  it('opens on the current month when it has entries', async () => {
    serve([bucket('2026-11-02')]);
    const { result } = renderHook(() => useOpeningMonth({}, '2026-11', true), { wrapper });
    await waitFor(() => expect(result.current.opening).toBe('2026-11'));
  });

  it('leaves a month named in the address alone, still knowing the latest for its button', async () => {
    serve();
    const { result } = renderHook(() => useOpeningMonth({}, '2026-11', false), { wrapper });
    await waitFor(() => expect(result.current.latest).toBe('2025-04'));
    expect(result.current.opening).toBeUndefined();
  });
});
