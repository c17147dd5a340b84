import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { descriptorOf, facesDb, type FacesExecutor } from './repository.js';

export const DESCRIPTOR_LENGTH = 128;
const REVISION_KEY = 'faces_revision';

/** The nearest face of a search, and its distance. */
export interface Neighbour {
  id: number;
  participantId: number;
  groupId: number;
  distance: number;
}

/**
 * Every face's descriptor in one Float32Array, with its participant and group: a nearest-neighbour
 * search among 100,000 faces is one pass over 51 MB of floats (a few milliseconds), the same on
 * both engines, where SQL cannot index 128-dimension distances. One per database per process,
 * loaded on first use and kept in step through the `faces_revision` setting, which every write to
 * faces bumps in its transaction: rows written since are read again, and a count that no longer
 * matches (faces deleted by another process) reloads the whole index. What it answers is a
 * candidate: callers check it against the table before acting on it.
 */
export class FaceIndex {
  revision = -1;
  size = 0;
  ids = new Int32Array(1024);
  people = new Int32Array(1024);
  groups = new Int32Array(1024);
  vectors = new Float32Array(1024 * DESCRIPTOR_LENGTH);
  /** Faces without a descriptor (drawn where none could be computed): counted, never searched. */
  bare = new Set<number>();
  /** When the row count was last compared with the table's. */
  checkedAt = 0;
  private slots = new Map<number, number>();

  clear(): void {
    this.size = 0;
    this.slots.clear();
    this.bare.clear();
    this.revision = -1;
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    const ids = new Int32Array(capacity);
    ids.set(this.ids);
    const people = new Int32Array(capacity);
    people.set(this.people);
    const groups = new Int32Array(capacity);
    groups.set(this.groups);
    const vectors = new Float32Array(capacity * DESCRIPTOR_LENGTH);
    vectors.set(this.vectors);
    Object.assign(this, { ids, people, groups, vectors });
  }

  upsert(id: number, participantId: number | null, groupId: number | null, d?: Float32Array) {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      if (!d || d.length !== DESCRIPTOR_LENGTH) return;
      if (this.size === this.ids.length) this.grow();
      slot = this.size;
      this.size += 1;
      this.slots.set(id, slot);
      this.ids[slot] = id;
      this.vectors.set(d, slot * DESCRIPTOR_LENGTH);
    }
    this.people[slot] = participantId ?? 0;
    this.groups[slot] = groupId ?? 0;
  }

  remove(id: number): void {
    this.bare.delete(id);
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.size - 1;
    if (slot !== last) {
      const lastId = this.ids[last]!;
      this.ids[slot] = lastId;
      this.people[slot] = this.people[last]!;
      this.groups[slot] = this.groups[last]!;
      this.vectors.copyWithin(
        slot * DESCRIPTOR_LENGTH,
        last * DESCRIPTOR_LENGTH,
        (last + 1) * DESCRIPTOR_LENGTH,
      );
      this.slots.set(lastId, slot);
    }
    this.slots.delete(id);
    this.size = last;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  descriptor(id: number): Float32Array | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    return this.vectors.slice(slot * DESCRIPTOR_LENGTH, (slot + 1) * DESCRIPTOR_LENGTH);
  }

  /**
   * The nearest face under `limit` among those `named` (true: named faces, the references;
   * false: unnamed ones), leaving out the participants in `excluded` and the faces in `skip`.
   */
  nearest(
    query: Float32Array,
    options: { named: boolean; limit: number; excluded?: Set<number>; skip?: Set<number> },
  ): Neighbour | undefined {
    const { named, excluded, skip } = options;
    let best = options.limit * options.limit;
    let bestSlot = -1;
    const vectors = this.vectors;
    for (let slot = 0; slot < this.size; slot += 1) {
      const person = this.people[slot]!;
      if (named ? person === 0 : person !== 0) continue;
      if (excluded && person !== 0 && excluded.has(person)) continue;
      if (skip?.has(this.ids[slot]!)) continue;
      const base = slot * DESCRIPTOR_LENGTH;
      let sum = 0;
      for (let i = 0; i < DESCRIPTOR_LENGTH; i += 1) {
        const diff = vectors[base + i]! - query[i]!;
        sum += diff * diff;
        // Most faces are far: stop adding once this one cannot win.
        if ((i & 15) === 15 && sum >= best) break;
      }
      if (sum < best) {
        best = sum;
        bestSlot = slot;
      }
    }
    if (bestSlot < 0) return undefined;
    return {
      id: this.ids[bestSlot]!,
      participantId: this.people[bestSlot]!,
      groupId: this.groups[bestSlot]!,
      distance: Math.sqrt(best),
    };
  }

  /**
   * In one pass: the nearest named face under `namedLimit` whose participant is not `excluded`,
   * and the nearest unnamed one under `unnamedLimit` that is not in `skip` (what a new face needs:
   * a suggestion and a group).
   */
  nearestBoth(
    query: Float32Array,
    options: {
      namedLimit: number;
      unnamedLimit: number;
      excluded?: Set<number> | undefined;
      skip?: Set<number> | undefined;
    },
  ): { named: Neighbour | undefined; unnamed: Neighbour | undefined } {
    const { excluded, skip } = options;
    let bestNamed = options.namedLimit * options.namedLimit;
    let bestUnnamed = options.unnamedLimit * options.unnamedLimit;
    let namedSlot = -1;
    let unnamedSlot = -1;
    const vectors = this.vectors;
    const people = this.people;
    for (let slot = 0; slot < this.size; slot += 1) {
      const person = people[slot]!;
      if (person !== 0 ? excluded?.has(person) : skip?.has(this.ids[slot]!)) continue;
      const bound = person !== 0 ? bestNamed : bestUnnamed;
      const base = slot * DESCRIPTOR_LENGTH;
      let sum = 0;
      for (let i = 0; i < DESCRIPTOR_LENGTH; i += 16) {
        for (let j = i; j < i + 16; j += 1) {
          const diff = vectors[base + j]! - query[j]!;
          sum += diff * diff;
        }
        // Most faces are far: stop adding once this one cannot win.
        if (sum >= bound) break;
      }
      if (sum >= bound) continue;
      if (person !== 0) {
        bestNamed = sum;
        namedSlot = slot;
      } else {
        bestUnnamed = sum;
        unnamedSlot = slot;
      }
    }
    const neighbour = (slot: number, squared: number): Neighbour | undefined =>
      slot < 0
        ? undefined
        : {
            id: this.ids[slot]!,
            participantId: this.people[slot]!,
            groupId: this.groups[slot]!,
            distance: Math.sqrt(squared),
          };
    return { named: neighbour(namedSlot, bestNamed), unnamed: neighbour(unnamedSlot, bestUnnamed) };
  }

  /** Unnamed faces closer than `limit` to `query`, with their distance. */
  unnamedWithin(query: Float32Array, limit: number): { id: number; distance: number }[] {
    const out: { id: number; distance: number }[] = [];
    const bound = limit * limit;
    const vectors = this.vectors;
    for (let slot = 0; slot < this.size; slot += 1) {
      if (this.people[slot] !== 0) continue;
      const base = slot * DESCRIPTOR_LENGTH;
      let sum = 0;
      for (let i = 0; i < DESCRIPTOR_LENGTH; i += 1) {
        const diff = vectors[base + i]! - query[i]!;
        sum += diff * diff;
        if ((i & 15) === 15 && sum >= bound) break;
      }
      if (sum < bound) out.push({ id: this.ids[slot]!, distance: Math.sqrt(sum) });
    }
    return out;
  }
}

