import type { z } from 'zod';
import type { Permission } from './permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call a route: anyone, any logged-in active user, or holders of a permission. */
export type Access = 'public' | 'auth' | Permission;

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  access: Access;
  /**
   * A permission the body may need besides `access`: on the bulk routes, moving entries in or out
   * of the trash (`trash`, `restore`, or a `revert` that sets `trashed`) needs it too (see
   * `movesTrash`), as moving one entry does.
   */
  trashAccess?: Permission;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /**
   * `archive`: a read whose answer depends only on the archive's content (and the language), the
   * same for every logged-in user; the server keeps it until the archive changes.
   */
  cache?: 'archive';
  /**
   * What the route answers by status: its successes, and the errors particular to it (the
   * dialect's usual ones — 401, 403, 404, 419, 422 — are added from the access rule and the
   * inputs by `responsesOf`). `z.null()` is a status without a body (204, 302, 304).
   */
  responses: Readonly<Record<number, z.ZodType>>;
}

export function route<const T extends RouteDef>(def: T): T {
  return def;
}
