import { createHash } from 'node:crypto';
import { ID_MAX, routes, XSRF_COOKIE, XSRF_HEADER, type RouteDef } from '@kinfolio/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { ADMIN, createTestServer, type TestServer } from '../test/server.js';

/**
 * Property-based fuzzing of the whole route table: malformed path parameters, queries and bodies,
 * as an administrator (with the XSRF header, so requests reach validation) and as an anonymous
 * caller. Whatever is sent, the answer is never a 5xx, and a request answered with a 4xx leaves
 * every table as it was, change stamps included.
 *
 * Deterministic by default; FUZZ_SEED and FUZZ_RUNS (runs per route) explore further, e.g.
 * `FUZZ_SEED=$RANDOM FUZZ_RUNS=200 npx vitest run --project server-sqlite src/http/fuzz.test.ts`.
 * A failure prints the seed and the shrunk request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_508);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/**
 * A second account whose login and password the fuzzer may send, so that logins and password
 * changes sometimes succeed; never the administrator's, whose session the run needs throughout.
 */
const PLAIN = { email: 'plain@example.com', password: 'user-password-1' };

/* What gets sent ------------------------------------------------------------------------------ */

/**
 * Path segments as they travel in a URL (already percent-encoded where needed). Most are other
 * spellings of 1, 2 or 3, ids that exist, which `Number()` would have read as those rows.
 */
const badSegments = [
  ...['0x1', '0X2', '0b1', '0b10', '0o3', '1e0', '2E0', '0.1e1', '3.0', '1.5', '.5', '01', '002'],
  ...['%201', '%202%0A', '1%20', '%093', '+1', '%2B2', '-1', '-0', '0', '00', '1n', '0x', ''],
  ...['2147483648', '2147483647', '4294967297', '9007199254740993', '9'.repeat(400)],
  ...['NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', '[]', '%7B%7D', 'abc'],
  ...['%00', '%001', '1%00', '%', '%ZZ', '%E2%82%AC', '%F0%9F%98%80', '%D9%A1', '%C0%AF'],
  ...['..', '.', '%2E%2E', '%2F', '1%2F2', '1;2', '1,2', '1&x=1', '1%3Fx', '1%23x'],
];
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...badSegments) },
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '999999') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => 'x'.repeat(n + 90)) },
);

const scalar = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      ...[null, true, false, 0, 1, 2, 3, -1, -0, 1.5, 999_999, 2_147_483_647, 2_147_483_648],
      ...[1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324],
      ...[
        '',
        ' ',
        '1',
        '2',
        '0x10',
        '1e1',
        ' 16',
        '-1',
        '2147483648',
        'null',
        '\u0000',
        'a\u0000b',
      ],
      ...['fr', 'en', 'it', 'de', 'ar', 'xx', 'published', 'draft', 'admin', 'content.edit'],
      ...['1954-06-12', '0000-01-01', '9999-12-31T23:59:59Z', '1954-02-30', '-001954-06-12'],
      ...['a@b.c', 'plain@example.com', ' A@B.C ', '#ffffff', 'App\\Models\\Media', 'medias'],
      ...['<script>alert(1)</script>', "'; drop table users; --", '%s%n', '${x}', '__proto__'],
      ...['\u202e', '\ud800', 'é'.repeat(201), 'ﷺ', '🙂'.repeat(60)],
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(300, 6_000, 300_000, 1_100_000).map((n) => 'y'.repeat(n)),
  },
);

const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(1, 2, 3, 999_999).map((n) => [n]) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { fr: scalar, en: scalar, it: scalar, de: scalar },
        { requiredKeys: [] },
      ),
    },
  ),
}));

/** The keys of an object schema, through the wrappers zod puts around it (refine, pipe, …). */
function keysOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'pipe') return [...keysOf(def.in), ...keysOf(def.out)];
  if (def.type === 'union') return (def.options as unknown[]).flatMap(keysOf);
  if ('innerType' in def) return keysOf(def.innerType);
  return [];
}

interface Payload {
  text: string;
  contentType: string;
}

