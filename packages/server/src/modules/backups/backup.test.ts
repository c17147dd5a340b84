import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDemo } from '../../demo/seed.js';
import { localStorage } from '../../storage/local.js';
import { STORAGE_KINDS, type Storage } from '../../storage/storage.js';
import { postgresReachable, TEST_PG_URL } from '../../test/database.js';
import { createTestServer, type TestServer } from '../../test/server.js';
import { pictureKeys } from '../user-pictures/index.js';
import { BackupError } from './errors.js';
import { EXCLUDED_TABLES, TABLE_ORDER, schemaTables, type BackupManifest } from './format.js';
import { restoreBackup, verifyBackup, type BackupSource } from './restore.js';
import type { BackupTarget } from './target.js';
import { writeBackup, type BackupOutput } from './write.js';

type Dialect = 'sqlite' | 'postgres';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-backup-test-'));
const made: (() => Promise<void>)[] = [];

/** Every kind of bytes in a folder of its own under `dir`. */
const storageIn = (dir: string): Storage =>
  Object.fromEntries(
    STORAGE_KINDS.map((kind) => [kind, localStorage(path.join(dir, kind))]),
  ) as unknown as Storage;

/** A backup written to a local file (as the CLI's --out does), and read back from one. */
const toFile =
  (file: string): BackupOutput =>
  (body) =>
    pipeline(body, fs.createWriteStream(file));
const fromFile = (file: string): BackupSource => ({
  size: fs.statSync(file).size,
  open: () => fs.createReadStream(file),
});

/** The keys stored under a kind. */
async function keysOf(storage: Storage, kind: keyof Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage[kind].list()) keys.push(object.key);
  return keys.sort();
}

