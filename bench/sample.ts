/**
 * What the cold workload draws its URLs from, read straight from the bench's database by the
 * server process (outside the app, so drawing it warms none of the app's answers): the text of
 * random items, the live counts per type, language and link, and the ids of links.
 */
import { isItemType, type ItemType } from '@kinfolio/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../packages/server/src/db/connect.js';

/** Live items per type under one filter value (a link id or a language). */
export type Counts = Record<string, Record<string, number>>;

export interface ColdSample {
  /** Title and plain text of random items (any type, language, trash state). */
  texts: string[];
  /** Ids of random items with their type (single-item reads). */
  items: { id: number; type: ItemType }[];
  /** Live items per type. */
  live: Record<string, number>;
  /** Live items per filter value and type; a category's counts include its descendants'. */
  categories: Counts;
  participants: Counts;
  tags: Counts;
  languages: Counts;
}

/** A small seeded PRNG, so two runs of one size ask the same URLs. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function counts(
  handle: DatabaseHandle,
  table: 'item_categories' | 'item_participants' | 'item_tags',
  column: string,
): Promise<Counts> {
  const { rows } = await sql<{ key: number; type: string; n: number }>`
    select l.${sql.ref(column)} as key, i.type as type, count(*) as n
    from ${sql.table(table)} l join items i on i.id = l.item_id
    where i.deleted_at is null group by l.${sql.ref(column)}, i.type
  `.execute(handle.db);
  return group(rows);
}

function group(rows: { key: number | string; type: string; n: number }[]): Counts {
  const out: Counts = {};
  for (const row of rows) (out[String(row.key)] ??= {})[row.type] = Number(row.n);
  return out;
}

/** Adds each category's counts to its ancestors' (an item in two of them counts twice). */
function subtrees(own: Counts, tree: { id: number; parent_id: number | null }[]): Counts {
  const parent = new Map(tree.map((c) => [c.id, c.parent_id]));
  const out: Counts = Object.fromEntries(tree.map((c) => [String(c.id), {}]));
  for (const [id, byType] of Object.entries(own)) {
    for (let at: number | null | undefined = Number(id); at != null; at = parent.get(at)) {
      const sums = (out[String(at)] ??= {});
      for (const [type, n] of Object.entries(byType)) sums[type] = (sums[type] ?? 0) + n;
    }
  }
  return out;
}

export async function drawSample(handle: DatabaseHandle, picks = 600): Promise<ColdSample> {
  const random = seeded(7);
  const bounds = await handle.db
    .selectFrom('items')
    .select((eb) => [eb.fn.min<number>('id').as('lo'), eb.fn.max<number>('id').as('hi')])
    .executeTakeFirstOrThrow();
  const lo = Number(bounds.lo);
  const hi = Number(bounds.hi);
  const ids = [
    ...new Set(Array.from({ length: picks }, () => lo + Math.floor(random() * (hi - lo + 1)))),
  ];
  const rows = await handle.db
    .selectFrom('items')
    .select(['id', 'type', 'title', 'plain', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
  const live = await handle.db
    .selectFrom('items')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('type')
    .execute();
  const languages = await handle.db
    .selectFrom('items')
    .select(['language as key', 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy(['language', 'type'])
    .execute();
  return {
    texts: rows.map((row) => `${row.title} ${row.plain}`),
    items: rows.flatMap(({ id, type, deleted_at }) =>
      deleted_at === null && isItemType(type) ? [{ id, type }] : [],
    ),
    live: Object.fromEntries(live.map((row) => [row.type, Number(row.n)])),
    categories: subtrees(
      await counts(handle, 'item_categories', 'category_id'),
      await handle.db.selectFrom('categories').select(['id', 'parent_id']).execute(),
    ),
    participants: await counts(handle, 'item_participants', 'participant_id'),
    tags: await counts(handle, 'item_tags', 'tag_id'),
    languages: group(languages),
  };
}
