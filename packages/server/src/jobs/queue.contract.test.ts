import { describe, expect, it } from 'vitest';
import { queueBackends, queueSuite, sleep, until } from '../test/queues.js';

describe.each(queueBackends)('job queue contract: $name', ({ name, make }) => {
  const { skip, unique, queue, waitFor, forget } = queueSuite(name, make);
  it.skipIf(skip)('runs an enqueued job with its payload and reports it done', async () => {
    const q = queue();
    const seen: unknown[] = [];
    const echo = q.define<{ word: string }>(unique('echo'), async (payload, job) => {
      seen.push({ payload, attempt: job.attempt });
    });
    await q.start();
    const id = await echo.enqueue({ word: 'bonjour' });
    const done = await waitFor(q, id, 'done');
    expect(done).toMatchObject({ id, name: echo.name, state: 'done', progress: 100, attempts: 1 });
    expect(seen).toEqual([{ payload: { word: 'bonjour' }, attempt: 1 }]);
    expect(await q.status('no-such-job')).toBeUndefined();
  });

  it.skipIf(skip)('reports progress while the job runs', async () => {
    const q = queue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = q.define<null>(unique('slow'), async (_p, job) => {
      await job.progress(40.4);
      await gate;
    });
    await q.start();
    const id = await q.enqueue(slow.name, null);
    const running = await until(
      () => q.status(id),
      (s) => s?.progress === 40,
    );
    expect(running?.state).toBe('running');
    release();
    await waitFor(q, id, 'done');
  });

  it.skipIf(skip)('one live job per key', async () => {
    const q = queue();
    const job = q.define<number>(unique('keyed'), async () => undefined);
    const first = await job.enqueue(1, { key: 'record:7', delayMs: 60_000 });
    const second = await job.enqueue(2, { key: 'record:7' });
    const other = await job.enqueue(3, { key: 'record:8' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });

  it.skipIf(skip)('takes background jobs only when no other job of the queue waits', async () => {
    const q = queue();
    const order: string[] = [];
    const media = { queue: 'media' };
    const picture = q.define<number>(unique('picture'), async (n) => void order.push(`face ${n}`), {
      ...media,
      priority: 'background',
    });
    const mp3 = q.define<null>(unique('mp3'), async () => void order.push('mp3'), media);
    // A burst of pictures queued first, then the MP3 somebody waits for.
    const ids = [];
    for (let n = 1; n <= 4; n += 1) ids.push(await picture.enqueue(n));
    ids.push(await mp3.enqueue(null));
    await q.start();
    for (const id of ids) await waitFor(q, id, 'done');
    expect(order[0]).toBe('mp3');
    expect(order.slice(1).sort()).toEqual(['face 1', 'face 2', 'face 3', 'face 4']);
  });

  it.skipIf(skip)('tells start listeners which jobs this process works', async () => {
    const q = queue();
    const job = q.define<null>(unique('listened'), async () => undefined, { queue: 'media' });
    const heard: string[][] = [];
    q.onStart((names) => heard.push(names));
    await q.start({ queues: ['media'] });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toContain(job.name);
  });

  it.skipIf(skip)('retries with growing delays, then records the failure', async () => {
    const q = queue();
    const times: number[] = [];
    const flaky = q.define<{ n: number }>(
      unique('boom'),
      async () => {
        times.push(Date.now());
        throw new Error('boom at the bottom');
      },
      { attempts: 3, backoffMs: 150 },
    );
    await q.start();
    const id = await flaky.enqueue({ n: 1 });
    const failed = await waitFor(q, id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, error: expect.stringContaining('boom') });
    expect(times).toHaveLength(3);
    // Exponential: about 150 ms, then about 300 ms (timers may fire a little early or late).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(130);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(280);
    const row = await until(
      async () => (await q.failed.list(1, 100)).rows.find((r) => r.jobId === id),
      Boolean,
    );
    expect(row).toMatchObject({ name: flaky.name, payload: { n: 1 }, attempts: 3 });
    expect(row!.queue).toBe('default');
    expect(row!.error).toContain('Error: boom at the bottom');
    expect(row!.error).toMatch(/\n\s+at /);
    expect(Date.parse(row!.failedAt)).toBeGreaterThan(times[0]! - 1000);
  });

  it.skipIf(skip)('queues a failed job again on retry, and forgets deleted failures', async () => {
    const q = queue();
    let calls = 0;
    const once = q.define<{ n: number }>(
      unique('second-time-lucky'),
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first time');
      },
      { attempts: 1 },
    );
    await q.start();
    const id = await once.enqueue({ n: 2 });
    await waitFor(q, id, 'failed');
    const failure = await until(
      async () => (await q.failed.list(1, 100)).rows.find((r) => r.jobId === id),
      Boolean,
    );
    const again = await q.failed.retry(failure!.id);
    expect(again).toBeDefined();
    await waitFor(q, again!, 'done');
    expect(calls).toBe(2);
    expect(await q.failed.get(failure!.id)).toBeUndefined();
    expect(await q.failed.retry(failure!.id)).toBeUndefined();
    expect(await q.failed.delete(failure!.id)).toBe(false);
  });

  it.skipIf(skip)(
    'shows a failed payload as its job redacts it, and retries the whole',
    async () => {
      const q = queue();
      const seen: unknown[] = [];
      const secret = q.define<{ to: string; link: string }>(
        unique('secret'),
        async (payload) => {
          seen.push(payload);
          if (seen.length === 1) throw new Error('refused');
        },
        { attempts: 1, redact: ({ to }) => ({ to, link: '[hidden]' }) },
      );
      await q.start();
      const id = await secret.enqueue({ to: 'ann@example.com', link: 'https://x.test/t0k3n' });
      await waitFor(q, id, 'failed');
      const failure = await until(
        async () => (await q.failed.list(1, 100)).rows.find((r) => r.jobId === id),
        Boolean,
      );
      expect(failure!.payload).toEqual({ to: 'ann@example.com', link: '[hidden]' });
      expect((await q.failed.get(failure!.id))!.payload).toEqual(failure!.payload);
      await waitFor(q, (await q.failed.retry(failure!.id))!, 'done');
      expect(seen[1]).toEqual({ to: 'ann@example.com', link: 'https://x.test/t0k3n' });
    },
  );

  it.skipIf(skip)('tells a running handler to stop when its worker abandons it', async () => {
    const q = queue();
    let seen: AbortSignal | undefined;
    const job = q.define<null>(unique('told'), async (_p, ctx) => {
      seen = ctx.signal;
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
    });
    await q.start();
    await job.enqueue(null);
    await until(
      async () => seen,
      (signal) => signal !== undefined,
    );
    expect(seen!.aborted).toBe(false);
    await q.abandon();
    forget(q);
    expect(seen!.aborted).toBe(true);
  });

  it.skipIf(skip)('takes a job again when its worker died mid-job', async () => {
    const job = unique('survivor');
    const attempts: number[] = [];
    const dying = queue();
    dying.define<null>(
      job,
      async (_p, ctx) => {
        attempts.push(ctx.attempt);
        await new Promise(() => undefined); // the process "dies" here
      },
      { leaseMs: 400, attempts: 3 },
    );
    await dying.start();
    const id = await dying.enqueue(job, null);
    await until(
      async () => attempts.length,
      (n) => n === 1,
    );
    await dying.abandon();
    forget(dying);

    const survivor = queue();
    survivor.define<null>(
      job,
      async (_p, ctx) => {
        attempts.push(ctx.attempt);
      },
      { leaseMs: 400, attempts: 3 },
    );
    await survivor.start();
    await waitFor(survivor, id, 'done');
    expect(attempts).toEqual([1, 2]);
  });

  it.skipIf(skip)('records a job whose worker died on its last attempt as failed', async () => {
    const job = unique('doomed');
    const dying = queue();
    let started = 0;
    dying.define<{ n: number }>(
      job,
      async () => {
        started += 1;
        await new Promise(() => undefined);
      },
      { leaseMs: 300, attempts: 1 },
    );
    await dying.start();
    const id = await dying.enqueue(job, { n: 5 });
    await until(
      async () => started,
      (n) => n === 1,
    );
    await dying.abandon();
    forget(dying);

    const survivor = queue();
    let ran = false;
    survivor.define<{ n: number }>(
      job,
      async () => {
        ran = true;
      },
      { leaseMs: 300, attempts: 1 },
    );
    await survivor.start();
    const row = await until(
      async () => (await survivor.failed.list(1, 100)).rows.find((r) => r.jobId === id),
      Boolean,
    );
    expect(row).toMatchObject({ name: job, payload: { n: 5 } });
    expect(row!.error).toContain('lease expired');
    expect(ran).toBe(false);
    expect((await survivor.status(id))?.state).toBe('failed');
  });

  it.skipIf(skip)('never gives one job to two workers', async () => {
    const job = unique('once');
    const runs = new Map<number, number>();
    const workers = [queue(), queue(), queue()];
    for (const q of workers) {
      q.define<number>(job, async (n) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(5 + (n % 4) * 5);
      });
    }
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => workers[n % 3]!.enqueue(job, n)),
    );
    await Promise.all(workers.map((q) => q.start()));
    for (const id of ids) await waitFor(workers[0]!, id, 'done');
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it.skipIf(skip)(
    'answers a ping, tells each attempt to its listeners, and counts its queues',
    async () => {
      const q = queue();
      const own = unique('depth');
      const runs: unknown[] = [];
      q.observe((run) => runs.push(run));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      const job = q.define<null>(
        own,
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('first attempt fails');
          await gate;
        },
        { queue: own, attempts: 2, backoffMs: 10 },
      );
      await q.ping();
      expect(await q.depth()).toContainEqual({ queue: own, queued: 0, running: 0 });
      await job.enqueue(null);
      await job.enqueue(null, { delayMs: 60_000 });
      expect(await q.depth()).toContainEqual({ queue: own, queued: 2, running: 0 });
      await q.start();
      await until(
        async () => (await q.depth()).find((d) => d.queue === own),
        (d) => d?.running === 1 && d.queued === 1,
      );
      release();
      await until(
        async () => runs.length,
        (n) => n === 2,
      );
      expect(runs).toEqual([
        { name: own, queue: own, outcome: 'failed', seconds: expect.any(Number) },
        { name: own, queue: own, outcome: 'completed', seconds: expect.any(Number) },
      ]);
    },
  );
});
