import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from './errors.js';
import { addOperationalRoute } from './operational.js';
import { CACHE_STATUS_HEADER } from './response-cache.js';

/** Requests are answered in milliseconds to seconds; jobs take seconds to an hour. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (hashes of equal length). */
function authorised(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at `GET /metrics`, only when METRICS_TOKEN is set and then only for
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; 404 when unset, as if it did not exist).
 * Requests by route pattern (never the raw address: ids would make a series each) and status with
 * their latency, the response cache's hits and misses, the jobs this process ran by name and
 * outcome with their duration, the depth of every queue (read when scraped, so across all
 * instances) and Node's process metrics. One registry per app: tests build many in one process.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  const registry = new Registry();

  addOperationalRoute(app, '/metrics', async (request, reply) => {
    if (!token) throw notFound();
    if (!authorised(request, token)) {
      throw new HttpError(401, 'auth.unauthenticated', {}, { 'www-authenticate': 'Bearer' });
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(body);
  });
  // Without a token nothing is counted: no hook, no timer.
  if (!token) return;

  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'kinfolio_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kinfolio_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: 'kinfolio_response_cache_total',
    help: "Answers of the archive's read routes served from memory (hit) or computed (miss)",
    labelNames: ['result'],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'kinfolio_jobs_total',
    help: 'Job attempts this process ran, by job name, queue and outcome',
    labelNames: ['name', 'queue', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'kinfolio_job_duration_seconds',
    help: 'Duration of the job attempts this process ran, by job name, queue and outcome',
    labelNames: ['name', 'queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'kinfolio_job_queue_depth',
    help: 'Jobs queued (delayed ones included) and running per queue, across all instances',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const depth of await ctx.jobs.depth()) {
          this.set({ queue: depth.queue, state: 'queued' }, depth.queued);
          this.set({ queue: depth.queue, state: 'running' }, depth.running);
        }
      } catch (err) {
        // The rest of the metrics still say something; readyz says the queue is away.
        app.log.warn({ err }, 'queue depth unavailable for the metrics');
      }
    },
  });

  ctx.jobs.observe(({ name, queue, outcome, seconds }) => {
    jobs.inc({ name, queue, outcome });
    jobDuration.observe({ name, queue, outcome }, seconds);
  });

  app.addHook('onResponse', async (request, reply) => {
    // An unknown address has no pattern: all of them count as one.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const result = reply.getHeader(CACHE_STATUS_HEADER);
    if (result === 'hit' || result === 'miss') cache.inc({ result });
  });
}
