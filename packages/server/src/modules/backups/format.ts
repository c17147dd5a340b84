import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';

/**
 * The portable backup format (README "Backups, restore and moving between SQLite and
 * PostgreSQL"): one tar file with, in this order,
 * - `data/<table>.jsonl`: one JSON object per row, keys sorted, in primary-key order;
 * - `files/<storage key>`, `pictures/<storage key>`, `mp3/<name>`: the stored bytes (the MP3s'
 *   names are the records module's: listStoredMp3s);
 * - `manifest.json`, last, so that it can name the size and SHA-256 of every entry before it.
 * The lines are engine-neutral: SQLite and PostgreSQL give the same bytes for the same data.
 */
export const BACKUP_FORMAT = 'kinfolio-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/**
 * Tables that do not travel, with the reason. Every table of the schema is either here or backed
 * up (backup.test.ts checks it).
 */
export const EXCLUDED_TABLES: Record<string, string> = {
  kysely_migration: 'the target database has its own migrations (the schema version is checked)',
  kysely_migration_lock: 'migration bookkeeping',
  change_stamps: 'the target keeps its own stamps, given a new epoch by the restore',
  sessions: 'logins are tied to one installation; everybody logs in again',
  password_reset_tokens: 'short-lived secrets',
  login_links: 'short-lived secrets (one-time sign-in links)',
  invitations: 'pending invitation links (secrets); the admin invites again',
  login_throttle: 'failed-login counters',
  jobs: 'the job queue of the installation',
  failed_jobs: 'the job queue of the installation',
  job_schedules: 'the job queue of the installation',
  backups: 'the list of backup files kept by this installation',
  record_mp3_jobs: 'the last MP3 job of each record: job bookkeeping of the installation',
  record_segment_jobs:
    'the last segment detection job of each record: job bookkeeping of the installation',
  exports: 'downloads produced by this installation, made again on demand',
  category_ancestors:
    'derived from categories by triggers (0023_category_scopes): the restore writes it again',
  item_category_scopes:
    'derived from categories and item_categories by triggers (0023_category_scopes): the restore writes it again',
  item_search:
    'what PostgreSQL searches, copied from the items by triggers (0029_search_ranges): the restore copies it again',
  item_list_months:
    'live items counted per type, language and month by triggers (0025_list_months): the restore counts them again',
  place_cells:
    'live placed items and records counted per map cell by triggers (0041_places): the restore counts them again',
};

/** Rows of backed-up tables that do not travel either: each installation has its own key. */
export const EXCLUDED_SETTINGS = ['app_key'];

/**
 * The order the tables are written and restored in: a row's references come before it. Tables
 * added later and not named here are written after these, in name order.
 */
export const TABLE_ORDER = [
  'users',
  'user_identities',
  'settings',
  'site_translations',
  'participants',
  // Parenthood and partnership between participants, and the history of lives and relations.
  'participant_relations',
  'family_revisions',
  'tags',
  'categories',
  // Before the items and records that point to them.
  'places',
  'items',
  'item_revisions',
  'item_participants',
  'item_tags',
  'item_categories',
  'records',
  'record_people',
  'record_revisions',
  'record_segments',
  'record_segment_people',
  'files',
  // What was imported and from where: a restored archive imports the same sources to nothing new.
  'imports',
  'import_identities',
  // Share links, with what a selection holds and their audit entries.
  'shares',
  'share_entries',
  'share_events',
  // Faces, with their descriptors and the names given to them (modules/faces).
  'face_scans',
  'face_groups',
  'faces',
  'face_rejections',
  // The text of scans, with the texts corrections replaced (modules/ocr).
  'file_texts',
  'file_text_revisions',
];

/**
 * Binary columns, written as base64 (neutralValue) and read back into bytes: a face's descriptor.
 */
export const BINARY_COLUMNS: Record<string, string[]> = {
  faces: ['descriptor'],
};

