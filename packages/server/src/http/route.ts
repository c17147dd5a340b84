import {
  accessDescription,
  responsesOf,
  type Access,
  type Permission,
  type ResponseBody,
  type RouteDef,
} from '@kinfolio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every contract route has one, static files have none. */
    access?: Access;
    /** What moving entries in or out of the trash through the body needs besides `access`. */
    trashAccess?: Permission;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Out<R['body']>;
  Querystring: Out<R['query']>;
  Params: Out<R['params']>;
}>;

/**
 * A handler returns one of the route's declared answers (the status set with `reply.code` when it
 * is not 200), or the reply itself when it sent something that is not JSON (a file, a redirect,
 * an empty 204).
 */
export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<ResponseBody<R> | FastifyReply>;

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
      description: accessDescription(def),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: responsesOf(def),
    },
    config: {
      access: def.access,
      ...(def.trashAccess ? { trashAccess: def.trashAccess } : {}),
      ...(def.cache ? { cache: def.cache } : {}),
    },
    handler: handler as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  });
}
