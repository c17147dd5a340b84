import { itemRoutes, ITEM_TYPES } from '@kinfolio/contract';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADER } from '../http/response-cache.js';
import { schemaTables } from '../modules/backups/index.js';
import type { TestClient } from '../test/client.js';
import { testDialect, TEST_PG_URL } from '../test/database.js';
import { createTestServer, type TestServer } from '../test/server.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { stampedTransaction } from './stamps.js';

/**
 * Tables that no cached route reads, so a write to them need not bump a stamp. A new table must
 * be stamped (see migrations 0007/0008) or named here with the reason.
 */
const UNSTAMPED_TABLES: Record<string, string> = {
  kysely_migration: 'migration bookkeeping',
  kysely_migration_lock: 'migration bookkeeping',
  change_stamps: 'the stamps themselves',
  settings: 'read per request by the routes that use it, never cached',
  password_reset_tokens: 'read by the reset flow only',
  login_links: 'one-time sign-in links, read by the link routes only',
  site_translations: 'its list route is not cached',
  login_throttle: 'login attempts, read by the login route only',
  invitations: 'pending invitations, read by the admin routes (never cached) and the accept page',
  user_identities:
    'linked social logins, read by the login callback and the profile (never cached)',
  jobs: 'background job bookkeeping (jobs/database-queue.ts), read by no cached route',
  failed_jobs: 'jobs that failed every attempt, read by the admin routes (never cached)',
  job_schedules: 'when recurring jobs run next, read by the job workers only',
  backups: 'the backup files of the installation, read by the admin backup routes (never cached)',
  imports: 'the imports, read by the import routes (never cached)',
  import_identities: 'what was imported, read by the import jobs only',
  shares: 'share links, read by the share routes and the public routes (never cached)',
  share_entries: 'what a shared selection holds, read by the public routes (never cached)',
  share_events: 'the audit of share links, read by no cached route',
  file_texts:
    'the text of scans, read by the text routes (never cached); the search reads items.scan_text (stamped)',
  file_text_revisions: 'corrected scan texts, read by the text routes (never cached)',
  face_scans: 'which pictures the face detector read, read by the faces routes (never cached)',
  face_groups: 'groups of unknown faces, read by the faces routes (never cached)',
  faces:
    'faces in pictures, read by the faces routes (never cached); named ones reach cached lists through item_participants (stamped)',
  face_rejections: '"not this person", read by the faces routes and jobs only',
  exports: "the admin's exports, read by the admin downloads routes (never cached)",
  record_mp3_jobs:
    "each record's last MP3 job (job bookkeeping), read by the MP3 routes (never cached)",
  record_segment_jobs:
    "each record's last segment detection job (job bookkeeping), read by the detection routes (never cached)",
  category_ancestors: 'derived by triggers from categories, written only with it (stamped archive)',
  item_category_scopes:
    'derived by triggers from items, categories and item_categories, written only with them (stamped archive)',
  item_list_months: 'derived by triggers from items, written only with it (stamped archive)',
  item_search: 'PostgreSQL: derived by triggers from items, written only with it (stamped archive)',
  place_cells:
    'map counts derived by triggers from items and records, written only with them (both stamped)',
};

/** Every table, partitions and full-text index tables aside (schemaTables, as backups list them). */
const tableNames = (server: TestServer) =>
  schemaTables(server.ctx.db as unknown as Kysely<unknown>, server.ctx.dialect);