/** The keyset each table is read in (its primary key); `id` when not named. */
export const TABLE_KEYS: Record<string, string[]> = {
  settings: ['key'],
  item_participants: ['item_id', 'participant_id', 'role'],
  item_tags: ['item_id', 'tag_id'],
  item_categories: ['item_id', 'category_id'],
  record_people: ['record_id', 'participant_id'],
  record_segment_people: ['segment_id', 'participant_id'],
  face_scans: ['file_id'],
  file_texts: ['file_id'],
  face_rejections: ['face_id', 'participant_id'],
};

/** Columns that point at a row of their own table: restored once the row exists. */
export const SELF_REFERENCES: Record<string, string> = {
  items: 'parent_id',
  categories: 'parent_id',
};

/**
 * Columns that point at a table restored after theirs: written null, then set once every table
 * is in. A participant's portrait is a face or a file, which come long after the participants.
 */
export const LATE_REFERENCES: Record<string, string[]> = {
  participants: ['portrait_face_id', 'portrait_file_id'],
};

/** Tables kept on restore (they may hold rows in an empty archive), and those replaced. */
export const REPLACED_ON_RESTORE = ['users', 'settings'];

export const keyOf = (table: string) => TABLE_KEYS[table] ?? ['id'];

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  app_version: string;
  /** The last migration of the database it was made from. */
  schema_version: string;
  created_at: string;
  /** The engine it was made from (informative: the data does not depend on it). */
  source_dialect: Dialect;
  tables: Record<string, { rows: number; columns: string[] }>;
  files: { count: number; bytes: number };
  /** Stored files a row named but whose bytes were gone when the backup read them. */
  missing_files: string[];
  entries: ManifestEntry[];
}

/** The app's version, from the server package (sources and build alike). */
export function appVersion(): string {
  try {
    const parsed = createRequire(import.meta.url)('@kinfolio/server/package.json') as {
      version?: unknown;
    };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The tables of the schema (search indexes and their shadow tables left out). */
export async function schemaTables(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
        and name not like '%_fts' and name not like '%_fts_%'`.execute(db);
    return rows.map((r) => r.name).sort();
  }
  // Partitions are part of their table (0029_search_ranges), not tables of their own.
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition`.execute(
    db,
  );
  return rows.map((r) => r.name).sort();
}

/** A table's stored columns, generated ones (PostgreSQL's search vectors) left out, sorted. */
export async function tableColumns(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
): Promise<string[]> {
  if (dialect === 'sqlite') {
    // table_xinfo's `hidden`: 0 a plain column, 2 and 3 generated ones.
    const { rows } = await sql<{
      name: string;
      hidden: number;
    }>`select name, hidden from pragma_table_xinfo(${table})`.execute(db);
    return rows
      .filter((r) => Number(r.hidden) === 0)
      .map((r) => r.name)
      .sort();
  }
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      and data_type <> 'tsvector'`.execute(db);
  return rows.map((r) => r.name).sort();
}

/** The tables a backup holds, in restore order. */
export function backedUpTables(all: string[]): string[] {
  const kept = all.filter((t) => !(t in EXCLUDED_TABLES));
  const known = TABLE_ORDER.filter((t) => kept.includes(t));
  const others = kept.filter((t) => !TABLE_ORDER.includes(t)).sort();
  return [...known, ...others];
}

/**
 * One column's value as the backup writes it: numbers as numbers, text as text, null as null,
 * whatever the engine returned (PostgreSQL's BIGINT as a string or a bigint, booleans, dates).
 */
export function neutralValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return JSON.stringify(value);
}

/** One row as one line: keys in the (sorted) column order. */
export function rowLine(columns: string[], row: Record<string, unknown>): string {
  const out: Record<string, string | number | null> = {};
  for (const column of columns) out[column] = neutralValue(row[column]);
  return `${JSON.stringify(out)}\n`;
}
