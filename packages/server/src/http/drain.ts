import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** How long requests in flight may take to finish before their connections are closed. */
  graceMs: number;
  /** How much longer running jobs may take before the process exits anyway (default 20 s). */
  jobsGraceMs?: number;
}

/**
 * Stops `serve` on SIGTERM/SIGINT the way a load balancer expects: `/readyz` answers 503 at once
 * (http/health.ts), the listening socket closes (new connections are refused), requests in flight
 * finish within `graceMs` (then their connections are closed), keep-alive connections end as they
 * fall idle, running jobs finish (app.ts's onClose: `ctx.jobs.stop()`), the database closes, and
 * the process exits 0. A job still running past `jobsGraceMs` more is left to its lease (another
 * worker takes it again) and the process exits 1.
 */
export function drainOnSignals(app: FastifyInstance, options: DrainOptions): void {
  const jobsGraceMs = options.jobsGraceMs ?? 20_000;
  let draining = false;

  const drain = (signal: NodeJS.Signals) => {
    // Ctrl+C reaches both `npm run kinfolio`'s wrapper and this process, and the wrapper passes
    // it on: a second signal is the same request.
    if (draining) return;
    draining = true;
    app.log.info({ signal, graceMs: options.graceMs }, 'draining');
    const server = app.server;
    const started = Date.now();
    // Node's close() ends the connections idle at that moment; these end the ones whose last
    // answer (sent with Connection: close) leaves them idle later.
    const reap = setInterval(() => server.closeIdleConnections(), 100).unref();
    const cut = setTimeout(() => {
      app.log.warn({ graceMs: options.graceMs }, 'requests still in flight: connections closed');
      server.closeAllConnections();
    }, options.graceMs).unref();
    server.once('close', () => {
      clearInterval(reap);
      clearTimeout(cut);
      app.log.info({ ms: Date.now() - started }, 'requests drained');
    });
    setTimeout(() => {
      app.log.error('jobs still running after the grace period: left to their lease');
      process.exit(1);
    }, options.graceMs + jobsGraceMs).unref();
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
}