/** A fresh, migrated, empty database of `dialect` with storages of its own. */
async function freshTarget(dialect: Dialect): Promise<BackupTarget & DatabaseHandle> {
  const dir = fs.mkdtempSync(path.join(tmp, `${dialect}-`));
  let handle: DatabaseHandle;
  if (dialect === 'sqlite') {
    handle = connectDatabase({ dialect: 'sqlite', file: path.join(dir, 'db.sqlite') });
  } else {
    const name = `kinfolio_backup_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    handle = connectDatabase({ dialect: 'postgres', url: url.toString() });
    made.push(async () => {
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    });
  }
  made.unshift(() => handle.destroy());
  await migrateToLatest(handle.db);
  return { ...handle, storage: storageIn(dir) };
}

const dataEntries = (manifest: BackupManifest) =>
  Object.fromEntries(manifest.entries.map((e) => [e.name, e.sha256]));

async function fill(server: TestServer) {
  const { ctx } = server;
  await seedDemo(ctx, { size: 40, seed: 2, audio: ctx.storage.files });
  const admin = await server.createAdmin();
  const editor = await server.createUser({
    email: 'editor@example.com',
    permissions: ['content.edit', 'translations.edit'],
  });
  await ctx.db
    .updateTable('users')
    .set({ siteparams: JSON.stringify({ lang: 'it' }), picture: 'v1' })
    .where('id', '=', editor.id)
    .execute();
  for (const key of pictureKeys(editor.id, 'profile', 'v1')) {
    await ctx.storage.pictures.put(key, Readable.from([Buffer.from(`picture ${key}`)]));
  }
  const item = await ctx.db.selectFrom('items').select(['id', 'title']).executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('item_revisions')
    .values({
      item_id: item.id,
      user_id: admin.id,
      user_name: 'Ada Admin',
      data: JSON.stringify({ title: `${item.title} (avant)`, ok: true, n: 1.5 }),
      created_at: '2024-03-01T10:00:00.000Z',
    })
    .execute();
  await ctx.db
    .insertInto('site_translations')
    .values({
      key: 'home.welcome',
      fr: 'Bienvenue « chez nous »',
      en: 'Welcome',
      it: 'Benvenuti',
      de: 'Willkommen',
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: '2024-03-01T10:00:00.000Z',
    })
    .execute();
  // A category moved under a newer one: restored although its parent comes after it.
  const [first, last] = await Promise.all([
    ctx.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow(),
    ctx.db.selectFrom('categories').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
  ]);
  await ctx.db
    .updateTable('categories')
    .set({ parent_id: last.id })
    .where('id', '=', first.id)
    .execute();
  // A portrait points at a file, restored long after the participants: set once it is in.
  const file = await ctx.db
    .selectFrom('files')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('participants')
    .set({ portrait_file_id: file.id })
    .where('name', '=', 'Nonna Rosa')
    .execute();
  await ctx.storage.mp3.put('record-1-abcdef0123.mp3', Readable.from([Buffer.from('ID3 fake')]));
  // The demo places items; places and positions travel (place_cells is counted again).
  const placed = await ctx.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('place_id', 'is not', null)
    .executeTakeFirstOrThrow();
  expect(Number(placed.n)).toBeGreaterThan(0);
}

/** The rows of the tables triggers derive from categories and links (not in backups). */
async function derivedRows(target: BackupTarget) {
  const db = target.db as unknown as Kysely<unknown>;
  const ancestors = await sql<{ category_id: number; ancestor_id: number }>`
    select category_id, ancestor_id from category_ancestors order by 1, 2`.execute(db);
  const scopes = await sql<Record<string, unknown>>`
    select item_id, category_id, item_type, item_date, item_live
    from item_category_scopes order by 1, 2`.execute(db);
  const numeric = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && /_id$|_live$/.test(k) ? Number(v) : v,
      ]),
    );
  // The map's counters, counted again from the restored items.
  const cells = await sql<Record<string, unknown>>`
    select level, cx, cy, kind, language, n, id_sum
    from place_cells where n > 0 order by 1, 2, 3, 4, 5`.execute(db);
  const counted = cells.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, k === 'kind' || k === 'language' ? v : Number(v)]),
    ),
  );
  return {
    ancestors: ancestors.rows.map(numeric),
    scopes: scopes.rows.map(numeric),
    cells: counted,
  };
}

const other = (dialect: Dialect): Dialect => (dialect === 'sqlite' ? 'postgres' : 'sqlite');

describe('portable backups', () => {
  let server: TestServer;
  let source: BackupTarget;
  let first: { manifest: BackupManifest; size: number; sha256: string };
  const firstFile = path.join(tmp, 'first.tar');
  let pgReachable = false;

  beforeAll(async () => {
    pgReachable = await postgresReachable();
    const dataDir = fs.mkdtempSync(path.join(tmp, 'source-'));
    server = await createTestServer({ env: { DATA_DIR: dataDir } });
    await fill(server);
    source = { db: server.ctx.db, dialect: server.ctx.dialect, storage: server.ctx.storage };
    const progress: number[] = [];
    first = await writeBackup(source, toFile(firstFile), (p) => progress.push(p));
    expect(progress.at(-1)).toBe(100);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    for (const cleanup of made) await cleanup().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('names every table as backed up or excluded', async () => {
    const tables = await schemaTables(server.ctx.db as unknown as Kysely<unknown>, source.dialect);
    const known = new Set([...TABLE_ORDER, ...Object.keys(EXCLUDED_TABLES)]);
    expect(tables.filter((t) => !known.has(t))).toEqual([]);
  });

  it('holds a manifest with counts, checksums and every stored file', async () => {
    const manifest = await verifyBackup(fromFile(firstFile));
    expect(manifest.format_version).toBe(1);
    expect(manifest.schema_version).toMatch(/^\d{4}_/);
    expect(manifest.tables.items!.rows).toBeGreaterThanOrEqual(40);
    expect(manifest.tables.sessions).toBeUndefined();
    expect(manifest.tables.jobs).toBeUndefined();
    const names = manifest.entries.map((e) => e.name);
    expect(names).toContain('data/item_revisions.jsonl');
    // The demo family's tree and its history travel.
    expect(manifest.tables.participant_relations!.rows).toBeGreaterThan(30);
    expect(manifest.tables.family_revisions!.rows).toBeGreaterThan(30);
    expect(names).toContain('mp3/record-1-abcdef0123.mp3');
    expect(names.filter((n) => n.startsWith('pictures/'))).toHaveLength(3);
    const audio = await server.ctx.db.selectFrom('files').select('storage_key').execute();
    expect(audio.length).toBeGreaterThan(0);
    for (const { storage_key } of audio) expect(names).toContain(`files/${storage_key}`);
    expect(manifest.missing_files).toEqual([]);
  });

  it('restores into the other engine and back, every entry identical', async () => {
    const dialects: Dialect[] = pgReachable
      ? [other(source.dialect), source.dialect]
      : [source.dialect, source.dialect];
    let file = firstFile;
    for (const [i, dialect] of dialects.entries()) {
      const target = await freshTarget(dialect);
      await restoreBackup(target, fromFile(file));
      expect(await keysOf(target.storage, 'mp3')).toEqual(['record-1-abcdef0123.mp3']);
      const again = path.join(tmp, `again-${i}.tar`);
      const { manifest } = await writeBackup(target, toFile(again));
      expect(dataEntries(manifest)).toEqual(dataEntries(first.manifest));
      expect(manifest.tables).toEqual(first.manifest.tables);
      // What triggers derive and backups leave out is derived again, parents restored late too.
      expect(await derivedRows(target)).toEqual(await derivedRows(source));
      // The restored archive goes on: new rows get new ids.
      const { id } = await target.db
        .insertInto('tags')
        .values({ name_en: 'new', name_fr: null, name_it: null, name_de: null, ...stamp() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBeGreaterThan(first.manifest.tables.tags!.rows);
      file = again;
    }
  }, 120_000);

  it('stops, instead of waiting for ever, when its output gives up half-way', async () => {
    const failing: BackupOutput = async (body) => {
      let read = 0;
      for await (const chunk of body) {
        read += (chunk as Buffer).length;
        if (read > 4096) throw new Error('disk full');
      }
    };
    await expect(writeBackup(source, failing)).rejects.toThrow();
  });

  it('gives the stamps a new epoch', async () => {
    const target = await freshTarget(source.dialect);
    const before = await target.readStamps();
    await restoreBackup(target, fromFile(firstFile));
    const after = await target.readStamps();
    expect(after.archive.split('.')[0]).not.toBe(before.archive.split('.')[0]);
    expect(after.auth.split('.')[0]).not.toBe(before.auth.split('.')[0]);
  });

  it('refuses a damaged, truncated, newer or foreign file and writes nothing', async () => {
    const bytes = fs.readFileSync(firstFile);
    const flipped = Buffer.from(bytes);
    // A byte in the middle of the first data entry (after its 512-byte header).
    flipped[700] = flipped[700]! ^ 0xff;
    const truncated = bytes.subarray(0, Math.floor(bytes.length * 0.6));
    const cases: [string, Buffer, string][] = [
      ['flipped', flipped, 'damaged'],
      ['truncated', truncated, 'truncated'],
      ['foreign', Buffer.from('hello, not a tar file'.repeat(100)), 'not_backup'],
    ];
    for (const [name, data, problem] of cases) {
      const file = path.join(tmp, `${name}.tar`);
      fs.writeFileSync(file, data);
      const target = await freshTarget(source.dialect);
      const error = await restoreBackup(target, fromFile(file)).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(BackupError);
      expect((error as BackupError).problem, name).toBe(problem);
      const items = await target.db.selectFrom('items').select('id').execute();
      expect(items).toEqual([]);
      for (const kind of ['files', 'pictures', 'mp3'] as const) {
        expect(await keysOf(target.storage, kind), `${name} ${kind}`).toEqual([]);
      }
    }
  });

  it('refuses a backup of a newer format', async () => {
    const file = path.join(tmp, 'newer.tar');
    await rewriteManifest(firstFile, file, (m) => ({ ...m, format_version: 2 }));
    const target = await freshTarget(source.dialect);
    const error = await restoreBackup(target, fromFile(file)).catch((e: unknown) => e);
    expect((error as BackupError).problem).toBe('newer_format');
  });

  it('refuses a backup of a newer schema', async () => {
    const file = path.join(tmp, 'newer-schema.tar');
    await rewriteManifest(firstFile, file, (m) => ({ ...m, schema_version: '9999_future' }));
    const target = await freshTarget(source.dialect);
    const error = await restoreBackup(target, fromFile(file)).catch((e: unknown) => e);
    expect((error as BackupError).problem).toBe('newer_schema');
  });

  it('refuses a target that is not empty', async () => {
    const error = await restoreBackup(source, fromFile(firstFile)).catch((e: unknown) => e);
    expect((error as BackupError).problem).toBe('not_empty');
  });

  it('lets only one of two restores started together fill an empty archive', async () => {
    const target = await freshTarget(source.dialect);
    const outcomes = await Promise.allSettled([
      restoreBackup(target, fromFile(firstFile)),
      restoreBackup(target, fromFile(firstFile)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect((refused?.reason as BackupError).problem).toBe('not_empty');
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from items`.execute(
      target.db as unknown as Kysely<unknown>,
    );
    expect(Number(rows[0]?.n)).toBe(first.manifest.tables.items?.rows);
  }, 120_000);
});

const stamp = () => ({
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
});

/** A copy of the backup whose manifest says something else (its entries untouched). */
async function rewriteManifest(
  from: string,
  to: string,
  change: (manifest: BackupManifest) => BackupManifest,
) {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  const pack = tar.pack();
  const out = fs.createWriteStream(to);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  pack.pipe(out);
  fs.createReadStream(from).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (entry.header.name === 'manifest.json') {
      body = Buffer.from(JSON.stringify(change(JSON.parse(body.toString()) as BackupManifest)));
    }
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.header.name, size: body.length }, body, (e) =>
        e ? reject(e) : resolve(),
      ),
    );
  }
  pack.finalize();
  await done;
}
