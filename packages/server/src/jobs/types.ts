import type { FastifyBaseLogger } from 'fastify';

/** Where a job stands; `failed` means every attempt failed (it is then in failed_jobs too). */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobStatus {
  id: string;
  name: string;
  state: JobState;
  /** 0..100, as last reported by the handler (100 once done). */
  progress: number;
  /** Attempts started so far. */
  attempts: number;
  /** The last attempt's error message, if it failed. */
  error: string | null;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Reports progress (0..100, rounded and clamped); also tells the queue the worker is alive. */
  progress(percent: number): Promise<void>;
  log: FastifyBaseLogger;
  /**
   * Aborted when this worker gives the job up while it runs: its lease went to another worker,
   * or the worker is abandoning its jobs as it stops. Long work (ffmpeg) stops with it, so that
   * nothing goes on writing for a job another worker now does.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface JobOptions<P = unknown> {
  /** Attempts before the job is recorded as failed (default 3). */
  attempts?: number;
  /** First retry delay; each further retry waits twice as long (default 10 s). */
  backoffMs?: number;
  /**
   * How long a worker holds a job without a sign of life before another may take it again (the
   * lease, renewed while the handler runs, so only a dead worker loses it). Default 60 s.
   */
  leaseMs?: number;
  /** Which queue works it (default 'default'); `kinfolio worker --queue` can pick queues. */
  queue?: string;
  /**
   * What the admin's failed-jobs screen shows of a payload, when the payload holds what the
   * screen must not (a mail's one-time links): the job keeps the whole payload for its retries.
   */
  redact?: (payload: P) => unknown;
  /**
   * `background`: taken only when no other job of the worker's queues waits (face detection of a
   * burst of pictures must not hold back an MP3 somebody waits for). Default `normal`.
   */
  priority?: JobPriority;
}

export type JobPriority = 'normal' | 'background';

export interface EnqueueOptions {
  /** Do not start before this delay has passed. */
  delayMs?: number;
  /**
   * While a job with this key is queued or running, enqueueing another returns the existing
   * job's id instead (e.g. one MP3 generation per record at a time).
   */
  key?: string;
}

/** A declared job: enqueue it with a payload of its own type. */
export interface JobType<P> {
  readonly name: string;
  enqueue(payload: P, options?: EnqueueOptions): Promise<string>;
}

/** One attempt of a job that this process ran, as the queue's listeners hear of it (metrics). */
export interface JobRun {
  name: string;
  queue: string;
  /** `failed` for any attempt that threw, whether or not it will be tried again. */
  outcome: 'completed' | 'failed';
  seconds: number;
}

/** Jobs waiting (delayed ones included) and running in one queue, across every instance. */
export interface QueueDepth {
  queue: string;
  queued: number;
  running: number;
}

export interface FailedJob {
  id: number;
  /** The id the job had while queued. */
  jobId: string;
  queue: string;
  name: string;
  /** As the job's `redact` shows it (the whole payload stays for a retry). */
  payload: unknown;
  /** The last error, with its stack. */
  error: string;
  attempts: number;
  failedAt: string;
}

export interface FailedJobs {
  list(page: number, perPage: number): Promise<{ rows: FailedJob[]; total: number }>;
  get(id: number): Promise<FailedJob | undefined>;
  /** Queues the job again (fresh attempts) and forgets the failure; undefined if not found. */
  retry(id: number): Promise<string | undefined>;
  /** Queues every failed job again; returns how many. */
  retryAll(): Promise<number>;
  /** Whether there was such a failure to forget. */
  delete(id: number): Promise<boolean>;
  deleteAll(): Promise<number>;
}

/**
 * The background work seam (context.ts `jobs`). Modules declare their jobs with `define` (and
 * periodic ones with `every`) when the app is built; `start` works them in this process (web
 * server or `kinfolio worker`), `stop` waits for running handlers. Backends: the app's database
 * (default) or BullMQ on Redis (REDIS_URL). Failures of either land in the failed_jobs table.
 */
export interface JobQueue {
  readonly backend: 'database' | 'bullmq';
  define<P>(name: string, handler: JobHandler<P>, options?: JobOptions<P>): JobType<P>;
  /**
   * Runs `name` every `intervalMs` across all instances (once per interval, not per process);
   * with `atStart`, also once whenever a worker starts (recovery after a crash).
   */
  every<P>(name: string, intervalMs: number, payload: P, options?: { atStart?: boolean }): void;
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<string>;
  status(id: string): Promise<JobStatus | undefined>;
  failed: FailedJobs;
  start(options?: { queues?: string[] }): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the backend answers (the database, or Redis): `/readyz`. */
  ping(): Promise<void>;
  /** Every declared queue's depth, read now (metrics, at scrape time). */
  depth(): Promise<QueueDepth[]>;
  /** Calls `listener` after each attempt of each job this process runs (metrics). */
  observe(listener: (run: JobRun) => void): void;
  /**
   * Calls `listener` in each process that starts working jobs, with the names of the jobs it
   * takes (a per-process warm-up, such as an in-memory index, before the first job needs it).
   */
  onStart(listener: (names: string[]) => void): void;
}

export const JOB_DEFAULTS = {
  attempts: 3,
  backoffMs: 10_000,
  leaseMs: 60_000,
  queue: 'default',
} as const;

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No job named "${name}" is declared`);
  }
}

export const clampProgress = (percent: number) =>
  Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));

export const backoffDelay = (baseMs: number, attempt: number) =>
  baseMs * 2 ** Math.max(0, attempt - 1);

export const errorText = (error: unknown) =>
  error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