/** Values a field may well accept, so that some requests get past validation to the handler. */
const plausible = fc.oneof(
  fc.constantFrom<unknown>(
    ...[1, 2, 3, 4, 999_999, '1', '3', [1], [1, 2], [2, 3], [999_999], [1, 1], [], 0, null, true],
    ...['fr', 'en', 'ar', 'published', 'draft', '1999-12-31', '2001-02-03T04:05:06+02:00'],
    ...['Name', { en: 'Name' }, { fr: 'Nom', de: null }, { en: '' }, 'a@b.c', PLAIN.email],
    ...[PLAIN.password, 'App\\Models\\Post', 'medias', 'admin', 'key.of:some-text', ''],
    ...[{ en: 'x', fr: 'y' }, { isnavbarleft: true }, { primary: '#123456' }, ['content.edit']],
  ),
  fc.string({ maxLength: 20 }),
);

/** A body: the route's fields, plausible or junk, or junk of any shape, or text that is not JSON. */
function bodyFor(route: RouteDef): fc.Arbitrary<Payload | undefined> {
  const keys = keysOf(route.body);
  const field = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: jsonValue });
  const record = (names: string[]) =>
    fc.record(Object.fromEntries(names.map((key) => [key, field])), { requiredKeys: [] });
  const json = (value: unknown): Payload => ({
    text: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: keys.length ? 8 : 1, arbitrary: record(keys).map(json) },
    { weight: 1, arbitrary: record([...keys, 'junk', 'id']).map(json) },
    { weight: 2, arbitrary: jsonValue.map(json) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { text: '{', contentType: 'application/json' },
        { text: '{"a":1}{', contentType: 'application/json' },
        { text: '', contentType: 'application/json' },
        { text: '{"__proto__":{"x":1}}', contentType: 'application/json' },
        { text: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
        { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
        { text: 'name=x&id=1', contentType: 'application/x-www-form-urlencoded' },
        { text: 'AAAAAAAAAAAAAAAAAAAAAAAA', contentType: 'text/plain' },
        { text: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
        { text: '{}', contentType: 'application/xml' },
      ),
    },
  );
}

const queryValue = fc.oneof(
  { weight: 3, arbitrary: segment },
  { weight: 1, arbitrary: fc.constantFrom('1', 'fr', 'true', 'thé', 'a%26b%3Dc', '%25', '') },
  {
    // Full-text search syntax of either engine, which must stay plain words to both.
    weight: 1,
    arbitrary: fc.constantFrom(
      ...['%22hello', 'hello%22', 'hel*', '*llo', 'NEAR(hello%20world)', 'hello%20OR', '%5Ehello'],
      ...['-hello', 'hello%3A*', '(((hello', 'a%20%3C-%3E%20b', 'a%20%26%20b', '!hello', "it's"],
      ...['hello%20world', 'Bonjour', 'h%C3%A9llo', '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7', '%25_%25'],
    ),
  },
);

/** A query string: the route's parameters (repeated at times, so they come as arrays), and junk. */
function queryFor(route: RouteDef): fc.Arbitrary<string> {
  const keys = [...keysOf(route.query), 'junk', 'page[x]', '__proto__'];
  const pair = fc.tuple(fc.constantFrom(...keys), queryValue).map(([k, v]) => `${k}=${v}`);
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('', '&&&', '=', 'page', '%ZZ=1', 'a=%ZZ') },
  );
}

const acceptLanguages = ['fr', 'en', 'it', 'de', 'ar', '*', '', 'de-CH, fr;q=abc', 'é'.repeat(99)];

interface Attempt {
  who: 'admin' | 'anonymous';
  language: string;
  url: string;
  body: Payload | undefined;
  /** The `:id` segment is not an id's one spelling (decimal digits, within ID_MAX). */
  oddId: boolean;
}

function isCanonicalId(segment: string): boolean {
  try {
    const text = decodeURIComponent(segment);
    return /^[1-9][0-9]*$/.test(text) && Number(text) <= ID_MAX;
  } catch {
    return false;
  }
}

/**
 * The token of a link made before the run (a category's, with a password on a second one), so
 * that the public routes are fuzzed past the token's check too.
 */
const shareTokens: string[] = [];

/** A path parameter: a link's token is mostly a real one, anything else as `segment`. */
function paramFor(name: string): fc.Arbitrary<string> {
  if (name !== 'token') return segment;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...shareTokens) },
    { weight: 1, arbitrary: segment },
  );
}

