import { z } from 'zod';
import type { RouteDef } from './route-def.js';
import { messageBody, validationErrorBody } from './schemas/common.js';

/** A status without a body: 204, a redirect, a 304. */
export const noBody = z.null().describe('No body');

/** The bytes of a file (or its thumbnail), with the file's own Content-Type. */
export const fileBytes = z
  .string()
  .meta({ format: 'binary', description: 'The bytes of the file' });

/** A write's answer: the localised message and, when named, what was written. */
export function saved<K extends string, T extends z.ZodType>(key: K, schema: T) {
  return z.object({ message: z.string(), [key]: schema } as { message: z.ZodString } & Record<
    K,
    T
  >);
}

/** `{message}` with a Retry-After header: too many attempts. */
export const throttled = messageBody.describe('Too many attempts; see the Retry-After header');

/**
 * Every status a route can answer with its body schema: the route's own, plus the errors every
 * route of its kind gives — 401 when it needs a login, 403 when a permission, 419 for writes
 * (the XSRF check), 404 when it names a row, 422 when it takes input.
 */
export function responsesOf(def: RouteDef): Record<number, z.ZodType> {
  const errors: Record<number, z.ZodType> = {};
  if (def.access !== 'public') errors[401] = messageBody.describe('Not logged in');
  if (def.access !== 'public' && def.access !== 'auth') {
    errors[403] = messageBody.describe('Missing permission');
  }
  if (def.method !== 'GET') errors[419] = messageBody.describe('XSRF token missing or wrong');
  if (def.params) errors[404] = messageBody.describe('Not found');
  if (def.body || def.query || def.params) {
    errors[422] = validationErrorBody.describe('Invalid input: messages by field');
  }
  return { ...errors, ...def.responses };
}

/** Who may call a route, in words: the API documentation's description of each operation. */
export function accessDescription(def: RouteDef): string {
  const who =
    def.access === 'public'
      ? 'Access: anyone.'
      : def.access === 'auth'
        ? 'Access: any logged-in user.'
        : `Access: the \`${def.access}\` permission.`;
  if (!def.trashAccess) return who;
  return `${who} Moving entries in or out of the trash (\`trash\`, \`restore\`, or a \`revert\` that sets \`trashed\`) also needs \`${def.trashAccess}\`.`;
}

/** The body a handler may return for a route: any of its successful answers, as the schema takes it. */
export type ResponseBody<R extends RouteDef> = {
  [S in keyof R['responses']]: S extends number
    ? `${S}` extends `2${string}` | `3${string}`
      ? R['responses'][S] extends z.ZodType
        ? z.input<R['responses'][S]>
        : never
      : never
    : never;
}[keyof R['responses']];

/** The body a client gets for a route's successful answer (the first 2xx that has one). */
export type ResponseOf<R extends RouteDef> = {
  [S in keyof R['responses']]: S extends number
    ? `${S}` extends `2${string}`
      ? R['responses'][S] extends z.ZodType
        ? z.output<R['responses'][S]>
        : never
      : never
    : never;
}[keyof R['responses']];

/** What a client sends for an input schema (path parameters, query or body). */
export type InputOf<T> = T extends z.ZodType ? z.input<T> : never;
