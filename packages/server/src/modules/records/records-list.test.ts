import type { RecordListRow } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { createTestServer, type TestServer } from '../../test/server.js';

describe('records list: recording-date range and order', () => {
  let server: TestServer;
  let editor: TestClient;
  const ids = { y1950: 0, y1978a: 0, y1978b: 0, y1990: 0, undated: 0 };

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'rec@example.com', permissions: ['records.edit'] });
    editor = await server.loggedIn('rec@example.com');
    const create = async (title: string, registration_date: string | null) => {
      const response = await editor.post('/api/records', {
        lang: 'fr',
        title,
        registration_date,
        summary: 'Une veillée au village.',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().record.id as number;
    };
    ids.y1978a = await create('Moisson', '1978-08-15');
    ids.y1950 = await create('Baptême', '1950-03-01');
    ids.undated = await create('Cassette sans date', null);
    ids.y1990 = await create('Anniversaire', '1990-12-31');
    ids.y1978b = await create('Zoo', '1978-08-15');
  });
  afterAll(() => server.close());

  const list = async (query: string) => {
    const response = await editor.get(`/api/records?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { data: RecordListRow[]; meta: { total: number } };
    return { ids: page.data.map((row) => row.id), total: page.meta.total };
  };

  it('orders newest or oldest recording first (undated last either way), or by title', async () => {
    const { y1950, y1978a, y1978b, y1990, undated } = ids;
    expect((await list('')).ids).toEqual([y1990, y1978b, y1978a, y1950, undated]);
    expect((await list('sort=newest')).ids).toEqual([y1990, y1978b, y1978a, y1950, undated]);
    expect((await list('sort=oldest')).ids).toEqual([y1950, y1978a, y1978b, y1990, undated]);
    expect((await list('sort=title')).ids).toEqual([y1990, y1950, undated, y1978a, y1978b]);
    // Pages follow the order.
    expect((await list('sort=oldest&per_page=2&page=2')).ids).toEqual([y1978b, y1990]);
  });

  it('keeps records recorded within the days given, both days included', async () => {
    const { y1950, y1978a, y1978b, y1990 } = ids;
    expect(await list('date_from=1978-08-15&date_to=1978-08-15')).toEqual({
      ids: [y1978b, y1978a],
      total: 2,
    });
    expect((await list('date_from=1978-08-16')).ids).toEqual([y1990]);
    expect((await list('date_to=1978-08-14')).ids).toEqual([y1950]);
    expect((await list('date_to=1990-12-31&sort=oldest')).ids).toEqual([
      y1950,
      y1978a,
      y1978b,
      y1990,
    ]);
    expect(await list('date_from=2000-01-01')).toEqual({ ids: [], total: 0 });
    // The range applies to the trash too, and combines with the other filters.
    expect((await list('date_from=1900-01-01&trash=1')).total).toBe(0);
    expect((await list('date_from=1978-01-01&lang=de')).total).toBe(0);
  });

  it('orders a search best match first unless another order is asked', async () => {
    const { y1950, y1978a, y1978b, y1990, undated } = ids;
    for (const sort of ['', '&sort=relevance']) {
      // Equal scores: dated first, newest recording, then newest id.
      expect((await list(`query=veillee${sort}`)).ids).toEqual([
        y1990,
        y1978b,
        y1978a,
        y1950,
        undated,
      ]);
    }
    expect((await list('query=veillee&sort=oldest')).ids).toEqual([
      y1950,
      y1978a,
      y1978b,
      y1990,
      undated,
    ]);
    expect(await list('query=veillee&sort=title&per_page=2&page=2')).toEqual({
      ids: [undated, y1978a],
      total: 5,
    });
    expect((await list('sort=relevance')).ids).toEqual([y1990, y1978b, y1978a, y1950, undated]);
    expect((await list('query=veillee&date_from=1978-08-15&date_to=1980-01-01')).ids).toEqual([
      y1978b,
      y1978a,
    ]);
  });

  it('refuses a bad date or order with a localised 422', async () => {
    editor.language = 'fr';
    for (const query of [
      'date_from=yesterday',
      'date_to=1978-13-01',
      'date_from=1978-02-30',
      'sort=random',
      'sort=',
    ]) {
      const response = await editor.get(`/api/records?${query}`);
      expect(response.statusCode, query).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      const field = query.split('=')[0]!;
      expect(Object.keys(errors), query).toEqual([field]);
      expect(errors[field]![0], query).toMatch(/[a-zé]/);
    }
    editor.language = 'en';
  });
});
