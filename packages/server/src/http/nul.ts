import { Stream } from 'node:stream';
import { VALIDATION_KEYS, withoutNul } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldValidationError } from './errors.js';

interface Step {
  value: unknown;
  key: string | number | undefined;
  parent: Step | undefined;
}

function pathOf(step: Step | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = step; at && at.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Where the first NUL character sits in a decoded request part (a string, or a key or string
 * anywhere inside arrays and objects), as the dotted path the 422's `errors` use; undefined when
 * there is none. Walked with a stack of its own: a body may nest thousands of levels deep.
 */
export function nulPath(value: unknown): string | undefined {
  const pending: Step[] = [{ value, key: undefined, parent: undefined }];
  while (pending.length) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (!withoutNul(current)) return fieldOf(pathOf(step));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], key: index, parent: step });
      }
    } else if (isWalked(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (!withoutNul(key)) return fieldOf([...pathOf(step), key]);
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index]!;
        pending.push({ value: entry, key, parent: step });
      }
    }
  }
  return undefined;
}

/**
 * Decoded JSON, query and parameters are walked; a body left as a stream (a tus chunk) or as
 * bytes is not: a stream's graph of sockets and servers is endless.
 */
function isWalked(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Stream) &&
    !ArrayBuffer.isView(value)
  );
}

function fieldOf(path: (string | number)[]): string {
  // `__proto__` cannot be a key of the answer's `errors` (it would set the object's prototype).
  if (path.length === 0 || path.includes('__proto__')) return '_';
  return path.join('.');
}

/**
 * PostgreSQL text cannot hold a NUL character (SQLite can, which would make the two engines
 * differ), so no request may carry one: any string of the body, query or path parameters, or any
 * JSON key, holding U+0000 is refused with the localised "invalid character" 422 before the
 * route's own validation runs. One rule for every route instead of one refinement per field.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field !== undefined) {
        throw new FieldValidationError({ [field]: [VALIDATION_KEYS.invalidCharacter] });
      }
    }
  });
}
