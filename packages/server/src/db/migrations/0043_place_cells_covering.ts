import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: `place_cells`' primary key carries the counters too (INCLUDE), so a map view reads
 * them from the index alone. With the key only, each of a city view's ~2,000 counters (one per
 * kind and language of each cell) cost a heap page of its own, scattered by the triggers' upserts:
 * 27 ms and 1,700 pages read cold at 1,000,000 items, against 1 ms and 70 pages from the index.
 * Autovacuum visits the table more often so that its pages stay marked all-visible, which an
 * index-only read needs to skip the heap.
 *
 * SQLite's table is already stored in key order (`without rowid`, migration 0041): nothing to do.
 */
const CELL_KEY = sql.raw('level, cx, cy, kind, language');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table place_cells
    drop constraint place_cells_pk,
    add constraint place_cells_pk primary key (${CELL_KEY}) include (n, lat_sum, lon_sum, id_sum)`.execute(
    db,
  );
  await sql`alter table place_cells set (
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.02
  )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table place_cells reset (
    autovacuum_vacuum_scale_factor,
    autovacuum_vacuum_insert_scale_factor
  )`.execute(db);
  await sql`alter table place_cells
    drop constraint place_cells_pk,
    add constraint place_cells_pk primary key (${CELL_KEY})`.execute(db);
}
