import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An operator's endpoint (health, metrics), deliberately outside the contract's route table:
     * the web app never calls it, it has no session, CSRF, response cache or access rule, it is
     * left out of the API docs and is not logged per request.
     */
    operational?: true;
  }
}

/** Registers `GET url` (and HEAD) as an operational endpoint. */
export function addOperationalRoute(
  app: FastifyInstance,
  url: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: 'GET',
    url,
    config: { operational: true },
    // Probes call these every few seconds: a log line each would drown the real ones.
    logLevel: 'silent',
    schema: { hide: true },
    handler,
  });
}
