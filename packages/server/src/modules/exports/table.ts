import type { ExportFormat, ExportScope, ExportStatus } from '@kinfolio/contract';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * An export an admin started (migration 0020_exports). Declared here, beside the only module
 * that reads it, and added to the database type with `withTables`.
 */
export interface ExportsTable {
  id: Generated<number>;
  kind: ExportScope;
  format: ExportFormat;
  /** The item type, or the category's id as text. */
  scope: string;
  /** The download's name (null until the job names it). */
  file_name: string | null;
  size: Generated<number>;
  status: ExportStatus;
  progress: Generated<number>;
  job_id: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

export type ExportRow = {
  [K in keyof ExportsTable]: ExportsTable[K] extends Generated<infer T> ? T : ExportsTable[K];
};

export type ExportsDatabase = Database & { exports: ExportsTable };

export const exportsDb = (db: Kysely<Database>): Kysely<ExportsDatabase> =>
  db.withTables<{ exports: ExportsTable }>();
