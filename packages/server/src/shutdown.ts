import type { Logger } from './log.js';

export interface StopOnSignals {
  log: Logger;
  /** Logged when the first signal comes. */
  message: string;
  /** How long `stop` may take before the process exits anyway. */
  graceMs: number;
  /** Stops the process's work: for a worker, stop taking jobs and wait for the running ones. */
  stop: () => Promise<void>;
  /** What `graceMs` running out leaves behind, logged then. */
  leftBehind: string;
}

/**
 * On SIGTERM or SIGINT, calls `stop` and exits 0 once it resolves; after `graceMs`, or at a second
 * signal, exits 1 at once, so that a stuck job or connection cannot keep the process alive for
 * ever (a job left running then goes back to the queue when its lease runs out).
 */
export function stopOnSignals({ log, message, graceMs, stop, leftBehind }: StopOnSignals): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, `second signal: exiting now; ${leftBehind}`);
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, graceMs }, message);
    setTimeout(() => {
      log.warn({ graceMs }, `not stopped in time: exiting; ${leftBehind}`);
      process.exit(1);
    }, graceMs).unref();
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
