import readline from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import tar, { type Extract } from 'tar-stream';
import type { Database } from '../../db/schema.js';
import { compactListMonths, makeSearchRanges } from '../items/index.js';
import { settleRestoredImports } from '../imports/index.js';
import { isStoredMp3Name, removeStoredMp3, restoreStoredMp3 } from '../records/index.js';
import type { FileStorage } from '../../storage/storage.js';
import { checkCounts, lineCounter, nameProblem, parseManifest, type SeenEntry } from './check.js';
import { BackupError } from './errors.js';
import {
  EXCLUDED_SETTINGS,
  EXCLUDED_TABLES,
  MANIFEST_ENTRY,
  REPLACED_ON_RESTORE,
  SELF_REFERENCES,
  LATE_REFERENCES,
  BINARY_COLUMNS,
  backedUpTables,
  schemaTables,
  tableColumns,
  type BackupManifest,
} from './format.js';
import type { BackupTarget } from './target.js';
import { hashing } from './write.js';

/** One entry of a tar being read (streamx's Readable). */
type Entry = Extract extends AsyncIterable<infer S> ? S : never;

const MANIFEST_MAX_BYTES = 512 * 1024 * 1024;

/**
 * A backup to read, from wherever it is (the backups or restores storage, a file of the CLI's):
 * read twice by a restore, once to check every checksum and once to write.
 */
export interface BackupSource {
  size: number;
  open(): Readable;
}

/** The backup stored under `key`, or undefined when its bytes are not there. */
export async function storedBackup(
  storage: FileStorage,
  key: string,
): Promise<BackupSource | undefined> {
  const object = await storage.stat(key);
  return object ? { size: object.size, open: () => storage.get(key) } : undefined;
}

/** Counts the bytes read from the file (progress), passing them on. */
function counting(onBytes: (bytes: number) => void) {
  let read = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      onBytes(read);
      done(null, chunk);
    },
  });
}

/** The tar entries of a backup, one after the other; read errors become BackupErrors. */
async function* entriesOf(
  backup: BackupSource,
  onBytes: (bytes: number) => void = () => undefined,
): AsyncGenerator<Entry> {
  const extract = tar.extract();
  const source = backup.open();
  const feeding = pipeline(source, counting(onBytes), extract);
  feeding.catch(() => undefined);
  let count = 0;
  try {
    for await (const entry of extract) {
      count += 1;
      yield entry;
    }
    await feeding;
  } catch (error) {
    throw asBackupError(error, count === 0);
  } finally {
    source.destroy();
  }
}

/** A read error of the tar as the problem it shows (a cut file, a damaged one). */
function asBackupError(error: unknown, atStart: boolean): unknown {
  if (error instanceof BackupError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(message)) return new BackupError('truncated', message);
  if (/tar|header|checksum/i.test(message) || atStart) {
    return new BackupError(atStart ? 'not_backup' : 'damaged', message);
  }
  return error;
}

async function readAll(stream: AsyncIterable<unknown>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) throw new BackupError('damaged', 'manifest too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Hashes every entry into `seen` (by name); the manifest's bytes, if it came. Only plain files
 * with names a backup holds pass: a link (symbolic or hard) or a path leaving its folder is
 * refused here, before anything is written.
 */
async function hashEntries(
  backup: BackupSource,
  seen: Map<string, SeenEntry>,
  onBytes: (bytes: number) => void,
): Promise<Buffer | undefined> {
  let manifestBody: Buffer | undefined;
  for await (const entry of entriesOf(backup, onBytes)) {
    const name = entry.header.name;
    if (entry.header.type !== 'file') {
      throw new BackupError('unsafe_entry', `${name} is a ${entry.header.type ?? 'odd entry'}`);
    }
    const problem = nameProblem(name);
    if (problem) throw new BackupError(problem, name);
    if (manifestBody) throw new BackupError('damaged', `${name} after the manifest`);
    if (name === MANIFEST_ENTRY) {
      manifestBody = await readAll(entry, MANIFEST_MAX_BYTES);
      continue;
    }
    const { stream, result } = hashing();
    const counter = name.startsWith('data/') ? lineCounter() : undefined;
    const drain = async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) void chunk;
    };
    if (counter) await pipeline(entry, stream, counter.stream, drain);
    else await pipeline(entry, stream, drain);
    const { size, sha256 } = result();
    if (seen.has(name)) throw new BackupError('damaged', `${name} twice`);
    seen.set(name, { digest: `${size}:${sha256}`, ...(counter ? { lines: counter.lines() } : {}) });
  }
  return manifestBody;
}

