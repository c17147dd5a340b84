import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A scan's text (migration 0040). */
export interface FileTextsTable {
  file_id: number;
  status: 'done' | 'failed';
  reason: string | null;
  text: Generated<string>;
  language: string | null;
  confidence: number | null;
  /** JSON of the contract's FileTextPage[] as read. */
  pages: Generated<string>;
  engine_version: string;
  edited: Generated<number>;
  edited_by: number | null;
  edited_at: string | null;
  read_at: string;
}

export interface FileTextRevisionsTable {
  id: Generated<number>;
  file_id: number;
  text: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

export type OcrTables = {
  file_texts: FileTextsTable;
  file_text_revisions: FileTextRevisionsTable;
};
export type OcrDatabase = Database & OcrTables;
export type FileTextRow = Selectable<FileTextsTable>;

export const ocrDb = (db: Kysely<Database>): Kysely<OcrDatabase> => db.withTables<OcrTables>();
export const ocrTrx = (trx: Transaction<Database>) => trx as unknown as Transaction<OcrDatabase>;
