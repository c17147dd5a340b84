import { createHash } from 'node:crypto';
import readline from 'node:readline';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import tar, { type Pack } from 'tar-stream';
import { withTempDir, type TempDir } from '../../storage/index.js';
import { listStoredMp3s } from '../records/index.js';
import { pictureKeys } from '../user-pictures/index.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  EXCLUDED_SETTINGS,
  appVersion,
  backedUpTables,
  keyOf,
  rowLine,
  schemaTables,
  tableColumns,
  type BackupManifest,
  type ManifestEntry,
} from './format.js';
import type { BackupTarget } from './target.js';

const BATCH = 1000;
/** Key columns holding text (the others are integers). */
const TEXT_KEYS = ['key', 'role'];

/** A pass-through that hashes and counts what goes through it. */
export function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return {
    stream,
    result: (): { size: number; sha256: string } => ({ size, sha256: hash.digest('hex') }),
  };
}

/**
 * Runs `work` on one snapshot of the database: a REPEATABLE READ READ ONLY transaction on
 * PostgreSQL; on SQLite a read transaction on a connection of its own (WAL keeps its snapshot
 * while the app goes on writing, and the app's one connection is not held).
 */
async function withSnapshot<T>(
  target: BackupTarget,
  work: (db: Kysely<unknown>) => Promise<T>,
): Promise<T> {
  const db = target.db as unknown as Kysely<unknown>;
  if (target.dialect === 'postgres') {
    return db.connection().execute(async (conn) => {
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        const result = await work(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  }
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) {
    // An in-memory database has one connection: nothing else writes while this transaction runs.
    return db.transaction().execute((trx) => work(trx));
  }
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const snapshot = new Kysely<unknown>({ dialect: new SqliteDialect({ database: reader }) });
  try {
    return await snapshot.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`commit`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    await snapshot.destroy();
  }
}

/** The rows of a table in key order, read in batches after the last key seen (keyset). */
async function* tableRows(
  db: Kysely<unknown>,
  dialect: BackupTarget['dialect'],
  table: string,
  columns: string[],
): AsyncGenerator<Record<string, unknown>> {
  const key = keyOf(table);
  // Text keys sort byte by byte on both engines, so the lines come in the same order.
  const collate = (column: string) =>
    sql.raw(dialect === 'postgres' && TEXT_KEYS.includes(column) ? ' collate "C"' : '');
  const order = sql.join(key.map((k) => sql`${sql.ref(k)}${collate(k)}`));
  const keyTuple = order;
  const list = sql.join(columns.map((c) => sql.ref(c)));
  let last: unknown[] | undefined;
  for (;;) {
    const after = last
      ? sql`where (${keyTuple}) > (${sql.join(last.map((v) => sql`${v}`))})`
      : sql``;
    const excluded =
      table === 'settings'
        ? sql`${last ? sql`and` : sql`where`} key not in (${sql.join(EXCLUDED_SETTINGS)})`
        : sql``;
    const { rows } = await sql<Record<string, unknown>>`
      select ${list} from ${sql.table(table)} ${after} ${excluded}
      order by ${order} limit ${BATCH}`.execute(db);
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    const lastRow = rows[rows.length - 1]!;
    last = key.map((k) => lastRow[k]);
  }
}

interface DumpedTable {
  table: string;
  /** Its lines' file in the work folder. */
  file: string;
  rows: number;
  columns: string[];
  size: number;
  sha256: string;
}

interface Dump {
  schemaVersion: string;
  tables: DumpedTable[];
  /** The work folder's file of lines `<prefix>\t<key>`: the stored files the snapshot names. */
  fileList: string;
  fileCount: number;
}

async function writeLines(out: Writable, lines: AsyncIterable<string>) {
  for await (const line of lines) {
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
}

/** Every table into its `.jsonl` file, and the list of stored files, from one snapshot. */
async function dumpDatabase(
  target: BackupTarget,
  work: TempDir,
  onRows: (done: number, total: number) => void,
): Promise<Dump> {
  return withSnapshot(target, async (db) => {
    const { rows: migrations } = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(db);
    const schemaVersion = migrations[0]?.name ?? '';
    const tables = backedUpTables(await schemaTables(db, target.dialect));
    let total = 0;
    for (const table of tables) {
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      total += Number(rows[0]?.n ?? 0);
    }
    const fileList = 'files.list';
    const listOut = work.writer(fileList);
    let fileCount = 0;
    const listFile = async (prefix: string, key: string) => {
      fileCount += 1;
      if (!listOut.write(`${prefix}\t${key}\n`)) {
        await new Promise<void>((resolve) => listOut.once('drain', resolve));
      }
    };
    let done = 0;
    const dumped: DumpedTable[] = [];
    for (const table of tables) {
      const columns = await tableColumns(db, target.dialect, table);
      const file = `${table}.jsonl`;
      const hash = createHash('sha256');
      let rows = 0;
      let size = 0;
      async function* lines() {
        for await (const row of tableRows(db, target.dialect, table, columns)) {
          const line = rowLine(columns, row);
          hash.update(line);
          size += Buffer.byteLength(line);
          rows += 1;
          done += 1;
          if (done % BATCH === 0) onRows(done, total);
          if (table === 'files') {
            if (typeof row.storage_key === 'string') await listFile('files', row.storage_key);
            if (typeof row.thumb_key === 'string') await listFile('files', row.thumb_key);
          }
          if (table === 'users') {
            for (const [kind, column] of [
              ['profile', 'picture'],
              ['site', 'site_picture'],
            ] as const) {
              const version = row[column];
              if (typeof version !== 'string' || !version) continue;
              for (const key of pictureKeys(Number(row.id), kind, version)) {
                await listFile('pictures', key);
              }
            }
          }
          yield line;
        }
      }
      await writeLines(work.writer(file), lines());
      dumped.push({ table, file, rows, columns, size, sha256: hash.digest('hex') });
    }
    await new Promise<void>((resolve, reject) => {
      listOut.once('error', reject);
      listOut.end(resolve);
    });
    onRows(total, total);
    return { schemaVersion, tables: dumped, fileList, fileCount };
  });
}

/** Adds one entry whose size is known, streaming `source` into it; its checksum. */
async function addEntry(
  pack: Pack,
  name: string,
  size: number,
  source: Readable,
): Promise<ManifestEntry> {
  const { stream, result } = hashing();
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date(0) }, (error) =>
      error ? reject(error) : resolve(),
    );
    pipeline(source, stream, entry).catch(reject);
  });
  const { sha256, size: written } = result();
  if (written !== size) throw new Error(`${name} changed while it was backed up`);
  return { name, size, sha256 };
}