const indexes = new WeakMap<object, { index: FaceIndex; syncing: Promise<unknown> }>();

/** Bumps the faces' revision in a write transaction; the rows it writes carry the new value. */
export async function bumpFacesRevision(trx: FacesExecutor): Promise<number> {
  const { rows } = await sql<{ value: string }>`
    insert into settings (key, value) values (${REVISION_KEY}, '1')
    on conflict (key) do update set value = cast(cast(settings.value as integer) + 1 as text)
    returning value`.execute(trx);
  return Number(rows[0]!.value);
}

async function readRevision(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', REVISION_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

type IndexRow = {
  id: number;
  participant_id: number | null;
  group_id: number | null;
  descriptor: Uint8Array | null;
};

async function load(db: Kysely<Database>, index: FaceIndex, since: number | undefined) {
  const faces = facesDb(db);
  const revision = await readRevision(db);
  if (since === undefined) index.clear();
  const take = (rows: IndexRow[]) => {
    for (const row of rows) {
      if (!row.descriptor) {
        index.bare.add(row.id);
        continue;
      }
      index.upsert(
        row.id,
        row.participant_id,
        row.group_id,
        index.has(row.id) ? undefined : descriptorOf(row.descriptor),
      );
    }
  };
  if (since !== undefined) {
    // What changed since: a few rows, found through the revision's index.
    take(
      await faces
        .selectFrom('faces')
        .select(['id', 'participant_id', 'group_id', 'descriptor'])
        .where('revision', '>', since)
        .execute(),
    );
  } else {
    // Everything, in id order by pages: 100,000 descriptors are 51 MB, never one result set.
    let after = 0;
    for (;;) {
      const rows: IndexRow[] = await faces
        .selectFrom('faces')
        .select(['id', 'participant_id', 'group_id', 'descriptor'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(5000)
        .execute();
      take(rows);
      if (rows.length < 5000) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  index.revision = revision;
  if (since === undefined) index.checkedAt = Date.now();
}

/** How often, at most, a process counts the faces to notice deletions made by another one. */
const RECOUNT_MS = 30_000;

/**
 * The index of this process for `db`, in step with what is committed. Syncs run one at a time.
 */
export async function faceIndex(db: Kysely<Database>): Promise<FaceIndex> {
  let entry = indexes.get(db);
  if (!entry) {
    entry = { index: new FaceIndex(), syncing: Promise.resolve() };
    indexes.set(db, entry);
  }
  const { index } = entry;
  const run = entry.syncing.then(async () => {
    const known = index.revision;
    if (known < 0) return load(db, index, undefined);
    if ((await readRevision(db)) === known) return;
    await load(db, index, known);
    // Faces deleted elsewhere leave no row to read: noticed by their count, now and then (until
    // then, callers' checks against the table keep a deleted face from being used).
    if (Date.now() - index.checkedAt < RECOUNT_MS) return;
    index.checkedAt = Date.now();
    const row = await facesDb(db)
      .selectFrom('faces')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) !== index.size + index.bare.size) await load(db, index, undefined);
  });
  entry.syncing = run.catch(() => undefined);
  await run;
  return index;
}

/** Forgets this process's index (after every face was deleted). */
export function dropFaceIndex(db: Kysely<Database>): void {
  indexes.get(db)?.index.clear();
}