/**
 * Reads the whole file and checks it: a tar of plain files whose last entry is a manifest of our
 * format (not newer), naming every other entry with its size and SHA-256, which all match, and
 * counting the rows and files the entries hold. Writes nothing.
 */
export async function verifyBackup(
  backup: BackupSource,
  onBytes: (bytes: number) => void = () => undefined,
): Promise<BackupManifest> {
  const seen = new Map<string, SeenEntry>();
  let manifestBody: Buffer | undefined;
  try {
    manifestBody = await hashEntries(backup, seen, onBytes);
  } catch (error) {
    throw asBackupError(error, seen.size === 0);
  }
  if (!manifestBody) {
    throw new BackupError(seen.size === 0 ? 'not_backup' : 'truncated', 'no manifest');
  }
  const manifest = parseManifest(manifestBody);
  if (manifest.entries.length !== seen.size) {
    throw new BackupError('damaged', 'entries missing or added');
  }
  for (const entry of manifest.entries) {
    if (seen.get(entry.name)?.digest !== `${entry.size}:${entry.sha256}`) {
      throw new BackupError('damaged', `${entry.name} does not match its checksum`);
    }
  }
  checkCounts(manifest, seen);
  return manifest;
}

/** The tables that must be empty for a restore (users and settings may hold a fresh install's). */
async function firstNonEmptyTable(db: Kysely<unknown>, tables: string[]) {
  for (const table of tables) {
    if (REPLACED_ON_RESTORE.includes(table)) continue;
    const { rows } = await sql`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length) return table;
  }
  return undefined;
}

/** Whether the archive holds nothing a restore would lose (see README: what "empty" means). */
export async function archiveIsEmpty(target: BackupTarget): Promise<boolean> {
  const db = target.db as unknown as Kysely<unknown>;
  const tables = backedUpTables(await schemaTables(db, target.dialect));
  return (await firstNonEmptyTable(db, tables)) === undefined;
}

type Row = Record<string, unknown>;

/** The advisory lock two restores on one PostgreSQL database take in turn (any fixed number). */
const RESTORE_LOCK_KEY = 7_130_542;

/**
 * Restores a backup into an empty archive of either engine: checks the whole file first, then
 * inserts every row in one transaction and writes the files; if anything fails the transaction
 * rolls back and the files written are removed. The stamps get a new epoch, so no answer cached
 * by any instance survives. Accounts, sessions and settings of the target are replaced.
 */
export async function restoreBackup(
  target: BackupTarget,
  backup: BackupSource,
  onProgress: (percent: number) => void = () => undefined,
): Promise<BackupManifest> {
  // Refused at once, before the file is read: nothing to lose by restoring into this archive.
  const db = target.db as unknown as Kysely<unknown>;
  const present = await schemaTables(db, target.dialect);
  const busy = await firstNonEmptyTable(db, backedUpTables(present));
  if (busy) throw new BackupError('not_empty', busy);
  const fraction = (bytes: number) => (backup.size ? bytes / backup.size : 1);
  const manifest = await verifyBackup(backup, (bytes) => onProgress(fraction(bytes) * 40));

  const { rows: migrations } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  const schemaVersion = migrations[0]?.name ?? '';
  if (manifest.schema_version > schemaVersion) {
    throw new BackupError('newer_schema', manifest.schema_version);
  }
  const columnsOf = new Map<string, string[]>();
  for (const [table, info] of Object.entries(manifest.tables)) {
    if (!present.includes(table) || table in EXCLUDED_TABLES) {
      throw new BackupError('schema_mismatch', `table ${table}`);
    }
    const columns = await tableColumns(db, target.dialect, table);
    const unknown = info.columns.filter((c) => !columns.includes(c));
    if (unknown.length) throw new BackupError('schema_mismatch', `${table}.${unknown.join(',')}`);
    columnsOf.set(table, info.columns);
  }
  const expectedOf = new Map(manifest.entries.map((e) => [e.name, e]));
  const written: { storage: 'files' | 'pictures' | 'mp3'; key: string }[] = [];
  try {
    await target.db.transaction().execute(async (trx) => {
      if (target.dialect === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
      // Checked again under the transaction: two restores started together (or a write since the
      // first check) must not both find the archive empty. PostgreSQL's read committed needs the
      // lock for that; SQLite runs one transaction at a time on its connection.
      if (target.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${RESTORE_LOCK_KEY})`.execute(trx);
      }
      const late = await firstNonEmptyTable(
        trx as unknown as Kysely<unknown>,
        backedUpTables(present),
      );
      if (late) throw new BackupError('not_empty', late);
      await clearReplaced(trx, present);
      const deferred: Deferred[] = [];
      const entries = entriesOf(backup, (bytes) => onProgress(40 + fraction(bytes) * 59));
      for await (const entry of entries) {
        const name = entry.header.name;
        if (name === MANIFEST_ENTRY) {
          entry.resume();
          continue;
        }
        const expected = expectedOf.get(name);
        if (!expected) throw new BackupError('damaged', name);
        const { stream, result } = hashing();
        const checked = entry.pipe(stream);
        entry.once('error', (error: Error) => checked.destroy(error));
        if (name.startsWith('data/') && name.endsWith('.jsonl')) {
          const table = name.slice('data/'.length, -'.jsonl'.length);
          const columns = columnsOf.get(table);
          if (!columns) throw new BackupError('damaged', name);
          const rows = await insertLines(trx, table, columns, checked, deferred);
          // Counted at the check already; what the lines gave must be what was inserted.
          if (rows !== manifest.tables[table]?.rows) {
            throw new BackupError('damaged', `${table} does not hold the rows the manifest counts`);
          }
        } else {
          const slash = name.indexOf('/');
          const prefix = name.slice(0, slash);
          const key = name.slice(slash + 1);
          if (prefix === 'files' || prefix === 'pictures') {
            written.push({ storage: prefix, key });
            await target.storage[prefix].put(key, checked);
          } else if (prefix === 'mp3' && isStoredMp3Name(key)) {
            // The records module's MP3s: it alone knows where they go.
            written.push({ storage: 'mp3', key });
            await restoreStoredMp3(target.storage, key, checked);
          } else {
            throw new BackupError('schema_mismatch', name);
          }
        }
        const got = result();
        // The file was checked a moment ago: a difference now means it changed under us.
        if (got.sha256 !== expected.sha256 || got.size !== expected.size) {
          throw new BackupError('damaged', `${name} changed during the restore`);
        }
      }
      for (const { table, id, column, value } of deferred) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${id}`.execute(
          trx,
        );
      }
      // Uploaded sources do not travel: imports still under way when the backup was made end.
      if (columnsOf.has('imports')) await settleRestoredImports(trx);
      if (target.dialect === 'postgres') {
        const withId = [...columnsOf].filter(([, columns]) => columns.includes('id'));
        await resetSequences(
          trx,
          withId.map(([table]) => table),
        );
        // The restored items were copied into the DEFAULT partition: into their ranges now.
        await makeSearchRanges(trx, target.dialect);
      }
      // A new epoch: no stamp held by any instance can name the restored data.
      await sql`update change_stamps set version = version + 1`.execute(trx);
      await sql`update change_stamps set version = 0`.execute(trx);
    });
  } catch (error) {
    await removeWritten(target, written);
    throw error;
  }
  await compactListMonths(target.db, target.dialect);
  onProgress(100);
  return manifest;
}

/** Accounts (with what hangs on them) and settings are replaced by the backup's. */
async function clearReplaced(trx: Transaction<Database>, present: string[]) {
  const t = trx as unknown as Kysely<unknown>;
  for (const table of [
    'sessions',
    'invitations',
    'password_reset_tokens',
    'login_links',
    'user_identities',
    'users',
  ]) {
    if (present.includes(table)) await sql`delete from ${sql.table(table)}`.execute(t);
  }
  await sql`delete from settings where key not in (${sql.join(EXCLUDED_SETTINGS)})`.execute(t);
}

/** A reference to a table restored later (LATE_REFERENCES), set once every table is in. */
interface Deferred {
  table: string;
  id: unknown;
  column: string;
  value: unknown;
}

/** Inserts the rows of a table's entry; how many. */
async function insertLines(
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  source: Readable,
  deferred: Deferred[],
): Promise<number> {
  const t = trx as unknown as Kysely<Record<string, Row>>;
  const batchSize = Math.max(1, Math.floor(8000 / Math.max(1, columns.length)));
  const selfColumn = SELF_REFERENCES[table];
  const later: [unknown, unknown][] = [];
  let batch: Row[] = [];
  let inserted = 0;
  const flush = async () => {
    if (!batch.length) return;
    if (table === 'settings') {
      // The target's own key stays; a setting written since start is replaced.
      for (const row of batch) {
        await t
          .insertInto(table)
          .values(row)
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value as never }))
          .execute();
      }
    } else {
      await t.insertInto(table).values(batch).execute();
    }
    batch = [];
  };
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    let parsed: Row;
    try {
      parsed = JSON.parse(line) as Row;
    } catch {
      throw new BackupError('damaged', `a line of ${table}`);
    }
    const row: Row = {};
    for (const column of columns) row[column] = parsed[column] ?? null;
    for (const column of BINARY_COLUMNS[table] ?? []) {
      if (typeof row[column] === 'string') row[column] = Buffer.from(row[column], 'base64');
    }
    // A row pointing at one of its own table written after it: linked once that one is in.
    if (selfColumn && row[selfColumn] !== null && Number(row[selfColumn]) >= Number(row.id)) {
      later.push([row.id, row[selfColumn]]);
      row[selfColumn] = null;
    }
    for (const column of LATE_REFERENCES[table] ?? []) {
      if (row[column] === null || row[column] === undefined) continue;
      deferred.push({ table, id: row.id, column, value: row[column] });
      row[column] = null;
    }
    batch.push(row);
    inserted += 1;
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  for (const [id, parent] of later) {
    await sql`update ${sql.table(table)} set ${sql.ref(selfColumn!)} = ${parent} where id = ${id}`.execute(
      t,
    );
  }
  return inserted;
}

async function resetSequences(trx: Transaction<Database>, tables: string[]) {
  const t = trx as unknown as Kysely<unknown>;
  for (const table of tables) {
    const { rows } = await sql<{ seq: string | null }>`
      select pg_get_serial_sequence(${table}, 'id') as seq`.execute(t);
    const seq = rows[0]?.seq;
    if (!seq) continue;
    await sql`select setval(${seq}::regclass,
      coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(t);
  }
}

async function removeWritten(
  target: BackupTarget,
  written: { storage: 'files' | 'pictures' | 'mp3'; key: string }[],
) {
  for (const { storage, key } of written) {
    try {
      if (storage === 'mp3') await removeStoredMp3(target.storage, key);
      else await target.storage[storage].delete(key);
    } catch {
      // A key the storage refuses was never written.
    }
  }
}