export interface BackupProgress {
  (percent: number): void;
}

/**
 * Where a backup's bytes go as they are made: the backups storage (storeBackup), or a file of the
 * operator's (the CLI's `--out`). It must keep nothing visible unless the stream ends cleanly.
 */
export type BackupOutput = (body: Readable) => Promise<void>;

/**
 * Writes a backup of the archive to `output`, streamed: the tables from one snapshot, then the
 * stored files it names and the records' MP3s, then the manifest. Memory stays flat: rows go to
 * files of a private temporary folder batch by batch, stored bytes are piped from the storage.
 * Returns the manifest, the backup's size and its SHA-256.
 */
export async function writeBackup(
  target: BackupTarget,
  output: BackupOutput,
  onProgress: BackupProgress = () => undefined,
): Promise<{ manifest: BackupManifest; size: number; sha256: string }> {
  return withTempDir('backup', async (work) => {
    const createdAt = new Date().toISOString();
    const dump = await dumpDatabase(target, work, (done, total) =>
      onProgress(total ? (done / total) * 30 : 30),
    );
    const mp3s = await listStoredMp3s(target.storage);
    const pack = tar.pack();
    const whole = hashing();
    const packed = pipeline(pack, whole.stream);
    const stored = output(whole.stream);
    // Either side may give up first (a file changed under the backup, a full disk, a refused
    // upload): whatever waits on the other stops then instead of waiting for ever.
    let stop: (error: unknown) => void = () => undefined;
    const failed = new Promise<never>((_resolve, reject) => (stop = reject));
    failed.catch(() => undefined);
    packed.catch(stop);
    stored.catch(stop);
    const guard = <T>(step: Promise<T>) => Promise.race([step, failed]);
    try {
      const entries: ManifestEntry[] = [];
      const tables: BackupManifest['tables'] = {};
      for (const table of dump.tables) {
        tables[table.table] = { rows: table.rows, columns: table.columns };
        const entry = await guard(
          addEntry(pack, `data/${table.table}.jsonl`, table.size, work.read(table.file)),
        );
        if (entry.sha256 !== table.sha256) throw new Error(`${table.table}.jsonl changed on disk`);
        entries.push(entry);
        await work.remove(table.file);
      }
      const missing: string[] = [];
      let fileCount = 0;
      let fileBytes = 0;
      let seen = 0;
      const totalFiles = dump.fileCount + mp3s.length;
      const step = () => {
        seen += 1;
        onProgress(30 + (totalFiles ? (seen / totalFiles) * 69 : 69));
      };
      const list = readline.createInterface({ input: work.read(dump.fileList) });
      for await (const line of list) {
        const [prefix, key] = line.split('\t') as ['files' | 'pictures', string];
        const storage = target.storage[prefix];
        const stat = await storage.stat(key);
        if (!stat) {
          missing.push(`${prefix}/${key}`);
          step();
          continue;
        }
        entries.push(await guard(addEntry(pack, `${prefix}/${key}`, stat.size, storage.get(key))));
        fileCount += 1;
        fileBytes += stat.size;
        step();
      }
      for (const mp3 of mp3s) {
        entries.push(await guard(addEntry(pack, `mp3/${mp3.name}`, mp3.size, mp3.read())));
        fileCount += 1;
        fileBytes += mp3.size;
        step();
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        format_version: BACKUP_FORMAT_VERSION,
        app_version: appVersion(),
        schema_version: dump.schemaVersion,
        created_at: createdAt,
        source_dialect: target.dialect,
        tables,
        files: { count: fileCount, bytes: fileBytes },
        missing_files: missing,
        entries,
      };
      const body = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
      await guard(
        new Promise<void>((resolve, reject) =>
          pack.entry({ name: MANIFEST_ENTRY, size: body.length, mode: 0o644 }, body, (error) =>
            error ? reject(error) : resolve(),
          ),
        ),
      );
      pack.finalize();
      await guard(packed);
      await guard(stored);
      const { size, sha256 } = whole.result();
      onProgress(100);
      return { manifest, size, sha256 };
    } catch (error) {
      // The output sees its stream fail, so it keeps nothing of it.
      whole.stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await Promise.allSettled([packed, stored]);
      throw error;
    }
  });
}
