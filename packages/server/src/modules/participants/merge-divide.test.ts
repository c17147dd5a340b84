import type { Participant } from '@kinfolio/contract';
import { EMPTY_LIFE } from '../family/index.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { itemFixtures } from '../../test/items.js';
import { createTestServer, type TestServer } from '../../test/server.js';

describe('participants: merge and divide', () => {
  let server: TestServer;
  let editor: TestClient;
  let items: ReturnType<typeof itemFixtures>;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({ email: 'editor@example.com', permissions: ['content.edit'] });
    editor = await server.loggedIn('editor@example.com');
    items = itemFixtures(server.ctx.db);
  });
  afterAll(() => server.close());

  async function create(name: string): Promise<number> {
    const response = await editor.post('/api/participants', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().participant.id;
  }
  async function linksOf(participantId: number): Promise<string[]> {
    const rows = await server.ctx.db
      .selectFrom('item_participants')
      .select(['item_id', 'role'])
      .where('participant_id', '=', participantId)
      .execute();
    return rows.map((row) => `${row.item_id}:${row.role}`).sort();
  }
  async function snapshot() {
    return {
      participants: (await editor.get('/api/participants')).json() as Participant[],
      links: await items.participantLinks(),
    };
  }

  it('moves every link to the kept participant and collapses duplicates', async () => {
    const [a, b, c] = [await create('Merge A'), await create('Merge B'), await create('Merge C')];
    const [i1, i2, i3] = [await items.item(), await items.item(), await items.item()];
    const i5 = await items.item({ deleted: true });
    await items.withParticipant(i1, a, 'from');
    await items.withParticipant(i1, b, 'from');
    await items.withParticipant(i2, b, 'to');
    await items.withParticipant(i3, c, 'from');
    await items.withParticipant(i3, a, 'to');
    await items.withParticipant(i5, c, 'to');

    const response = await editor.post('/api/participants/merge', {
      participants: [b, a, c, b],
      participantToKeep: a,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'The participants have been merged.',
      participant: { id: a, name: 'Merge A', count: 3, life: EMPTY_LIFE },
    });
    expect(await linksOf(a)).toEqual(
      [`${i1}:from`, `${i2}:to`, `${i3}:from`, `${i3}:to`, `${i5}:to`].sort(),
    );
    expect(await linksOf(b)).toEqual([]);
    expect((await editor.get(`/api/participants/${b}`)).statusCode).toBe(404);
    expect((await editor.get(`/api/participants/${c}`)).statusCode).toBe(404);
  });

  it('refuses a bad merge with 422 and changes nothing', async () => {
    const [a, b] = [await create('Keep Me'), await create('Lose Me')];
    const item = await items.item();
    await items.withParticipant(item, b, 'from');
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [{ participants: [a, b], participantToKeep: 999999 }, 'participantToKeep'],
      [{ participants: [a, 999999], participantToKeep: a }, 'participants'],
      [{ participants: [a, a], participantToKeep: a }, 'participants'],
      [{ participants: [a], participantToKeep: a }, 'participants'],
      [{ participants: 'all', participantToKeep: a }, 'participants'],
      [{ participants: [a, 'x'], participantToKeep: a }, 'participants.1'],
      [{ participants: [a, 3_000_000_000], participantToKeep: a }, 'participants.1'],
      [{ participants: [a, b] }, 'participantToKeep'],
      [{}, 'participants'],
    ];
    for (const [body, field] of cases) {
      const response = await editor.post('/api/participants/merge', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    const notAmong = await editor.post('/api/participants/merge', {
      participants: [a, b],
      participantToKeep: 999999,
    });
    expect(notAmong.json().errors.participantToKeep).toEqual([
      'The participant to keep must be one of the merged participants.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('runs overlapping merges concurrently without dangling or lost links', async () => {
    for (let round = 0; round < 3; round++) {
      const ids: number[] = [];
      for (let n = 0; n < 8; n++) ids.push(await create(`Round ${round} person ${n}`));
      const expected = new Set<string>();
      for (let n = 0; n < 12; n++) {
        const item = await items.item({ deleted: n % 5 === 0 });
        for (const [offset, role] of [
          [n % 8, 'from'],
          [(n + 3) % 8, 'to'],
          [(n + 5) % 8, 'to'],
        ] as const) {
          await items.withParticipant(item, ids[offset]!, role);
          expected.add(`${item}:${role}`);
        }
      }
      const merges: [number[], number][] = [
        [[0, 1], 0],
        [[1, 2], 2],
        [[2, 3], 3],
        [[0, 3], 3],
        [[4, 5, 6], 5],
        [[6, 7], 7],
        [[5, 7], 5],
        [[0, 4], 4],
      ];
      const responses = await Promise.all(
        merges.map(([group, keep]) =>
          editor.post('/api/participants/merge', {
            participants: group.map((index) => ids[index]),
            participantToKeep: ids[keep],
          }),
        ),
      );
      for (const response of responses) expect([200, 422]).toContain(response.statusCode);
      expect(responses.some((response) => response.statusCode === 200)).toBe(true);

      const dangling = await server.ctx.db
        .selectFrom('item_participants as ip')
        .leftJoin('participants as p', 'p.id', 'ip.participant_id')
        .select('ip.item_id')
        .where('p.id', 'is', null)
        .execute();
      expect(dangling).toEqual([]);
      // Every item keeps a sender and its recipients: links move or collapse, never vanish.
      const after = new Set((await items.participantLinks()).map((link) => link.split(':')));
      const itemRoles = new Set([...after].map(([item, , role]) => `${item}:${role}`));
      for (const pair of expected) expect(itemRoles.has(pair), pair).toBe(true);
      // Each successful merge returned the kept participant and deleted all the others.
      const alive = new Set(
        (await server.ctx.db.selectFrom('participants').select('id').execute()).map((r) => r.id),
      );
      merges.forEach(([group, keep], index) => {
        if (responses[index]!.statusCode !== 200) return;
        expect(responses[index]!.json().participant.id).toBe(ids[keep]);
        for (const member of group) {
          if (member !== keep) expect(alive.has(ids[member]!)).toBe(false);
        }
      });
    }
    // The foreign keys are really enforced (they are what makes "no dangling link" hold).
    const check =
      server.ctx.dialect === 'sqlite'
        ? await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(server.ctx.db)
        : { rows: [{ foreign_keys: 1 }] };
    expect(check.rows[0]!.foreign_keys).toBe(1);
  });

  it('divides a participant: renamed original, new one, both linked with the same roles', async () => {
    const couple = await create('Jean et Marie');
    const [i1, i2] = [await items.item(), await items.item()];
    const trashed = await items.item({ deleted: true });
    await items.withParticipant(i1, couple, 'from');
    await items.withParticipant(i2, couple, 'to');
    await items.withParticipant(trashed, couple, 'from');

    const response = await editor.post(`/api/participants/divide/${couple}`, {
      name1: ' Jean ',
      name2: 'Marie',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json().participants as Participant[];
    expect(response.json().message).toBe('The participant has been divided in two.');
    expect(first).toEqual({ id: couple, name: 'Jean', count: 2 });
    expect(second).toMatchObject({ name: 'Marie', count: 2 });
    expect(await linksOf(second!.id)).toEqual(await linksOf(couple));
    expect(await linksOf(couple)).toEqual([`${i1}:from`, `${i2}:to`, `${trashed}:from`].sort());

    // The new one may take the original's former name.
    const solo = await create('Anne');
    const reused = await editor.post(`/api/participants/divide/${solo}`, {
      name1: 'Anne Senior',
      name2: 'anne',
    });
    expect(reused.statusCode).toBe(200);
    expect(reused.json().participants.map((p: Participant) => p.name)).toEqual([
      'Anne Senior',
      'anne',
    ]);
  });

  it('refuses a division onto taken names and leaves everything as it was', async () => {
    const target = await create('Paul et Louise');
    await create('Louise');
    await create('Paul');
    const item = await items.item();
    await items.withParticipant(item, target, 'to');
    const before = await snapshot();

    const cases: [Record<string, unknown>, string[]][] = [
      [{ name1: 'Paul Jr', name2: 'LOUISE' }, ['name2']],
      [{ name1: 'paul', name2: 'Louise B' }, ['name1']],
      [{ name1: 'Paul', name2: 'Louise' }, ['name1', 'name2']],
      [{ name1: 'Same', name2: 'same' }, ['name2']],
      [{ name1: '', name2: 'X' }, ['name1']],
      [{ name1: 'X' }, ['name2']],
      [{ name1: 'A\u0000', name2: 'B' }, ['name1']],
    ];
    for (const [body, fields] of cases) {
      const response = await editor.post(`/api/participants/divide/${target}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const missing = await editor.post('/api/participants/divide/999999', {
      name1: 'A',
      name2: 'B',
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls a division back when a concurrent create takes name2', async () => {
    for (let round = 0; round < 4; round++) {
      const target = await create(`Contested source ${round}`);
      const item = await items.item();
      await items.withParticipant(item, target, 'from');
      const [divided, created] = await Promise.all([
        editor.post(`/api/participants/divide/${target}`, {
          name1: `Renamed ${round}`,
          name2: `Contested ${round}`,
        }),
        editor.post('/api/participants', { name: `contested ${round}` }),
      ]);
      expect([divided.statusCode, created.statusCode].sort()).toEqual(
        divided.statusCode === 200 ? [200, 422] : [201, 422],
      );
      const original = (await editor.get(`/api/participants/${target}`)).json();
      if (divided.statusCode === 422) {
        expect(original.name).toBe(`Contested source ${round}`);
        expect(await linksOf(target)).toEqual([`${item}:from`]);
      } else {
        expect(original.name).toBe(`Renamed ${round}`);
      }
    }
  });
});
