import type { Access, RouteDef } from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every contract route has one, static files have none. */
    access?: Access;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Out<R['body']>;
  Querystring: Out<R['query']>;
  Params: Out<R['params']>;
}>;

export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<unknown>;

/** Registers a handler for a route of the contract table: schemas and access come from there. */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
    },
    config: { access: def.access, ...(def.cache ? { cache: def.cache } : {}) },
    handler: handler as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  });
}