function attemptFor(route: RouteDef): fc.Arbitrary<Attempt> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  // The share links' public routes are what an anonymous visitor calls.
  const publicShare = route.path.startsWith('/api/public/');
  return fc
    .record({
      who: fc.oneof(
        { weight: publicShare ? 1 : 3, arbitrary: fc.constant('admin' as const) },
        { weight: publicShare ? 3 : 1, arbitrary: fc.constant('anonymous' as const) },
      ),
      language: fc.constantFrom(...acceptLanguages),
      params: fc.tuple(...names.map(paramFor)),
      query: route.query ? queryFor(route) : fc.oneof(fc.constant(''), queryFor(route)),
      body: route.method === 'GET' ? fc.constant(undefined) : bodyFor(route),
    })
    .map(({ who, language, params, query, body }) => {
      let index = 0;
      const path = route.path.replace(/:[A-Za-z_]+/g, () => params[index++]!);
      const oddId = names.some(
        (name, i) => (name === 'id' || name === 'fileId') && !isCanonicalId(params[i]!),
      );
      return { who, language, url: query ? `${path}?${query}` : path, body, oddId };
    });
}

/* What must hold ------------------------------------------------------------------------------ */

/**
 * Tables a refused request may still write, for the caller's login rather than for what was asked:
 * `sessions` records the logged-in caller's last activity on every request, and `login_throttle`
 * records refused logins, which is its purpose.
 */
const WRITTEN_BY_ANY_REQUEST = new Set([
  'sessions',
  'login_throttle',
  // Written by background jobs, which an earlier accepted request (a backup, an export) started
  // and which go on while later requests are refused.
  'jobs',
  'failed_jobs',
  'job_schedules',
  'backups',
  'exports',
]);

