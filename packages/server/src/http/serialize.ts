import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The value as JSON would carry it: undefined members gone, dates as strings. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/**
 * Serialises a route's answer through the schema the contract declares for its status, so what
 * leaves the server is what the contract says. Strict (in tests): an answer holding a field its
 * schema does not declare is an error, instead of the field silently disappearing.
 */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      if (strict && !isDeepStrictEqual(asJson(result.data), asJson(data))) {
        throw new Error(
          `${method} ${url}: the answer holds fields its schema does not declare: ` +
            JSON.stringify(data).slice(0, 500),
        );
      }
      return JSON.stringify(result.data);
    };
}
