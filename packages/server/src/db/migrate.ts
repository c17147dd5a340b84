import {
  Migrator,
  SqliteAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import { lockFile } from './file-lock.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_organisation.js';
import * as m0003 from './migrations/0003_items.js';
import * as m0004 from './migrations/0004_search_scope.js';
import * as m0005 from './migrations/0005_drop_deleted_at_index.js';
import * as m0006 from './migrations/0006_files.js';
import * as m0007 from './migrations/0007_change_stamps.js';
import * as m0008 from './migrations/0008_stamp_epochs.js';
import * as m0009 from './migrations/0009_login_throttle.js';
import * as m0010 from './migrations/0010_invitations.js';
import * as m0011 from './migrations/0011_link_scopes.js';
import * as m0013 from './migrations/0013_records.js';
import * as m0014 from './migrations/0014_jobs.js';
import * as m0015 from './migrations/0015_list_order_and_folding.js';
import * as m0016 from './migrations/0016_accounts.js';
import * as m0017 from './migrations/0017_item_types.js';
import * as m0018 from './migrations/0018_backups.js';
import * as m0020 from './migrations/0020_exports.js';
import * as m0019 from './migrations/0019_deleted_medias.js';
import * as m0022 from './migrations/0022_photo_metadata.js';
import * as m0023 from './migrations/0023_category_scopes.js';
import * as m0024 from './migrations/0024_search_scopes.js';
import * as m0025 from './migrations/0025_list_months.js';
import * as m0026 from './migrations/0026_search_prefixes.js';
import * as m0027 from './migrations/0027_revised_items_partial.js';
import * as m0028 from './migrations/0028_search_statistics.js';
import * as m0029 from './migrations/0029_search_ranges.js';
import * as m0030 from './migrations/0030_record_mp3_jobs.js';
import * as m0031 from './migrations/0031_thumbnail_pending.js';
import * as m0032 from './migrations/0032_records_title_order.js';
import * as m0033 from './migrations/0033_history_feed_records.js';
import * as m0034 from './migrations/0034_login_links.js';
import * as m0035 from './migrations/0035_imports.js';
import * as m0036 from './migrations/0036_shares.js';
import * as m0037 from './migrations/0037_faces.js';
import * as m0039 from './migrations/0039_record_segments.js';
import * as m0041 from './migrations/0041_places.js';
import * as m0042 from './migrations/0042_family.js';
import * as m0043 from './migrations/0043_place_cells_covering.js';
import * as m0040 from './migrations/0040_file_texts.js';

/** Migrations are imported statically so they work the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_organisation': m0002,
  '0003_items': m0003,
  '0004_search_scope': m0004,
  '0005_drop_deleted_at_index': m0005,
  '0006_files': m0006,
  '0007_change_stamps': m0007,
  '0008_stamp_epochs': m0008,
  '0009_login_throttle': m0009,
  '0010_invitations': m0010,
  '0011_link_scopes': m0011,
  '0013_records': m0013,
  '0014_jobs': m0014,
  '0015_list_order_and_folding': m0015,
  '0016_accounts': m0016,
  '0017_item_types': m0017,
  '0018_backups': m0018,
  '0020_exports': m0020,
  '0019_deleted_medias': m0019,
  '0022_photo_metadata': m0022,
  '0023_category_scopes': m0023,
  '0024_search_scopes': m0024,
  '0025_list_months': m0025,
  '0026_search_prefixes': m0026,
  '0027_revised_items_partial': m0027,
  '0028_search_statistics': m0028,
  '0029_search_ranges': m0029,
  '0030_record_mp3_jobs': m0030,
  '0031_thumbnail_pending': m0031,
  '0032_records_title_order': m0032,
  '0033_history_feed_records': m0033,
  '0034_login_links': m0034,
  '0035_imports': m0035,
  '0036_shares': m0036,
  '0037_faces': m0037,
  '0039_record_segments': m0039,
  '0041_places': m0041,
  '0040_file_texts': m0040,
  '0042_family': m0042,
  '0043_place_cells_covering': m0043,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The migrations this code knows that the database has not applied (`/readyz`). One read of
 * Kysely's own table rather than its Migrator, which introspects every table first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's table is not in our schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/**
 * Applies the migrations the database lacks; several processes may call it at once. On
 * PostgreSQL, Kysely's Migrator holds a session advisory lock while it reads what is applied and
 * applies the rest. On SQLite it takes no lock (and runs DDL outside transactions), so a server
 * starting while `kinfolio migrate` runs would apply the same migration twice: there the
 * migrators wait in turn for a lock file beside the database (`<db>.migration-lock`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const file = await sqliteFileOf(db);
  const lock = file ? await lockFile(`${file}.migration-lock`) : undefined;
  try {
    const migrator = new Migrator({ db, provider });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    lock?.release();
  }
}

/** The file of an SQLite database; undefined for PostgreSQL and in-memory databases. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
async function sqliteFileOf(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file || undefined;
}
