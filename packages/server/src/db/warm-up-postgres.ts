import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { WarmUpLimits, WarmUpReport } from './warm-up.js';

interface Relation {
  name: string;
  bytes: number;
  kind: 'table' | 'index';
  /** Read from its last block back: the newest rows, which searches and lists read first. */
  newestFirst?: boolean;
}

/** Blocks per read: small enough to stop soon after the deadline. */
const CHUNK_BLOCKS = 2048;

type Db = Kysely<Database>;

async function relation(db: Db, name: string): Promise<Relation[]> {
  const { rows } = await sql<{ bytes: number; kind: string }>`
    select pg_relation_size(c.oid) as bytes, c.relkind as kind from pg_class c
    where c.oid = to_regclass(${name})
  `.execute(db);
  return rows.map((row) => ({
    name,
    bytes: Number(row.bytes),
    kind: row.kind === 'i' ? 'index' : 'table',
  }));
}

async function indexesOf(db: Db, table: string): Promise<Relation[]> {
  const { rows } = await sql<{ name: string; bytes: number }>`
    select x.indexrelid::regclass::text as name, pg_relation_size(x.indexrelid) as bytes
    from pg_index x where x.indrelid = to_regclass(${table}) order by 1
  `.execute(db);
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes), kind: 'index' }));
}

/**
 * What a search, then the page showing its results, reads, most needed first: `item_search`'s
 * id ranges from the newest (migration 0029: each range's GIN indexes, then its rows), the
 * records' search index, the newest part of `items` and its indexes, then the links and names
 * shown beside each item.
 */
async function relations(db: Db): Promise<Relation[]> {
  const { rows: parts } = await sql<{ name: string }>`
    select inhrelid::regclass::text as name from pg_inherits
    where inhparent = to_regclass('item_search')
  `.execute(db);
  const rangeOf = (name: string) => Number(/_(\d+)$/.exec(name)?.[1] ?? -1);
  const ranges = parts.map((p) => p.name).sort((a, b) => rangeOf(b) - rangeOf(a));
  const out: Relation[] = [];
  for (const part of ranges) {
    out.push(...(await indexesOf(db, part)), ...(await relation(db, part)));
  }
  out.push(...(await relation(db, 'records_search_idx')), ...(await relation(db, 'records')));
  out.push(...(await relation(db, 'items')).map((r) => ({ ...r, newestFirst: true })));
  out.push(...(await indexesOf(db, 'items')));
  for (const table of ['item_participants', 'item_tags', 'item_categories']) {
    out.push(...(await relation(db, table)), ...(await indexesOf(db, table)));
  }
  for (const table of ['participants', 'tags', 'categories']) {
    out.push(...(await relation(db, table)));
  }
  return out;
}

/**
 * Reads the search indexes and hot tables of a PostgreSQL database into the OS's cache, with
 * `pg_prewarm(…, 'read')` (its shared buffers are left to the queries) when the extension is
 * there or can be made (it needs a superuser). Without it, tables are read by TID ranges (no
 * sequential scan's ring buffer) and indexes are left cold: nothing reads an index's pages in
 * order without the extension.
 */
export async function warmUpPostgres(db: Db, limits: WarmUpLimits): Promise<WarmUpReport> {
  const deadline = Date.now() + limits.timeMs;
  const prewarm = await sql`create extension if not exists pg_prewarm`.execute(db).then(
    () => true,
    () => false,
  );
  const { rows } = await sql<{
    size: string;
  }>`select current_setting('block_size') as size`.execute(db);
  const blockBytes = Number(rows[0]?.size ?? 8192);
  const report: WarmUpReport = { bytes: 0, objects: [], complete: true, method: '' };
  report.method = prewarm ? 'pg_prewarm' : 'reads (no pg_prewarm: indexes left cold)';
  for (const rel of await relations(db)) {
    if (!prewarm && rel.kind === 'index') continue;
    const blocks = Math.floor(rel.bytes / blockBytes);
    const budget = Math.floor((limits.budgetBytes - report.bytes) / blockBytes);
    const take = Math.min(blocks, budget);
    const first = rel.newestFirst ? blocks - take : 0;
    let read = 0;
    for (let from = first; from < first + take; from += CHUNK_BLOCKS) {
      if (Date.now() >= deadline || limits.signal?.aborted) break;
      const to = Math.min(first + take, from + CHUNK_BLOCKS) - 1;
      if (prewarm) {
        await sql`select pg_prewarm(${rel.name}::regclass, 'read', 'main', ${from}, ${to})`.execute(
          db,
        );
      } else {
        await sql`
          select count(*) from only ${sql.table(rel.name)}
          where ctid >= ${`(${from},0)`}::tid and ctid < ${`(${to + 1},0)`}::tid
        `.execute(db);
      }
      read += to - from + 1;
    }
    report.bytes += read * blockBytes;
    report.objects.push({ name: rel.name, bytes: read * blockBytes });
    if (read < blocks) {
      report.complete = false;
      break;
    }
  }
  return report;
}