async function tableNames(server: TestServer): Promise<string[]> {
  const rows =
    server.ctx.dialect === 'sqlite'
      ? // The full-text tables are kept by triggers from `items`, which is compared itself.
        await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
            and name not like 'items_fts%'`.execute(server.ctx.db)
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(server.ctx.db);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !WRITTEN_BY_ANY_REQUEST.has(name))
    .sort();
}

/**
 * A digest of every row of every compared table, per table. PostgreSQL computes them all in one
 * query (each row as text, in order); SQLite's rows are read and hashed here.
 */
async function snapshot(server: TestServer, tables: string[]): Promise<Map<string, string>> {
  if (server.ctx.dialect === 'postgres') {
    const digests = tables.map(
      (table) =>
        sql`(select md5(coalesce(string_agg(r::text, chr(10) order by r::text), '')) from ${sql.table(table)} r)`,
    );
    const { rows } = await sql<Record<string, string>>`select ${sql.join(
      digests.map((digest, i) => sql`${digest} as ${sql.ref(`t${i}`)}`),
    )}`.execute(server.ctx.db);
    return new Map(tables.map((table, i) => [table, rows[0]![`t${i}`]!]));
  }
  const digests = new Map<string, string>();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      server.ctx.db,
    );
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    digests.set(table, createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  return digests;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([table, digest]) => before.get(table) !== digest).map(([t]) => t);
}

/* The run ------------------------------------------------------------------------------------- */

describe('fuzzing every route of the table', () => {
  let server: TestServer;
  let admin: TestClient;
  let anonymous: TestClient;
  let adminId: number;
  let tables: string[];
  let baseline: Map<string, string>;

  async function loginAdmin() {
    admin = await server.loggedIn(ADMIN.email, ADMIN.password);
    await admin.csrf();
  }

  beforeAll(async () => {
    server = await createTestServer();
    adminId = (await server.createAdmin()).id;
    await server.createUser(PLAIN);
    await loginAdmin();
    anonymous = server.client();
    await anonymous.csrf();
    // Something for valid ids to find: rows 1..3 of each kind, linked, one translated, one trashed.
    for (const name of ['Alice', 'Bruno', 'Chiara']) {
      expect((await admin.post('/api/participants', { name })).statusCode).toBe(201);
      expect((await admin.post('/api/tags', { name })).statusCode).toBe(201);
      expect((await admin.post('/api/categories', { name })).statusCode).toBe(201);
    }
    for (const base of ['/api/posts', '/api/mails', '/api/messages', '/api/medias']) {
      const links = { from: [1], to: [2, 3], tags: [1, 2], categories: [3] };
      const created = await admin.post(base, { title: 'Hello', language: 'fr', ...links });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as { item: { id: number } }).item.id;
      await admin.post(base, { title: 'Bonjour', language: 'en', parent_id: id });
      const trashed = await admin.post(base, { title: 'Gone', language: 'it' });
      await admin.delete(`${base}/${(trashed.json() as { item: { id: number } }).item.id}`);
    }
    for (const body of [
      { target_type: 'categories', target_id: 3, include_translations: true },
      { target_type: 'posts', target_id: 1, password: 'family-secret', allow_download: true },
    ]) {
      const made = await admin.post('/api/shares', body);
      expect(made.statusCode, made.body).toBe(201);
      shareTokens.push((made.json() as { token: string }).token);
    }
    tables = await tableNames(server);
    baseline = await snapshot(server, tables);
  });
  /** Answers by caller and status, printed with FUZZ_STATS=1 (the probe's figures). */
  const answers = new Map<string, number>();
  afterAll(async () => {
    if (process.env.FUZZ_STATS === '1') {
      const total = [...answers.values()].reduce((a, b) => a + b, 0);
      console.log(`fuzz (${server.ctx.dialect}): ${total} requests`, Object.fromEntries(answers));
    }
    await server?.close();
  });

  /** Sends as the given client without keeping the cookies it answers with (stays anonymous). */
  function send(client: TestClient, route: RouteDef, attempt: Attempt) {
    const headers: Record<string, string> = {
      'accept-language': attempt.language,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [XSRF_HEADER]: client.cookies.get(XSRF_COOKIE) ?? '',
      ...(attempt.body ? { 'content-type': attempt.body.contentType } : {}),
    };
    return server.app.inject({
      method: route.method,
      url: attempt.url,
      headers,
      ...(attempt.body ? { payload: attempt.body.text } : {}),
    });
  }

  /**
   * A fuzzed write that succeeded may have demoted, deactivated or logged out the administrator
   * (PATCH /api/admin-users/1, a new e-mail address…): put the account back and log in again, so
   * the rest of the run still reaches validation.
   */
  async function keepAdminUsable() {
    await server.ctx.db
      .updateTable('users')
      .set({ active: 1, permissions: JSON.stringify(['admin']), email: ADMIN.email })
      .where('id', '=', adminId)
      .execute();
    if ((await admin.get('/api/logged-in-user')).statusCode !== 200) await loginAdmin();
  }

  const table = (Object.entries(routes) as [string, RouteDef][])
    // Logging out ends the fuzzing administrator's session whatever it is sent; it takes no input.
    .filter(([name]) => name !== 'logout')
    // Each route its own seed, so that routes of the same shape are not sent the same requests.
    .map(([name, route], index): [string, RouteDef, number] => [name, route, SEED + index]);

  it.each(table)('%s: no 5xx, and a refused request changes nothing', async (name, route, seed) => {
    await fc
      .assert(
        fc.asyncProperty(attemptFor(route), async (attempt) => {
          const client = attempt.who === 'admin' ? admin : anonymous;
          const response = await send(client, route, attempt);
          const key = `${attempt.who} ${response.statusCode}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
          const label = `${route.method} ${attempt.url.slice(0, 300)} as ${attempt.who} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) throw new Error(`server error: ${label}`);
          // Another spelling of an id names no row (the verification link redirects, as for any
          // link it cannot use).
          if (attempt.oddId && route !== routes.verifyEmail && response.statusCode < 400) {
            throw new Error(`an id not in decimal digits was accepted: ${label}`);
          }
          // Every table but those listed above, `change_stamps` included: a refused write that
          // bumped a stamp would keep every instance's cached answers cold.
          const after = await snapshot(server, tables);
          const changed = changedTables(baseline, after);
          if (response.statusCode >= 400 && changed.length) {
            baseline = after;
            throw new Error(`refused but changed ${changed.join(', ')}: ${label}`);
          }
          baseline = after;
          if (changed.length && attempt.who === 'admin') {
            await keepAdminUsable();
            baseline = await snapshot(server, tables);
          }
        }),
        { seed, numRuns: RUNS },
      )
      .catch((error: unknown) => {
        // fast-check's message has the seed and the shrunk request; the cause says what broke.
        const cause = error instanceof Error && error.cause ? `\n${String(error.cause)}` : '';
        throw new Error(
          `${name} (seed ${seed}, FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}): ${String(error)}${cause}`,
        );
      });
  });
});
