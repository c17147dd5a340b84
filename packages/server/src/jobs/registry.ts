import type { FastifyBaseLogger } from 'fastify';
import {
  JOB_DEFAULTS,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobOptions,
  type JobPriority,
  type JobRun,
  type JobType,
} from './types.js';

export interface Definition {
  name: string;
  handler: JobHandler<unknown>;
  attempts: number;
  backoffMs: number;
  leaseMs: number;
  queue: string;
  redact: ((payload: unknown) => unknown) | undefined;
  priority: JobPriority;
}

export interface Schedule {
  name: string;
  intervalMs: number;
  payload: unknown;
  atStart: boolean;
}

/** The jobs and schedules declared in this process, shared by both backends. */
export class JobRegistry {
  readonly definitions = new Map<string, Definition>();
  readonly schedules = new Map<string, Schedule>();
  private readonly listeners: ((run: JobRun) => void)[] = [];
  private readonly startListeners: ((names: string[]) => void)[] = [];

  constructor(
    readonly log: FastifyBaseLogger,
    private readonly enqueue: (
      name: string,
      payload: unknown,
      o?: EnqueueOptions,
    ) => Promise<string>,
  ) {}

  define<P>(name: string, handler: JobHandler<P>, options: JobOptions<P> = {}): JobType<P> {
    if (this.definitions.has(name)) throw new Error(`Job "${name}" is declared twice`);
    const queue = options.queue ?? JOB_DEFAULTS.queue;
    this.definitions.set(name, {
      name,
      handler: this.observed(name, queue, handler as JobHandler<unknown>),
      attempts: Math.max(1, options.attempts ?? JOB_DEFAULTS.attempts),
      backoffMs: Math.max(0, options.backoffMs ?? JOB_DEFAULTS.backoffMs),
      leaseMs: Math.max(100, options.leaseMs ?? JOB_DEFAULTS.leaseMs),
      queue,
      redact: options.redact as ((payload: unknown) => unknown) | undefined,
      priority: options.priority ?? 'normal',
    });
    return { name, enqueue: (payload, o) => this.enqueue(name, payload, o) };
  }

  observe(listener: (run: JobRun) => void) {
    this.listeners.push(listener);
  }

  onStart(listener: (names: string[]) => void) {
    this.startListeners.push(listener);
  }

  /** Tells the start listeners that this process now works `names`. */
  started(names: string[]) {
    for (const listener of this.startListeners) {
      try {
        listener(names);
      } catch (err) {
        this.log.warn({ err }, 'job start listener failed');
      }
    }
  }

  /** The handler as both backends run it: each attempt timed and told to the listeners. */
  private observed(name: string, queue: string, handler: JobHandler<unknown>): JobHandler<unknown> {
    return async (payload, job) => {
      const started = performance.now();
      let outcome: JobRun['outcome'] = 'failed';
      try {
        await handler(payload, job);
        outcome = 'completed';
      } finally {
        const run = { name, queue, outcome, seconds: (performance.now() - started) / 1000 };
        for (const listener of this.listeners) {
          try {
            listener(run);
          } catch (err) {
            // Bookkeeping of a listener never changes the job's outcome.
            this.log.warn({ err, jobName: name }, 'job listener failed');
          }
        }
      }
    };
  }

  /** The queues of the declared jobs. */
  queues(): string[] {
    return [...new Set([...this.definitions.values()].map((d) => d.queue))];
  }

  every(name: string, intervalMs: number, payload: unknown, options: { atStart?: boolean } = {}) {
    this.get(name);
    if (!(intervalMs > 0)) throw new Error(`Job "${name}" needs a positive interval`);
    this.schedules.set(name, { name, intervalMs, payload, atStart: options.atStart ?? false });
  }

  /**
   * Runs of the schedules declared `atStart`, queued when a worker starts, for the schedules whose
   * `claim` succeeds: the backend's claim lets one worker of several started together (within
   * `startWindowMs`) queue the run, so a cluster's start makes one run, not one per worker. Not
   * keyed: a run left `running` by a killed process must not stand in for its successor's.
   */
  async enqueueStartRuns(names: string[], claim: (schedule: Schedule) => Promise<boolean>) {
    for (const schedule of this.schedules.values()) {
      if (!schedule.atStart || !names.includes(schedule.name)) continue;
      if (await claim(schedule)) await this.enqueue(schedule.name, schedule.payload);
    }
  }

  get(name: string): Definition {
    const definition = this.definitions.get(name);
    if (!definition) throw new UnknownJobError(name);
    return definition;
  }

  /** The declared jobs a worker started with `queues` (all when undefined) takes. */
  namesFor(queues: string[] | undefined): string[] {
    return [...this.definitions.values()]
      .filter((d) => !queues || queues.includes(d.queue))
      .map((d) => d.name);
  }
}

/**
 * Workers starting within this time of another worker's start run make no start run of their
 * own: a second (a cluster started together), or half the interval when that is shorter. Short
 * on purpose: a start run is the recovery after a crash, and a process killed and started again
 * must still check what it left behind, even soon after the last run.
 */
export const startWindowMs = (intervalMs: number) => Math.min(1_000, intervalMs / 2);

/** One queued run of a schedule at a time. */
export const scheduleKey = (name: string) => `schedule:${name}`;
