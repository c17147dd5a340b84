import { routes, type RouteDef } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';
import { PassThrough } from 'node:stream';
import { nulPath } from './nul.js';

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const NUL_TEXT = 'a\u0000b';

/**
 * A value the schema would most likely accept (so that, without the NUL, the request would reach
 * the handler and the database), and the paths of every string inside it.
 */
function sample(
  schema: unknown,
  path: (string | number)[],
  strings: (string | number)[][],
): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, sample(field, [...path, key], strings)]),
      );
    }
    case 'string': {
      strings.push(path);
      const format = (schema as { format?: string | null }).format;
      if (format === 'email') return `nul-${strings.length}@example.com`;
      return `text ${strings.length}`;
    }
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sample(def.element, [...path, 0], strings)];
    case 'record':
      return { en: sample(def.valueType, [...path, 'en'], strings) };
    case 'union':
      return sample((def.options as unknown[])[0], path, strings);
    case 'pipe':
      // Preprocessed fields (ids given as digits) read what their output schema reads.
      return defOf(def.in)?.type === 'transform'
        ? sample(def.out, path, strings)
        : sample(def.in, path, strings);
    default:
      if ('innerType' in def) return sample(def.innerType, path, strings);
      return undefined;
  }
}

function withNulAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return NUL_TEXT;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((entry, index) => (index === head ? withNulAt(entry, rest) : entry));
  }
  const object = value as Record<string, unknown>;
  return { ...object, [head!]: withNulAt(object[head!], rest) };
}

const concretePath = (route: RouteDef) => route.path.replace(/:[A-Za-z_]+/g, '1');

const bodyRoutes = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, route]) => route.body !== undefined && route.method !== 'GET',
);
const queryRoutes = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, route]) => route.query !== undefined,
);

describe('nulPath', () => {
  it('finds a NUL in strings, nested values and keys, and nothing elsewhere', () => {
    expect(nulPath({ a: ['x', { b: NUL_TEXT }] })).toBe('a.1.b');
    expect(nulPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulPath(NUL_TEXT)).toBe('_');
    expect(nulPath({ a: 'x', b: [1, null, true] })).toBeUndefined();
  });

  it('leaves a body kept as a stream alone (its graph loops: a chunk upload hung on it)', () => {
    const stream = new PassThrough() as PassThrough & { self?: unknown };
    stream.self = { back: stream, text: NUL_TEXT };
    expect(nulPath(stream)).toBeUndefined();
    expect(nulPath(Object.assign(Object.create(null) as object, { q: NUL_TEXT }))).toBe('q');
  });
});

/**
 * PostgreSQL refuses NUL in text with an error the app would answer with a 500: every route must
 * refuse it first, whichever field carries it, with the localised 422 naming that field.
 */
describe('a NUL character anywhere in a request', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createAdmin();
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    await admin.csrf();
  });
  afterAll(() => server.close());

  it.each(bodyRoutes)('is refused in every string of the body of %s', async (_name, route) => {
    const strings: (string | number)[][] = [];
    const body = sample(route.body, [], strings);
    for (const path of strings) {
      const response = await admin.send(route.method, concretePath(route), withNulAt(body, path));
      const context = `${route.method} ${route.path} ${path.join('.')}: ${response.body}`;
      expect(response.statusCode, context).toBe(422);
      const answer = response.json<{ errors: Record<string, string[]> }>();
      expect(answer.errors[path.length ? path.join('.') : '_'], context).toEqual([
        'This text contains a character that is not allowed.',
      ]);
    }
  });

  it('is refused in JSON keys, in localised words', async () => {
    admin.language = 'fr';
    const response = await admin.send('POST', routes.adminInvite.path, {
      name: 'Ann',
      email: 'ann@example.com',
      ['x\u0000']: 1,
    });
    admin.language = 'en';
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors['x\u0000']).toEqual([
      'Ce texte contient un caractère non autorisé.',
    ]);
  });

  it.each(queryRoutes)('is refused in every query parameter of %s', async (_name, route) => {
    const keys = Object.keys(sample(route.query, [], []) as object);
    for (const key of keys) {
      const response = await admin.send(
        route.method,
        `${concretePath(route)}?${key}=${encodeURIComponent(NUL_TEXT)}`,
      );
      expect(response.statusCode, `${route.path}?${key}`).toBe(422);
    }
  });

  it('is refused in path parameters', async () => {
    const response = await admin.get(`${routes.category.path.replace(':id', '1%00')}`);
    expect(response.statusCode).toBe(422);
  });
});
