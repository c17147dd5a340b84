import { routes } from '@kinfolio/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobBackends } from '../test/redis.js';
import { createTestServer, type TestServer } from '../test/server.js';

const open: TestServer[] = [];
async function server(env: Record<string, string> = {}) {
  const made = await createTestServer({ env });
  open.push(made);
  return made;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((s) => s.close().catch(() => undefined)));
});

const backends = await jobBackends('health');
const get = (s: TestServer, url: string) => s.app.inject({ method: 'GET', url });

describe('health endpoints', () => {
  it('GET /healthz: alive, without session or cookie, and without the database', async () => {
    const s = await server();
    const query = vi.spyOn(s.ctx.db, 'executeQuery');
    const alive = await get(s, '/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers['set-cookie']).toBeUndefined();
    expect(query).not.toHaveBeenCalled();
  });

  it.each(backends)(
    'GET /readyz: 200 when the database, storage, queue (%s) and migrations are all there',
    async (_name, env) => {
      const s = await server(env);
      const ready = await get(s, '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', storage: 'ok', queue: 'ok', migrations: 'ok' },
      });
      expect(ready.headers['set-cookie']).toBeUndefined();
    },
  );

  it('GET /readyz: 503 naming the check that failed', async () => {
    const s = await server();
    // A migration of this code missing from the database (a newer build on an older schema).
    await sql`delete from kysely_migration where name = '0029_search_ranges'`.execute(s.ctx.db);
    const storage = vi
      .spyOn(s.ctx.storage.files, 'stat')
      .mockRejectedValue(new Error('bucket unreachable'));
    const unready = await get(s, '/readyz');
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'failed', queue: 'ok', migrations: 'failed' },
    });
    storage.mockRestore();
    await sql`insert into kysely_migration (name, timestamp) values ('0029_search_ranges', 'now')`.execute(
      s.ctx.db,
    );
    expect((await get(s, '/readyz')).statusCode).toBe(200);
  });

  it('GET /readyz: a check that hangs fails after its bound, without holding the probe', async () => {
    const s = await server();
    vi.spyOn(s.ctx.jobs, 'ping').mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    const unready = await get(s, '/readyz');
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toMatchObject({ checks: { queue: 'timeout', database: 'ok' } });
  });

  it('GET /readyz: 503 once the server starts closing, with Connection: close', async () => {
    const s = await server();
    let release!: () => void;
    vi.spyOn(s.ctx.jobs, 'ping').mockReturnValue(new Promise((resolve) => (release = resolve)));
    const probe = get(s, '/readyz');
    await vi.waitFor(() => expect(release).toBeDefined());
    const closed = s.app.close();
    release();
    const answer = await probe;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'draining' });
    expect(answer.headers.connection).toBe('close');
    await closed;
  });

  it('are outside the contract table and the API docs, like the static files', async () => {
    const s = await server();
    const paths = Object.values(routes).map((route) => route.path as string);
    const docs = (await get(s, '/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      expect(paths).not.toContain(url);
      expect(docs.paths[url]).toBeUndefined();
      expect(s.app.hasRoute({ method: 'GET', url })).toBe(true);
    }
  });
});
