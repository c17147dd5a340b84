import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import tar, { type Pack } from 'tar-stream';
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
  file: string;
  rows: number;
  columns: string[];
  size: number;
  sha256: string;
}

interface Dump {
  schemaVersion: string;
  tables: DumpedTable[];
  /** Lines of `<prefix>\t<key>`: the stored files the snapshot names. */
  fileList: string;
  fileCount: number;
}

async function writeLines(file: string, lines: AsyncIterable<string>) {
  const out = fs.createWriteStream(file, { flags: 'wx' });
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
  dir: string,
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
    const fileList = path.join(dir, 'files.list');
    const listOut = fs.createWriteStream(fileList, { flags: 'wx' });
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
      const file = path.join(dir, `${table}.jsonl`);
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
      await writeLines(file, lines());
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

/** The generated MP3s of records (DATA_DIR/records-mp3), complete files only. */
async function mp3Files(dataDir: string): Promise<{ name: string; file: string; size: number }[]> {
  const dir = path.join(dataDir, 'records-mp3');
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const out: { name: string; file: string; size: number }[] = [];
  for (const name of names.filter((n) => /^record-\d+-[A-Za-z0-9]+\.mp3$/.test(n)).sort()) {
    const stats = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
    if (stats?.isFile()) out.push({ name, file: path.join(dir, name), size: stats.size });
  }
  return out;
}

/**
 * Writes a backup of the archive to `outFile` (through a partial file renamed when complete):
 * the tables from one snapshot, then the stored files it names, then the manifest. Memory stays
 * flat: rows go to temporary files batch by batch, files are piped from the storage.
 * Returns the manifest, the file's size and its SHA-256.
 */
export async function writeBackup(
  target: BackupTarget,
  outFile: string,
  onProgress: BackupProgress = () => undefined,
): Promise<{ manifest: BackupManifest; size: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(outFile), { recursive: true });
  const work = path.join(path.dirname(outFile), `.${path.basename(outFile)}.${randomUUID()}.work`);
  await fs.promises.mkdir(work);
  const partial = `${outFile}.${randomUUID()}.part`;
  try {
    const createdAt = new Date().toISOString();
    const dump = await dumpDatabase(target, work, (done, total) =>
      onProgress(total ? (done / total) * 30 : 30),
    );
    const pack = tar.pack();
    const whole = hashing();
    const written = pipeline(pack, whole.stream, fs.createWriteStream(partial, { flags: 'wx' }));
    written.catch(() => undefined);
    const entries: ManifestEntry[] = [];
    const tables: BackupManifest['tables'] = {};
    for (const table of dump.tables) {
      tables[table.table] = { rows: table.rows, columns: table.columns };
      const entry = await addEntry(
        pack,
        `data/${table.table}.jsonl`,
        table.size,
        fs.createReadStream(table.file),
      );
      if (entry.sha256 !== table.sha256) throw new Error(`${table.table}.jsonl changed on disk`);
      entries.push(entry);
      await fs.promises.rm(table.file);
    }
    const missing: string[] = [];
    let fileCount = 0;
    let fileBytes = 0;
    let seen = 0;
    const mp3s = await mp3Files(target.dataDir);
    const totalFiles = dump.fileCount + mp3s.length;
    const step = () => {
      seen += 1;
      onProgress(30 + (totalFiles ? (seen / totalFiles) * 69 : 69));
    };
    const list = readline.createInterface({ input: fs.createReadStream(dump.fileList) });
    for await (const line of list) {
      const [prefix, key] = line.split('\t') as ['files' | 'pictures', string];
      const storage = prefix === 'files' ? target.storage : target.pictures;
      const stat = await storage.stat(key);
      if (!stat) {
        missing.push(`${prefix}/${key}`);
        step();
        continue;
      }
      entries.push(await addEntry(pack, `${prefix}/${key}`, stat.size, storage.get(key)));
      fileCount += 1;
      fileBytes += stat.size;
      step();
    }
    for (const mp3 of mp3s) {
      entries.push(
        await addEntry(pack, `mp3/${mp3.name}`, mp3.size, fs.createReadStream(mp3.file)),
      );
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
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, size: body.length, mode: 0o644 }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    pack.finalize();
    await written;
    const { size, sha256 } = whole.result();
    await fs.promises.rename(partial, outFile);
    onProgress(100);
    return { manifest, size, sha256 };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
