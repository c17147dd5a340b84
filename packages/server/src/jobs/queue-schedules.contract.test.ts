import { describe, expect, it } from 'vitest';
import { queueBackends, queueSuite, say, sleep, until } from '../test/queues.js';

describe.each(queueBackends)('job queue contract, schedules: $name', ({ name, make }) => {
  const { skip, unique, queue } = queueSuite(name, make);
  it.skipIf(skip)(
    'runs a recurring job once per interval, whatever the number of workers',
    async () => {
      const a = queue();
      const b = queue();
      const job = unique('tick');
      let runs = 0;
      for (const q of [a, b]) {
        q.define<{ tick: boolean }>(job, async (payload) => {
          expect(payload).toEqual({ tick: true });
          runs += 1;
        });
        q.every(job, 300, { tick: true });
      }
      const started = Date.now();
      await Promise.all([a.start(), b.start()]);
      await until(
        async () => runs,
        (n) => n >= 3,
      );
      await sleep(300);
      const elapsed = Date.now() - started;
      // Per process it would be about twice as many.
      expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 2);
    },
  );

  it.skipIf(skip)(
    'two workers started together run a schedule once per interval, not once each',
    async () => {
      const a = queue();
      const b = queue();
      const job = unique('cluster-tick');
      const times: number[] = [];
      for (const q of [a, b]) {
        q.define<null>(job, async () => {
          times.push(Date.now());
        });
        q.every(job, 400, null);
      }
      const started = Date.now();
      await Promise.all([a.start(), b.start()]);
      await sleep(2_100);
      const elapsed = Date.now() - started;
      say(
        name,
        'cluster ticks',
        times.map((t) => t - started),
      );
      // One worker would run it about elapsed / 400 times (+1 for a run due at start); two
      // workers each running it would make that twice as many.
      expect(times.length).toBeGreaterThanOrEqual(Math.floor(elapsed / 400) - 1);
      expect(times.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 1);
      // Never two runs of one interval (each one's own run, a few ms apart).
      const sorted = [...times].sort((x, y) => x - y);
      for (let i = 1; i < sorted.length; i += 1) {
        expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(150);
      }
    },
  );

  it.skipIf(skip)('workers started together make one start run of a schedule', async () => {
    const workers = [queue(), queue(), queue()];
    const job = unique('start-run');
    let runs = 0;
    for (const q of workers) {
      q.define<null>(job, async () => {
        runs += 1;
        await sleep(50);
      });
      // Far off: only the start run (and a first run due now) can happen in this test.
      q.every(job, 3_600_000, null, { atStart: true });
    }
    await Promise.all(workers.map((q) => q.start()));
    await until(
      async () => runs,
      (n) => n >= 1,
    );
    await sleep(600);
    expect(runs).toBe(1);
  });

  it.skipIf(skip)('a worker started later brings a run within the start window', async () => {
    const job = unique('late-start');
    const times: number[] = [];
    const worker = () => {
      const q = queue();
      q.define<null>(job, async () => {
        times.push(Date.now());
      });
      // Start window: half the interval (500 ms).
      q.every(job, 1_000, null, { atStart: true });
      return q;
    };
    await worker().start();
    await until(
      async () => times.length,
      (n) => n === 1,
    );
    await sleep(600);
    const late = Date.now();
    await worker().start();
    await until(
      async () => times.filter((t) => t >= late).length,
      (n) => n >= 1,
    );
    // Its own start run, or the scheduled run when that is due within the window: one of them.
    expect(times.filter((t) => t >= late)[0]! - late).toBeLessThan(700);
    await sleep(100);
    expect(times.filter((t) => t >= late && t < late + 700)).toHaveLength(1);
  });
});
