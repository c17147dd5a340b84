import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/**
 * The logger every part of the server takes: Fastify's own (a pino logger) in the web server,
 * a pino logger of the same settings where there is no Fastify (`kinfolio worker`).
 */
export type Logger = FastifyBaseLogger;

/** A pino logger writing JSON lines to stdout, as Fastify's does. */
export function createLogger(level: string): Logger {
  return pino({ level });
}
