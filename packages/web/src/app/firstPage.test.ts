import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { nextTask } from '@/shared/nextTask';
import { fetchesSettled, firstPageReady, startInTurn } from './firstPage';

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('the first page waits for its fetches', () => {
  it('goes on at once when nothing is fetching', async () => {
    expect(await settledWithin(fetchesSettled(new QueryClient()), 50)).toBe(true);
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
    const settled = fetchesSettled(client);
    expect(await settledWithin(settled, 30)).toBe(false);
    answer('a');
    expect(await settledWithin(settled, 30)).toBe(false);
    fail(new Error('b'));
    expect(await settledWithin(settled, 50)).toBe(true);
  });
});

describe('firstPageReady', () => {
  it('never waits longer than its bound', async () => {
    const started = Date.now();
    await firstPageReady(new Promise(() => undefined), 40);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('goes on when a piece failed', async () => {
    expect(await settledWithin(firstPageReady(Promise.reject(new Error('x')), 5000), 50)).toBe(
      true,
    );
  });
});

describe('nextTask', () => {
  it("resolves in a later task, not among the current one's microtasks", async () => {
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(true);
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
