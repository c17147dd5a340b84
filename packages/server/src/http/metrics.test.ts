import os from 'node:os';
import path from 'node:path';
import { itemRoutes } from '@kinfolio/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createAccount } from '../auth/index.js';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { TestClient } from '../test/client.js';
import { createTestDatabase } from '../test/database.js';
import { createTestServer } from '../test/server.js';

const TOKEN = 'metrics-token-0123456789';

/** Value of one sample of the exposition text, e.g. `kinfolio_x{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const server = await createTestServer();
    try {
      const answer = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Not found.' });
    } finally {
      await server.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  describe('with METRICS_TOKEN', () => {
    let app: FastifyInstance;
    let ctx: AppContext;
    let release!: () => void;
    const scrape = async () => {
      const answer = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/plain');
      return answer.body;
    };

    beforeAll(async () => {
      const database = await createTestDatabase();
      const config = loadConfig({
        DATA_DIR: path.join(os.tmpdir(), 'kinfolio-test-data'),
        WEB_DIST: path.join(os.tmpdir(), 'kinfolio-no-web-build'),
        METRICS_TOKEN: TOKEN,
        JOB_POLL_MS: '20',
      });
      ({ app, ctx } = await buildApp(config, { database, logger: false }));
      const gate = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      ctx.jobs.define<null>(
        'metrics.test',
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('first attempt fails');
          await gate;
        },
        { attempts: 2, backoffMs: 10, queue: 'metrics-test' },
      );
      await app.ready();
    });
    afterAll(async () => {
      release();
      await app.close();
    });

    it('asks for the token: 401 without it or with another', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
        const answer = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(answer.statusCode, String(authorization)).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer');
      }
    });

    it('counts requests by route pattern and status, with their latency and the cache', async () => {
      await createAccount(
        ctx.db,
        {
          name: 'Reader',
          email: 'reader@example.com',
          password: 'user-password-1',
          permissions: [],
          verified: true,
        },
        ctx.now(),
      );
      const reader = new TestClient(app);
      await reader.login('reader@example.com', 'user-password-1');
      const single = itemRoutes.post.single.path;
      for (const id of [101, 102]) {
        expect((await reader.get(single.replace(':id', String(id)))).statusCode).toBe(404);
      }
      expect((await reader.get(itemRoutes.post.all.path)).headers['x-kinfolio-cache']).toBe('miss');
      expect((await reader.get(itemRoutes.post.all.path)).headers['x-kinfolio-cache']).toBe('hit');
      await app.inject({ method: 'GET', url: '/no/such/address' });

      const text = await scrape();
      const route = (r: string, status: number) =>
        `kinfolio_http_requests_total{method="GET",route="${r}",status="${status}"}`;
      expect(sample(text, route(single, 404))).toBe(2);
      expect(sample(text, route(itemRoutes.post.all.path, 200))).toBe(2);
      expect(sample(text, route('unmatched', 404))).toBe(1);
      // The raw address of a request never becomes a label.
      expect(text).not.toContain('/api/posts-single/101');
      expect(
        sample(
          text,
          `kinfolio_http_request_duration_seconds_count{method="GET",route="${single}"}`,
        ),
      ).toBe(2);
      expect(sample(text, 'kinfolio_response_cache_total{result="hit"}')).toBe(1);
      expect(sample(text, 'kinfolio_response_cache_total{result="miss"}')).toBe(1);
      // Node's own metrics come along.
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    });

    it('counts job attempts by name and outcome, and reads queue depth when scraped', async () => {
      await ctx.jobs.enqueue('metrics.test', null);
      await ctx.jobs.enqueue('metrics.test', null, { delayMs: 60_000 });
      const depth = (state: string) =>
        `kinfolio_job_queue_depth{queue="metrics-test",state="${state}"}`;
      const labels = (outcome: string) =>
        `{name="metrics.test",queue="metrics-test",outcome="${outcome}"}`;
      let text = '';
      await expect
        .poll(
          async () => {
            text = await scrape();
            return [sample(text, depth('running')), sample(text, depth('queued'))];
          },
          { timeout: 10_000 },
        )
        .toEqual([1, 1]);
      expect(sample(text, `kinfolio_jobs_total${labels('failed')}`)).toBe(1);
      release();
      await expect
        .poll(async () => sample(await scrape(), `kinfolio_jobs_total${labels('completed')}`), {
          timeout: 10_000,
        })
        .toBe(1);
      // The attempt is counted when the handler returns; the queue marks the job done just
      // after, so the running depth reaches 0 a moment later.
      await expect.poll(async () => sample(await scrape(), depth('running'))).toBe(0);
      text = await scrape();
      expect(sample(text, `kinfolio_job_duration_seconds_count${labels('completed')}`)).toBe(1);
    });
  });
});
