import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordFailure } from '../../jobs/failed-jobs.js';
import type { TestClient } from '../../test/client.js';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { ADMIN, createTestServer, type TestServer } from '../../test/server.js';

describe('failed jobs admin API', () => {
  let server: TestServer;
  let admin: TestClient;
  let editor: TestClient;
  let reader: TestClient;

  /** A failure as a worker records it; `files.maintenance` is declared by the files module. */
  const fail = (name = 'files.maintenance', payload: unknown = null, when = Date.now()) =>
    recordFailure(server.ctx.db, {
      jobId: String(when),
      queue: 'default',
      name,
      payload,
      error: `Error: disk on fire\n    at burn (/app/fire.js:1:1)\n    at main (/app/main.js:2:2)`,
      attempts: 3,
      failedAt: new Date(when),
    });
  const ids = async () =>
    (await server.ctx.db.selectFrom('failed_jobs').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  });
  beforeEach(async () => {
    await server.ctx.db.deleteFrom('failed_jobs').execute();
  });
  afterAll(() => server.close());

  it('lists failures newest first as a Laravel paginator, with the error and its stack', async () => {
    await fail('files.maintenance', { announce: true }, Date.parse('2026-01-01T10:00:00Z'));
    await fail('auth.prune', null, Date.parse('2026-01-02T10:00:00Z'));
    await fail('files.maintenance', null, Date.parse('2026-01-03T10:00:00Z'));
    const response = await admin.get('/api/failed-jobs?per_page=2&page=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(body.links.next).toContain('page=2');
    expect(body.data.map((j: { name: string }) => j.name)).toEqual([
      'files.maintenance',
      'auth.prune',
    ]);
    expect(body.data[0]).toMatchObject({
      queue: 'default',
      error: 'Error: disk on fire',
      attempts: 3,
      failed_at: '2026-01-03T10:00:00.000Z',
    });
    expect(body.data[0].stack).toContain('at burn (/app/fire.js:1:1)');
    const last = (await admin.get('/api/failed-jobs?per_page=2&page=2')).json();
    expect(last.data).toHaveLength(1);
    expect(last.data[0].payload).toEqual({ announce: true });
  });

  it('is for administrators only', async () => {
    await fail();
    const [id] = await ids();
    const calls = [
      ['get', '/api/failed-jobs'],
      ['post', `/api/failed-jobs/${id}/retry`],
      ['post', '/api/failed-jobs/retry-all'],
      ['delete', `/api/failed-jobs/${id}`],
      ['delete', '/api/failed-jobs'],
    ] as const;
    for (const [method, url] of calls) {
      expect((await editor[method](url)).statusCode, `${method} ${url}`).toBe(403);
      expect((await reader[method](url)).statusCode, `${method} ${url}`).toBe(403);
      expect((await server.client()[method](url)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await ids()).toEqual([id]);
  });

  it('queues a failed job again and forgets its failure', async () => {
    await fail('files.maintenance', null);
    const [id] = await ids();
    const response = await admin.post(`/api/failed-jobs/${id}/retry`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('The job has been queued again.');
    const status = await server.ctx.jobs.status(body.job_id);
    expect(status?.name).toBe('files.maintenance');
    expect(await ids()).toEqual([]);
    expect((await admin.post(`/api/failed-jobs/${id}/retry`)).statusCode).toBe(404);
  });

  it('refuses to retry a job no longer declared, and keeps it listed', async () => {
    await fail('records.gone', { recordId: 4 });
    const [id] = await ids();
    admin.language = 'fr';
    const response = await admin.post(`/api/failed-jobs/${id}/retry`);
    admin.language = 'en';
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("n'existe plus");
    expect(await ids()).toEqual([id]);
  });

  it('retries all it can run, and deletes one or all', async () => {
    await fail('files.maintenance');
    await fail('auth.prune');
    await fail('records.gone');
    const retried = await admin.post('/api/failed-jobs/retry-all');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ count: 2 });
    const [gone] = await ids();
    expect(await ids()).toHaveLength(1);

    const deleted = await admin.delete(`/api/failed-jobs/${gone}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The failed job has been deleted.');
    expect((await admin.delete(`/api/failed-jobs/${gone}`)).statusCode).toBe(404);

    await fail();
    await fail();
    const all = await admin.delete('/api/failed-jobs');
    expect(all.json()).toMatchObject({ count: 2, message: '2 failed jobs have been deleted.' });
    expect(await ids()).toEqual([]);
  });

  it('never bumps the archive change stamps, whatever the queue and the admin do', async () => {
    const stamps = async () =>
      JSON.stringify(
        (await sql`select * from change_stamps order by name`.execute(server.ctx.db)).rows,
      );
    const before = await stamps();
    await fail('auth.prune');
    await fail('records.gone');
    const id = await server.ctx.jobs.enqueue('auth.prune', null);
    await expect
      .poll(async () => (await server.ctx.jobs.status(id))?.state, { timeout: 10_000 })
      .toBe('done');
    await admin.post('/api/failed-jobs/retry-all');
    await admin.delete('/api/failed-jobs');
    expect(await stamps()).toBe(before);
  });

  it('answers 422 to a malformed id and 404 to an unknown one', async () => {
    expect((await admin.post('/api/failed-jobs/abc/retry')).statusCode).toBe(422);
    expect((await admin.delete('/api/failed-jobs/0')).statusCode).toBe(422);
    expect((await admin.delete('/api/failed-jobs/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/failed-jobs?per_page=1000')).statusCode).toBe(422);
  });
});

describe('failed jobs with REDIS_URL (BullMQ runs the jobs, failures stay in the database)', () => {
  const prefix = `kinfolio-test-routes-${process.pid}-${randomBytes(3).toString('hex')}`;
  let server: TestServer | undefined;
  let admin: TestClient;

  beforeAll(async () => {
    if (!(await redisReachable('the failed jobs tests on BullMQ are skipped'))) return;
    server = await createTestServer({
      env: { REDIS_URL: TEST_REDIS_URL, JOB_QUEUE_PREFIX: prefix },
    });
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    if (!server) return;
    await server.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('retries a failure on BullMQ, where the job runs', async ({ skip }) => {
    if (!server) return skip();
    expect(server.ctx.jobs.backend).toBe('bullmq');
    await recordFailure(server.ctx.db, {
      jobId: 'lost-1',
      queue: 'default',
      name: 'auth.prune',
      payload: null,
      error: 'Error: redis went away',
      attempts: 3,
      failedAt: new Date(),
    });
    const listed = (await admin.get('/api/failed-jobs')).json();
    expect(listed.data).toHaveLength(1);
    const retried = await admin.post(`/api/failed-jobs/${listed.data[0].id}/retry`);
    expect(retried.statusCode).toBe(200);
    const jobId: string = retried.json().job_id;
    const { jobs } = server.ctx;
    await expect
      .poll(async () => (await jobs.status(jobId))?.state, { timeout: 10_000 })
      .toBe('done');
    expect((await admin.get('/api/failed-jobs')).json().meta.total).toBe(0);
  });
});
