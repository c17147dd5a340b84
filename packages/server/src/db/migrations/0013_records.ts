import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Audio records: the record, its people (participants heard in it), its
 * revisions, and files with a general owner — a file now belongs to an item or to a record, never
 * both (a temporary upload to neither), with a `position` that orders a record's audio parts.
 * Full-text search over title, summary, info and the transcript, as items have it:
 * - SQLite: a contentless FTS5 table with a `kind` column of scope tokens (`lfr live`), kept in
 *   sync by triggers so every write path updates it in its transaction;
 * - PostgreSQL: a generated tsvector (title A, summary and info B, transcript C), GIN-indexed,
 *   with 0003's accent-folding functions.
 * Every table here is stamped `archive` (0007/0008's triggers), so cached reads stay right.
 */
const STAMPED = ['records', 'record_people', 'record_revisions'] as const;
const OPERATIONS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('records'))
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('face', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registration_date', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rawtranscription', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revisions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('records_list_idx')
    .on('records')
    .columns(['deleted_at', 'registration_date', 'id'])
    .execute();
  await db.schema
    .createIndex('records_lang_idx')
    .on('records')
    .columns(['lang', 'deleted_at'])
    .execute();

  await db.schema
    .createTable('record_people')
    .addColumn('record_id', 'integer', (c) =>
      c.notNull().references('records.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('record_people_pk', ['record_id', 'participant_id'])
    .execute();
  await db.schema
    .createIndex('record_people_participant_idx')
    .on('record_people')
    .columns(['participant_id', 'record_id'])
    .execute();

  await withId(db, db.schema.createTable('record_revisions'))
    .addColumn('record_id', 'integer', (c) =>
      c.notNull().references('records.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    // JSON of the contract's RecordRevisionData: the version replaced by the change.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_revisions_record_idx')
    .on('record_revisions')
    .columns(['record_id', 'id'])
    .execute();

  // Files: a general owner. `files` is stamped already (0007/0008).
  await db.schema
    .alterTable('files')
    .addColumn('record_id', 'integer', (c) => c.references('records.id'))
    .execute();
  await db.schema.alterTable('files').addColumn('position', 'integer').execute();
  await db.schema
    .createIndex('files_record_idx')
    .on('files')
    .columns(['record_id', 'position'])
    .execute();

  if (pg) {
    await sql`
      alter table files add constraint files_one_owner
      check (item_id is null or record_id is null)
    `.execute(db);
    await sql`
      alter table records add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(summary)), 'B') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(info)), 'B') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(rawtranscription)), 'C')
      ) stored
    `.execute(db);
    await sql`create index records_search_idx on records using gin (search_vector)`.execute(db);
    for (const table of STAMPED) {
      await sql`
        create trigger ${sql.raw(`${table}_stamp_lock`)}
        before insert or update or delete on ${sql.raw(table)}
        for each statement execute function kinfolio_lock_stamp('archive')
      `.execute(db);
      for (const op of OPERATIONS) {
        const written = op === 'delete' ? 'old table as written' : 'new table as written';
        await sql`
          create trigger ${sql.raw(`${table}_stamp_${op}`)}
          after ${sql.raw(op)} on ${sql.raw(table)}
          referencing ${sql.raw(written)}
          for each statement execute function kinfolio_bump_stamp_if_written('archive')
        `.execute(db);
      }
    }
    return;
  }

  // SQLite cannot add a CHECK to an existing table: triggers refuse a file with two owners.
  for (const op of ['insert', 'update'] as const) {
    await sql`
      create trigger ${sql.raw(`files_one_owner_${op}`)} before ${sql.raw(op)} on files
      when new.item_id is not null and new.record_id is not null
      begin
        select raise(abort, 'files_one_owner');
      end
    `.execute(db);
  }
  for (const table of STAMPED) {
    for (const op of OPERATIONS) {
      await sql`
        create trigger ${sql.raw(`${table}_stamp_${op}`)} after ${sql.raw(op)} on ${sql.raw(table)}
        begin
          update change_stamps set version = version + 1 where name = 'archive';
        end
      `.execute(db);
    }
  }
  await sql`
    create virtual table records_fts using fts5(
      title, summary, info, transcript, kind, content='', contentless_delete=1,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  // Title ten times, summary and info twice the transcript; the scope tokens not at all.
  await sql`
    insert into records_fts(records_fts, rank) values ('rank', 'bm25(10.0, 2.0, 2.0, 1.0, 0.0)')
  `.execute(db);
  const kind = sql.raw(
    `'l' || new.lang || case when new.deleted_at is null then ' live' else ' trash' end`,
  );
  await sql`
    create trigger records_fts_insert after insert on records begin
      insert into records_fts(rowid, title, summary, info, transcript, kind)
      values (new.id, new.title, new.summary, new.info, new.rawtranscription, ${kind});
    end
  `.execute(db);
  await sql`
    create trigger records_fts_update
    after update of title, summary, info, rawtranscription, lang, deleted_at on records begin
      delete from records_fts where rowid = old.id;
      insert into records_fts(rowid, title, summary, info, transcript, kind)
      values (new.id, new.title, new.summary, new.info, new.rawtranscription, ${kind});
    end
  `.execute(db);
  await sql`
    create trigger records_fts_delete after delete on records begin
      delete from records_fts where rowid = old.id;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table files drop constraint if exists files_one_owner`.execute(db);
  } else {
    for (const trigger of [
      'records_fts_insert',
      'records_fts_update',
      'records_fts_delete',
      'files_one_owner_insert',
      'files_one_owner_update',
    ]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists records_fts`.execute(db);
  }
  await db.schema.dropIndex('files_record_idx').ifExists().execute();
  await db.schema.alterTable('files').dropColumn('position').execute();
  await db.schema.alterTable('files').dropColumn('record_id').execute();
  // Dropping the tables drops their triggers too.
  await db.schema.dropTable('record_revisions').ifExists().execute();
  await db.schema.dropTable('record_people').ifExists().execute();
  await db.schema.dropTable('records').ifExists().execute();
}
