import {
  IMPORT_SOURCE_KINDS,
  importOptionsSchema,
  type Import,
  type ImportCounts,
  type ImportOptions,
  type ImportPreview,
  type ImportSkipReason,
  type ImportSourceKind,
  type ImportStatus,
  type NearDuplicateDecision,
} from '@kinfolio/contract';
import type { Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { translate, type MessageKey } from '../../i18n/translate.js';
import type { UiLanguage } from '@kinfolio/contract';

/** The import tables (migration 0035), declared beside the only module that reads them. */
export interface ImportsTable {
  id: Generated<number>;
  source_kind: string | null;
  origin: 'upload' | 'path';
  file_name: string;
  storage_key: string | null;
  source_path: string | null;
  size: number | null;
  received: Generated<number>;
  status: ImportStatus;
  progress: Generated<number>;
  options: string;
  report: string;
  job_id: string | null;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
}

export interface ImportIdentitiesTable {
  id: Generated<number>;
  kind: string;
  key: string;
  import_id: number | null;
  item_id: number;
  file_id: number | null;
  phash: string | null;
  near_item_id: number | null;
  near_distance: number | null;
  created_at: string;
}

export type ImportsDatabase = Database & {
  imports: ImportsTable;
  import_identities: ImportIdentitiesTable;
};
export type ImportsExecutor = Kysely<ImportsDatabase> | Transaction<ImportsDatabase>;

export const importsDb = (db: Kysely<Database>) =>
  db.withTables<{ imports: ImportsTable; import_identities: ImportIdentitiesTable }>();

/** A message kept in a report, worded when read in the reader's language. */
export interface ReportMessage {
  key: MessageKey;
  params?: Record<string, string>;
}

/** What an import found and did, kept as JSON on its row. */
export interface ImportReport {
  counts: ImportCounts;
  skipped: { name: string; reason: ImportSkipReason }[];
  created: Record<string, number[]>;
  near_duplicates: {
    item_id: number;
    similar_item_id: number;
    distance: number;
    decision?: NearDuplicateDecision;
  }[];
  errors: ReportMessage[];
  /** What the source's analysis found (imports asked with `preview`). */
  preview?: ImportPreview;
  /** When the preview was ready: a preview not started within a day is discarded. */
  ready_at?: string;
  /**
   * Items of earlier imports this one changed (a WhatsApp day extended, a picture put in an
   * album): the revision holding each as it was before, the files this import attached to it and
   * the categories it linked it to. Undo puts them back.
   */
  revised?: RevisedItem[];
}

export interface RevisedItem {
  item_id: number;
  /** The item's revision holding it as it was before this import first changed it. */
  revision_id: number;
  files: number[];
  /** Categories (a Takeout's albums) this import linked it to, which it was not in before. */
  categories?: number[];
  /**
   * The SHA-256 of the content this import last left it with: another content at undo means it
   * was edited by hand since, and it is left as it is.
   */
  content_sha256?: string;
}

export const emptyReport = (): ImportReport => ({
  counts: { created: 0, existing: 0, near_duplicates: 0, skipped: 0 },
  skipped: [],
  created: {},
  near_duplicates: [],
  errors: [],
});

export type ImportRow = ImportsTable & { id: number; progress: number; received: number };

export function parseReport(row: Pick<ImportRow, 'report'>): ImportReport {
  return { ...emptyReport(), ...(JSON.parse(row.report) as Partial<ImportReport>) };
}

export function parseOptions(row: Pick<ImportRow, 'options'>): ImportOptions {
  return importOptionsSchema.parse(JSON.parse(row.options));
}

/** The kinds a source was made of, kept comma-separated in `source_kind` (most specific first). */
const sourceKinds = (value: string | null): ImportSourceKind[] =>
  (value ?? '')
    .split(',')
    .filter((kind): kind is ImportSourceKind =>
      (IMPORT_SOURCE_KINDS as readonly string[]).includes(kind),
    );

/** An import as the routes show it, its messages in `language`. */
export function presentImport(
  row: ImportRow & { user_name: string | null },
  language: UiLanguage,
): Import {
  const report = parseReport(row);
  return {
    id: row.id,
    source_kind: sourceKinds(row.source_kind)[0] ?? null,
    source_kinds: sourceKinds(row.source_kind),
    origin: row.origin,
    file_name: row.file_name,
    created_by: row.user_name,
    created_by_id: row.created_by,
    created_at: row.created_at,
    finished_at: row.finished_at,
    status: row.status,
    progress: row.progress,
    options: parseOptions(row),
    counts: report.counts,
    skipped: report.skipped,
    created: report.created,
    created_titles: {},
    near_duplicates: report.near_duplicates.map((pair) => ({
      ...pair,
      decision: pair.decision ?? null,
    })),
    errors: report.errors.map((m) => translate(language, m.key, m.params)),
    preview: report.preview ?? null,
  };
}

/** Imports with their author's name; `userId` narrows them to one person's. */
export function selectImports(db: Kysely<Database>) {
  return importsDb(db)
    .selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .selectAll('imports')
    .select('users.name as user_name');
}
