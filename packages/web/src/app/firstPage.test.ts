import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '@/shared/nextTask';
import { fetchesSettled, firstPageReady, startInTurn } from './firstPage';

/** Whether `promise` has settled, read at any later moment. */
function tracked(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/** Lets the query cache tell its listeners (it batches them into a zero-delay timer). */
const cacheNotified = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('the first page waits for its fetches', () => {
  it('goes on at once when nothing is fetching', async () => {
    const settled = tracked(fetchesSettled(new QueryClient()));
    await Promise.resolve();
    expect(settled.settled).toBe(true);
  });

  it('waits until the last fetch ended, failed or not', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: (value: string) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    void client.prefetchQuery({
      queryKey: ['a'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    void client.prefetchQuery({
      queryKey: ['b'],
      queryFn: () => new Promise<string>((_, reject) => (fail = reject)),
    });
    const settled = tracked(fetchesSettled(client));
    await cacheNotified();
    expect(settled.settled).toBe(false);
    answer('a');
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    await cacheNotified();
    expect(settled.settled).toBe(false);
    fail(new Error('b'));
    await vi.waitFor(() => expect(settled.settled).toBe(true));
  });
});

describe('firstPageReady', () => {
  it('never waits longer than its bound', async () => {
    vi.useFakeTimers();
    const ready = tracked(firstPageReady(new Promise(() => undefined), 40));
    await vi.advanceTimersByTimeAsync(39);
    expect(ready.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready.settled).toBe(true);
  });

  it('goes on when a piece failed, without waiting for its bound', async () => {
    vi.useFakeTimers();
    const ready = tracked(firstPageReady(Promise.reject(new Error('x')), 5000));
    await vi.advanceTimersByTimeAsync(0);
    expect(ready.settled).toBe(true);
  });
});

describe('nextTask', () => {
  it("resolves in a later task, not among the current one's microtasks", async () => {
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.waitFor(() => expect(resolved).toBe(true));
  });
});

describe('startInTurn', () => {
  it('starts each step in a task of its own, and resolves with every result', async () => {
    const started: number[] = [];
    const step = (value: number) => () => {
      started.push(value);
      return Promise.resolve(value);
    };
    const all = startInTurn([step(1), step(2), step(3)]);
    expect(started).toEqual([1]);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(started).toEqual([1]);
    expect(await all).toEqual([1, 2, 3]);
    expect(started).toEqual([1, 2, 3]);
  });
});
