import { VALIDATION_KEYS, withoutNul } from '@kinfolio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldValidationError } from './errors.js';

/**
 * Where the first NUL character sits in a decoded request part (a string, or a key or string
 * anywhere inside arrays and objects), as the dotted path the 422's `errors` use; undefined when
 * there is none.
 */
export function nulPath(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return withoutNul(value) ? undefined : fieldOf(path);
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = nulPath(entry, [...path, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (!withoutNul(key)) return fieldOf([...path, key]);
      const found = nulPath(entry, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function fieldOf(path: (string | number)[]): string {
  return path.length ? path.join('.') : '_';
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
