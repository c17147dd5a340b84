import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { pendingMigrations } from '../db/migrate.js';
import { addOperationalRoute } from './operational.js';

/** A check slower than this counts as failed: a probe must get its answer in time. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckName = 'database' | 'storage' | 'queue' | 'migrations';
type CheckResult = 'ok' | 'failed' | 'timeout';

function withTimeout(work: Promise<unknown>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const done = work.then(
    (): CheckResult => 'ok',
    (): CheckResult => 'failed',
  );
  return Promise.race([done, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: the process answers (nothing else is touched). `GET /readyz`: this instance can
 * serve, i.e. the database, the storage and the job queue answer and every migration this code
 * knows is applied; 503 naming the failed checks otherwise, and from the moment the server starts
 * closing (SIGTERM), so that a load balancer stops sending it requests. While closing, answers
 * also carry `Connection: close`, so keep-alive connections end with the requests in flight.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  let draining = false;
  // Applied migrations are never taken back: once all are there, no need to look again.
  let migrated = false;
  const failing = new Set<CheckName>();

  const checks: Record<CheckName, () => Promise<unknown>> = {
    database: () => sql`select 1`.execute(ctx.db),
    // A key that is never written: only whether the storage answers matters.
    storage: () => ctx.storage.files.stat('readyz-probe'),
    queue: () => ctx.jobs.ping(),
    migrations: async () => {
      if (migrated) return;
      const pending = await pendingMigrations(ctx.db);
      if (pending.length) throw new Error(`pending migrations: ${pending.join(', ')}`);
      migrated = true;
    },
  };

  async function runChecks() {
    const names = Object.keys(checks) as CheckName[];
    const results = await Promise.all(
      names.map(async (name) => {
        let failure: unknown;
        const work = checks[name]().catch((error: unknown) => {
          failure = error;
          throw error;
        });
        const result = await withTimeout(work, CHECK_TIMEOUT_MS);
        // Logged when a check starts or stops failing, not at every probe.
        if (result !== 'ok' && !failing.has(name)) {
          failing.add(name);
          app.log.warn({ check: name, result, err: failure }, 'readiness check failing');
        } else if (result === 'ok' && failing.delete(name)) {
          app.log.info({ check: name }, 'readiness check passing again');
        }
        return [name, result] as const;
      }),
    );
    return Object.fromEntries(results) as Record<CheckName, CheckResult>;
  }

  // Probes that arrive together share one round of checks.
  let round: Promise<Record<CheckName, CheckResult>> | undefined;

  addOperationalRoute(app, '/healthz', async () => ({ status: 'ok' }));
  addOperationalRoute(app, '/readyz', async (_request, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    round ??= runChecks().finally(() => (round = undefined));
    const results = await round;
    if (draining) return reply.code(503).send({ status: 'draining', checks: results });
    const ready = Object.values(results).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ok' : 'unavailable', checks: results });
  });

  // Before Fastify stops listening: from here on the instance is on its way out.
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
