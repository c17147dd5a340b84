import { Transform } from 'node:stream';
import { isSafeKey } from '../../storage/storage.js';
import { isStoredMp3Name } from '../records/index.js';
import { BackupError, type BackupProblem } from './errors.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  type BackupManifest,
  type ManifestEntry,
} from './format.js';

// What a file must be to be restored, beyond its checksums: its manifest well formed, its
// entries plain files with names a backup holds, its counts those of its data.

export function parseManifest(body: Buffer): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BackupError('damaged', 'unreadable manifest');
  }
  const manifest = parsed as Partial<BackupManifest> | null;
  if (!manifest || typeof manifest !== 'object' || manifest.format !== BACKUP_FORMAT) {
    throw new BackupError('not_backup');
  }
  if (typeof manifest.format_version !== 'number' || !Number.isInteger(manifest.format_version)) {
    throw new BackupError('damaged', 'no format version');
  }
  if (manifest.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError('newer_format', `format ${manifest.format_version}`);
  }
  if (
    !Array.isArray(manifest.entries) ||
    !manifest.tables ||
    typeof manifest.tables !== 'object' ||
    typeof manifest.schema_version !== 'string'
  ) {
    throw new BackupError('damaged', 'incomplete manifest');
  }
  const isCount = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  const entriesOk = manifest.entries.every(
    (e: Partial<ManifestEntry> | null) =>
      !!e && typeof e.name === 'string' && isCount(e.size) && typeof e.sha256 === 'string',
  );
  const tablesOk = Object.values(manifest.tables as Record<string, unknown>).every((info) => {
    const t = info as { rows?: unknown; columns?: unknown } | null;
    return (
      !!t &&
      isCount(t.rows) &&
      Array.isArray(t.columns) &&
      t.columns.every((c) => typeof c === 'string')
    );
  });
  const files = manifest.files as { count?: unknown; bytes?: unknown } | undefined;
  if (!entriesOk || !tablesOk || !files || !isCount(files.count) || !isCount(files.bytes)) {
    throw new BackupError('damaged', 'malformed manifest');
  }
  return manifest as BackupManifest;
}

/**
 * Why an entry's name cannot be restored: `unsafe_entry` when it could leave its folder (a `..`,
 * an absolute path, an empty or odd segment), `schema_mismatch` when it is safe but of no kind
 * this version writes; undefined for a name a backup holds.
 */
export function nameProblem(name: string): BackupProblem | undefined {
  if (name === MANIFEST_ENTRY) return undefined;
  const slash = name.indexOf('/');
  const prefix = slash > 0 ? name.slice(0, slash) : '';
  const rest = name.slice(slash + 1);
  if (!isSafeKey(name)) return 'unsafe_entry';
  if (prefix === 'data') return DATA_ENTRY.test(name) ? undefined : 'schema_mismatch';
  if (prefix === 'files' || prefix === 'pictures') return undefined;
  if (prefix === 'mp3' && isStoredMp3Name(rest)) return undefined;
  return 'schema_mismatch';
}

/** `data/<table>.jsonl`: a table's rows, one JSON object a line. */
export const DATA_ENTRY = /^data\/([a-z_][a-z0-9_]*)\.jsonl$/;

/** Counts the lines that are not empty (the rows a restore inserts), passing the bytes on. */
export function lineCounter() {
  let lines = 0;
  let inLine = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let at = 0;
      for (let nl = chunk.indexOf(10, at); nl !== -1; nl = chunk.indexOf(10, at)) {
        if (nl > at || inLine) lines += 1;
        inLine = false;
        at = nl + 1;
      }
      if (at < chunk.length) inLine = true;
      done(null, chunk);
    },
  });
  return { stream, lines: () => lines + (inLine ? 1 : 0) };
}

/** What the first reading learns of every entry but the manifest. */
export interface SeenEntry {
  /** `size:sha256`. */
  digest: string;
  /** Rows of a `data/` entry. */
  lines?: number;
}

/**
 * The manifest's counts against what the file holds: each table's rows against the lines of its
 * entry (and a table for every entry), the stored files' number and bytes against their entries.
 */
export function checkCounts(manifest: BackupManifest, seen: Map<string, SeenEntry>) {
  const tables = new Set(Object.keys(manifest.tables));
  let files = 0;
  let bytes = 0;
  for (const entry of manifest.entries) {
    const table = DATA_ENTRY.exec(entry.name)?.[1];
    if (table === undefined) {
      files += 1;
      bytes += entry.size;
      continue;
    }
    const info = manifest.tables[table];
    if (!info || !Array.isArray(info.columns)) {
      throw new BackupError('damaged', `${entry.name} is not in the manifest's tables`);
    }
    if (info.rows !== seen.get(entry.name)?.lines) {
      throw new BackupError('damaged', `${table} does not hold the rows the manifest counts`);
    }
    tables.delete(table);
  }
  if (tables.size) throw new BackupError('damaged', `no data for ${[...tables].join(', ')}`);
  if (manifest.files?.count !== files || manifest.files.bytes !== bytes) {
    throw new BackupError('damaged', "the files do not add up to the manifest's count");
  }
}
