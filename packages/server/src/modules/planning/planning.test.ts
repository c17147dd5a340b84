import {
  ITEM_TYPES,
  PLANNING_KINDS,
  routePath,
  type PlanningBuckets,
  type PlanningEntry,
  type PlanningOnThisDay,
} from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemsApi, type PageBody } from '../../test/items-api.js';
import { createTestServer, type TestServer } from '../../test/server.js';

type Query = Record<string, string | number>;

describe('the planning aggregates', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  const ids = { ada: 0, summer: 0, family: 0, kids: 0, trashed: 0, record: 0, other: 0 };
  const [first, second] = [ITEM_TYPES[0], ITEM_TYPES[ITEM_TYPES.length - 1]!];

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader(['content.delete']));
    const recorder = await (async () => {
      await server.createUser({ email: 'rec@example.com', permissions: ['records.edit'] });
      return server.loggedIn('rec@example.com');
    })();
    const make = async (client: TestClient, url: string, body: unknown, key: string) => {
      const response = await client.post(url, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json()[key].id as number;
    };
    ids.ada = await make(editor, '/api/participants', { name: 'Ada' }, 'participant');
    ids.summer = await make(editor, '/api/tags', { name: 'Summer' }, 'tag');
    ids.family = await make(editor, '/api/categories', { name: 'Family' }, 'category');
    ids.kids = await make(
      editor,
      '/api/categories',
      { name: 'Kids', parent_id: ids.family },
      'category',
    );
    const a = itemsApi(editor, first);
    const b = itemsApi(editor, second);
    await a.create({
      title: 'June 54',
      language: 'fr',
      date: '1954-06-12',
      from: [ids.ada],
      tags: [ids.summer],
      categories: [ids.kids],
    });
    await a.create({ title: 'Later June 54', language: 'en', date: '1954-06-12T18:30:00Z' });
    await b.create({ title: 'July 54', language: 'fr', date: '1954-07-01' });
    await b.create({ title: 'June 61', language: 'fr', date: '1961-06-12', to: [ids.ada] });
    ids.trashed = (await a.create({ title: 'Gone', language: 'fr', date: '1954-06-12' })).id;
    expect((await a.trash(ids.trashed)).statusCode).toBe(200);
    ids.record = await make(
      recorder,
      '/api/records',
      { lang: 'it', title: 'Tape', registration_date: '1954-06-12', people: [ids.ada] },
      'record',
    );
    ids.other = await make(
      recorder,
      '/api/records',
      { lang: 'de', title: 'Memo', registration_date: '2001-06-12' },
      'record',
    );
  });
  afterAll(() => server.close());

  const get = async <T>(
    name: 'planningBuckets' | 'planningDay' | 'planningOnThisDay',
    query: Query,
  ) => {
    const response = await reader.get(routePath(name, { query }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const buckets = (query: Query) => get<PlanningBuckets>('planningBuckets', query);
  const counts = (answer: PlanningBuckets) =>
    Object.fromEntries(answer.buckets.map((bucket) => [bucket.start, bucket.count]));

  it('counts live dated items and records per decade, year, month and day', async () => {
    const range = { from: '1900-01-01', to: '2099-12-31' };
    const decades = await buckets({ unit: 'decade', ...range });
    expect(counts(decades)).toEqual({ '1950-01-01': 4, '1960-01-01': 1, '2000-01-01': 1 });
    const fifties = decades.buckets[0]!;
    expect(Object.keys(fifties.by_type).sort()).toEqual([...PLANNING_KINDS].sort());
    expect(fifties.by_type).toMatchObject({ [first]: 2, [second]: 1, record: 1 });
    expect(counts(await buckets({ unit: 'year', ...range }))).toEqual({
      '1954-01-01': 4,
      '1961-01-01': 1,
      '2001-01-01': 1,
    });
    expect(counts(await buckets({ unit: 'month', from: '1954-01-01', to: '1954-12-31' }))).toEqual({
      '1954-06-01': 3,
      '1954-07-01': 1,
    });
    const days = await buckets({ unit: 'day', from: '1954-06-12', to: '1954-06-12' });
    expect(days).toEqual({
      unit: 'day',
      buckets: [
        {
          start: '1954-06-12',
          count: 3,
          by_type: {
            ...Object.fromEntries(PLANNING_KINDS.map((k) => [k, 0])),
            [first]: 2,
            record: 1,
          },
        },
      ],
    });
    // The range bounds are inclusive days.
    expect(counts(await buckets({ unit: 'day', from: '1954-06-13', to: '1954-07-01' }))).toEqual({
      '1954-07-01': 1,
    });
  });

  it('filters by type, person, tag, category (with its subtree) and language', async () => {
    const range = { unit: 'year', from: '1900-01-01', to: '2099-12-31' };
    expect(counts(await buckets({ ...range, type: 'record' }))).toEqual({
      '1954-01-01': 1,
      '2001-01-01': 1,
    });
    expect(counts(await buckets({ ...range, type: second }))).toEqual({
      '1954-01-01': 1,
      '1961-01-01': 1,
    });
    // The person as sender, recipient or heard in a record.
    expect(counts(await buckets({ ...range, participant: ids.ada }))).toEqual({
      '1954-01-01': 2,
      '1961-01-01': 1,
    });
    // Records have no tags or categories.
    expect(counts(await buckets({ ...range, tag: ids.summer }))).toEqual({ '1954-01-01': 1 });
    expect(counts(await buckets({ ...range, category: ids.family }))).toEqual({ '1954-01-01': 1 });
    expect(counts(await buckets({ ...range, category: 999_999 }))).toEqual({});
    expect(counts(await buckets({ ...range, lang: 'it' }))).toEqual({ '1954-01-01': 1 });
    expect(counts(await buckets({ ...range, lang: 'en', type: first }))).toEqual({
      '1954-01-01': 1,
    });
  });

  it("lists one day's items and records, paginated in time order", async () => {
    const day = await get<PageBody<PlanningEntry>>('planningDay', { date: '1954-06-12' });
    expect(day.meta.total).toBe(3);
    expect(day.data.map((e) => [e.type, e.title])).toEqual([
      [first, 'June 54'],
      ['record', 'Tape'],
      [first, 'Later June 54'],
    ]);
    expect(day.data[1]).toMatchObject({ id: ids.record, language: 'it' });
    const second = await get<PageBody<PlanningEntry>>('planningDay', {
      date: '1954-06-12',
      per_page: 2,
      page: 2,
    });
    expect(second.meta).toMatchObject({ total: 3, last_page: 2, current_page: 2 });
    expect(second.data.map((e) => e.title)).toEqual(['Later June 54']);
    const filtered = await get<PageBody<PlanningEntry>>('planningDay', {
      date: '1954-06-12',
      type: 'record',
    });
    expect(filtered.data.map((e) => e.id)).toEqual([ids.record]);
  });

  it('finds the same day in other years, newest year first', async () => {
    const answer = await get<PlanningOnThisDay>('planningOnThisDay', { month: '06', day: '12' });
    expect(answer.years.map((y) => [y.year, y.count])).toEqual([
      [2001, 1],
      [1961, 1],
      [1954, 3],
    ]);
    expect(answer.years[2]!.entries.map((e) => e.title)).toEqual([
      'June 54',
      'Tape',
      'Later June 54',
    ]);
    const ofAda = await get<PlanningOnThisDay>('planningOnThisDay', {
      month: '06',
      day: '12',
      participant: ids.ada,
    });
    expect(ofAda.years.map((y) => [y.year, y.count])).toEqual([
      [1961, 1],
      [1954, 2],
    ]);
    const none = await get<PlanningOnThisDay>('planningOnThisDay', { month: '02', day: '30' });
    expect(none.years).toEqual([]);
  });

  it('refuses too wide or reversed ranges and bad input with 422, and needs a login', async () => {
    const bad: [string, Query][] = [
      ['planningBuckets', { unit: 'day', from: '2000-01-01', to: '2001-12-31' }],
      ['planningBuckets', { unit: 'month', from: '1800-01-01', to: '1999-12-31' }],
      ['planningBuckets', { unit: 'year', from: '1990-01-01', to: '1980-01-01' }],
      ['planningBuckets', { unit: 'week', from: '1990-01-01', to: '1990-01-31' }],
      ['planningBuckets', { unit: 'day', from: '1990-02-30', to: '1990-03-01' }],
      ['planningBuckets', { unit: 'day', from: '1990-01-01', to: '1990-01-02', type: 'letter' }],
      ['planningDay', { date: 'yesterday' }],
      ['planningOnThisDay', { month: '13', day: '01' }],
      ['planningOnThisDay', { month: '6', day: '12' }],
    ];
    for (const [name, query] of bad) {
      const response = await reader.get(routePath(name as 'planningBuckets', { query }));
      expect(response.statusCode, `${name} ${JSON.stringify(query)}`).toBe(422);
    }
    const tooWide = await reader.get(
      routePath('planningBuckets', {
        query: { unit: 'day', from: '2000-01-01', to: '2001-12-31' },
      }),
    );
    expect(tooWide.json().errors.to[0]).toMatch(/too long/);
    // 400 days is the widest day range.
    const widest = await reader.get(
      routePath('planningBuckets', {
        query: { unit: 'day', from: '2000-01-01', to: '2001-02-03' },
      }),
    );
    expect(widest.statusCode).toBe(200);
    const anonymous = server.client();
    expect(
      (
        await anonymous.get(
          routePath('planningBuckets', {
            query: { unit: 'year', from: '2000-01-01', to: '2001-01-01' },
          }),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await anonymous.get(routePath('planningDay', { query: { date: '2000-01-01' } }))).statusCode,
    ).toBe(401);
    expect(
      (await anonymous.get(routePath('planningOnThisDay', { query: { month: '01', day: '01' } })))
        .statusCode,
    ).toBe(401);
  });
});