async function stampedTableNames(server: TestServer): Promise<Set<string>> {
  if (testDialect() === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select distinct tbl_name as name from sqlite_master
      where type = 'trigger' and sql like '%update change_stamps set version = version + 1%'
    `.execute(server.ctx.db);
    return new Set(rows.map((r) => r.name));
  }
  const { rows } = await sql<{ name: string }>`
    select distinct event_object_table as name from information_schema.triggers
    where action_statement like '%kinfolio_bump_stamp_if_written%'`.execute(server.ctx.db);
  return new Set(rows.map((r) => r.name));
}

const stampRows = async (server: TestServer) =>
  (
    await sql<{ name: string; epoch: string; version: number | string }>`
      select name, epoch, version from change_stamps order by name`.execute(server.ctx.db)
  ).rows.map((r) => `${r.name}:${r.epoch}.${Number(r.version)}`);

describe('change stamps', () => {
  let server: TestServer;
  let editor: TestClient;
  let reader: TestClient;
  let admin: TestClient;

  const participantNames = async () => {
    const response = await reader.get('/api/participants');
    return JSON.stringify(response.json());
  };

  beforeAll(async () => {
    server = await createTestServer();
    ({ editor, reader } = await server.editorAndReader());
    await server.createAdmin();
    admin = await server.loggedIn('admin@example.com', 'admin-password-1');
  });
  afterAll(() => server.close());

  it('stamps every table or names it as read by no cached route', async () => {
    const stamped = await stampedTableNames(server);
    const forgotten = (await tableNames(server)).filter(
      (table) => !stamped.has(table) && !(table in UNSTAMPED_TABLES),
    );
    expect(forgotten).toEqual([]);
    expect(stamped).toContain('items');
    expect(stamped).toContain('users');
  });

  it('answers a repeated read from memory, and not after a write', async () => {
    await editor.post('/api/tags', { name: { en: 'Kept' } });
    const first = await reader.get('/api/tags');
    const second = await reader.get('/api/tags');
    expect(first.headers[CACHE_STATUS_HEADER]).toBe('miss');
    expect(second.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    await editor.post('/api/tags', { name: { en: 'Another' } });
    const third = await reader.get('/api/tags');
    expect(third.headers[CACHE_STATUS_HEADER]).toBe('miss');
    expect(third.body).toContain('Another');
  });

  it('never keeps an answer under the stamp of a write that rolled back', async () => {
    expect((await editor.post('/api/participants', { name: 'Alice' })).statusCode).toBe(201);
    // A write that bumps the stamp, then fails; a read arrives while it is in progress.
    let pendingRead: Promise<string> | undefined;
    await expect(
      server.ctx.db.transaction().execute(async (trx) => {
        await sql`insert into participants (name, name_lower, search_key, created_at, updated_at)
          values ('Ghost', 'ghost', 'ghost', '2026-01-01', '2026-01-01')`.execute(trx);
        pendingRead = participantNames();
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('refused after the bump');
      }),
    ).rejects.toThrow('refused after the bump');
    expect(await pendingRead).not.toContain('Ghost');
    expect((await editor.post('/api/participants', { name: 'Bruno' })).statusCode).toBe(201);
    const names = await participantNames();
    expect(names).toContain('Alice');
    expect(names).toContain('Bruno');
  });

  it('is not bumped by refused writes', async () => {
    const before = await stampRows(server);
    const unknown = 999_999;
    const refused = [
      () => editor.patch(`/api/tags/${unknown}`, { name: { en: 'x' } }),
      () => editor.delete(`/api/tags/${unknown}`),
      () => editor.patch(`/api/categories/${unknown}`, { name: { en: 'x' } }),
      () => editor.delete(`/api/categories/${unknown}`),
      () => editor.patch(`/api/participants/${unknown}`, { name: 'x' }),
      () => editor.delete(`/api/participants/${unknown}`),
      () => editor.post(`/api/participants/divide/${unknown}`, { name1: 'a', name2: 'b' }),
      () => admin.patch(`/api/admin-users/${unknown}`, { active: false }),
      () => editor.delete(`/api/files/${unknown}`),
      ...ITEM_TYPES.flatMap((type) => {
        const r = itemRoutes[type];
        const at = (path: string) => path.replace(':id', String(unknown));
        return [
          () => admin.patch(at(r.update.path), { title: 'x' }),
          () => admin.delete(at(r.delete.path)),
          () => admin.send(r.restore.method, at(r.restore.path)),
          () => admin.send(r.hardDelete.method, at(r.hardDelete.path)),
          () => admin.send(r.separate.method, at(r.separate.path)),
        ];
      }),
    ];
    for (const request of refused) {
      const response = await request();
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    expect(await stampRows(server)).toEqual(before);
  });

  it('never comes back to a stamp already used when the counter is set back', async () => {
    const first = await server.ctx.readStamps();
    await editor.post('/api/tags', { name: { en: 'Bump' } });
    const bumped = await server.ctx.readStamps();
    expect(bumped.archive).not.toBe(first.archive);
    const [, version] = first.archive.split('.');
    await sql`update change_stamps set version = ${Number(version)} where name = 'archive'`.execute(
      server.ctx.db,
    );
    const setBack = await server.ctx.readStamps();
    expect([first.archive, bumped.archive]).not.toContain(setBack.archive);
  });

  it('takes several stamps in one transaction, each bumped by what it writes', async () => {
    const before = await server.ctx.readStamps();
    await stampedTransaction(server.ctx.db, ['auth', 'archive'], async (trx) => {
      await trx.updateTable('users').set({ name: 'Renamed Editor' }).where('id', '=', 2).execute();
    });
    const after = await server.ctx.readStamps();
    expect(after.auth).not.toBe(before.auth);
    expect(after.archive).toBe(before.archive);
  });
});

describe.runIf(testDialect() === 'postgres')('on a server whose default is repeatable read', () => {
  const name = `kinfolio_test_rr_${process.pid}_${Date.now()}`;
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.query(
      `alter database ${name} set default_transaction_isolation = 'repeatable read'`,
    );
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('lets concurrent stamped writes wait for each other instead of failing', async () => {
    const handle = connectDatabase({ dialect: 'postgres', url: url.toString() });
    try {
      await migrateToLatest(handle.db);
      const now = new Date().toISOString();
      const tag = await handle.db
        .insertInto('tags')
        .values({ name_en: 'a', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const writes = Array.from({ length: 8 }, (_, i) =>
        stampedTransaction(handle.db, 'archive', async (trx) => {
          const current = await trx
            .selectFrom('tags')
            .select('name_en')
            .where('id', '=', tag.id)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('tags')
            .set({ name_en: `${current.name_en}${i}` })
            .where('id', '=', tag.id)
            .execute();
        }),
      );
      await Promise.all(writes);
      const final = await handle.db
        .selectFrom('tags')
        .select('name_en')
        .where('id', '=', tag.id)
        .executeTakeFirstOrThrow();
      // Serialised by the stamp lock, each write saw the one before: nothing lost.
      expect(final.name_en).toHaveLength(9);
    } finally {
      await handle.destroy();
    }
  });
});
