import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { nameKeys } from '../participants/index.js';
import { memoOf, UnitBatch, type BatchUnit } from './batch.js';

describe('UnitBatch', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const names = async (prefix: string) =>
    (
      await server.ctx.db
        .selectFrom('participants')
        .select('name')
        .where('name', 'like', `${prefix}%`)
        .orderBy('name')
        .execute()
    ).map((row) => row.name);

  /** A unit creating the participant `name` (its name unique), recording what befell it. */
  function unit(name: string, log: string[], fail?: Error): BatchUnit<number> {
    return {
      keys: [`test:${name}`],
      async work(trx: Transaction<Database>) {
        const now = new Date().toISOString();
        const row = await trx
          .insertInto('participants')
          .values({ ...nameKeys(name), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (fail) throw fail;
        return row.id;
      },
      done: (id) => void log.push(`done ${name} ${typeof id}`),
      cleanup: () => Promise.resolve(void log.push(`cleanup ${name}`)),
      existing: () => void log.push(`existing ${name}`),
    };
  }

  it('rolls back alone a unit refused by a unique name, the others committed together', async () => {
    const log: string[] = [];
    const batch = new UnitBatch(server.ctx, { units: 10, ms: 60_000 });
    await batch.add(unit('Batch A', log));
    await batch.add(unit('batch a', log));
    await batch.add(unit('Batch C', log));
    expect(log).toEqual([]);
    expect(await names('Batch')).toEqual([]);
    await batch.flush();
    expect(await names('Batch')).toEqual(['Batch A', 'Batch C']);
    expect(log).toEqual([
      'done Batch A number',
      'cleanup batch a',
      'existing batch a',
      'done Batch C number',
    ]);
  });

  it('writes the units one by one when one fails otherwise: only it fails', async () => {
    const log: string[] = [];
    const batch = new UnitBatch(server.ctx, { units: 10, ms: 60_000 });
    await batch.add(unit('Lone Y', log));
    await batch.add(unit('Lone Z', log));
    await batch.add(unit('Lone X', log, new Error('boom')));
    await expect(batch.flush()).rejects.toThrow('boom');
    expect(await names('Lone')).toEqual(['Lone Y', 'Lone Z']);
    expect(log).toEqual(['done Lone Y number', 'done Lone Z number', 'cleanup Lone X']);
  });

  it('commits by itself when full, and before a unit reads a pending identity', async () => {
    const log: string[] = [];
    const batch = new UnitBatch(server.ctx, { units: 2, ms: 60_000 });
    await batch.add(unit('Full 1', log));
    await batch.add(unit('Full 2', log));
    expect(await names('Full')).toEqual(['Full 1', 'Full 2']);
    await batch.add(unit('Full 3', log));
    await batch.settle(['test:other']);
    expect(await names('Full')).toEqual(['Full 1', 'Full 2']);
    await batch.settle(['test:Full 3']);
    expect(await names('Full')).toEqual(['Full 1', 'Full 2', 'Full 3']);
  });

  it('shares what a unit remembered with the units after it in the transaction', async () => {
    const seen: (number | undefined)[] = [];
    const remembering = (name: string, key: string): BatchUnit<number> => {
      const base = unit(name, []);
      return {
        ...base,
        keys: [`memo:${name}`],
        async work(trx) {
          seen.push(memoOf(trx).get('p:a'), memoOf(trx).get(`p:${key}`));
          const id = await base.work(trx);
          memoOf(trx).set(`p:${key}`, id);
          return id;
        },
      };
    };
    const batch = new UnitBatch(server.ctx, { units: 10, ms: 60_000 });
    await batch.add(remembering('Memo A', 'a'));
    // Refused by the unique name before it remembers anything.
    await batch.add(remembering('memo a', 'b'));
    await batch.add(remembering('Memo B', 'b'));
    await batch.flush();
    const [a] = await server.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('name', '=', 'Memo A')
      .execute();
    // Memo A's id is seen by the units after it; nothing is remembered under `b` before Memo B.
    expect(seen).toEqual([undefined, undefined, a!.id, undefined, a!.id, undefined]);
  });

  it('drops the ids of a unit rolled back after remembering them', async () => {
    const seen: (number | undefined)[] = [];
    const batch = new UnitBatch(server.ctx, { units: 10, ms: 60_000 });
    const base = unit('Drop A', []);
    await batch.add({
      ...base,
      async work(trx) {
        const id = await base.work(trx);
        memoOf(trx).set('p:drop', id);
        // A unique name taken: this unit goes back to its savepoint, its participant with it.
        await unit('drop a', []).work(trx);
        return id;
      },
    });
    await batch.add({
      ...unit('Drop B', []),
      keys: ['memo:drop-b'],
      work: async (trx) => {
        seen.push(memoOf(trx).get('p:drop'));
        return unit('Drop B', []).work(trx);
      },
    });
    await batch.flush();
    expect(seen).toEqual([undefined]);
    expect(await names('Drop')).toEqual(['Drop B']);
  });
});
