import { sql, type Kysely } from 'kysely';
import { folded } from './0015_list_order_and_folding.js';
import { isPostgres, withId } from './helpers.js';

/**
 * Segments of records (an OHMS-style index, modules/records/segments):
 * - `record_segments`: a stretch of the record's joined audio parts, in seconds from the start of
 *   the first part (`end_seconds` null: to the end of the recording), with its title, synopsis,
 *   keywords (a JSON array of strings), transcript, where it came from (`detected`, `manual`,
 *   `time_code`) and whether a person edited it (detection again replaces only detected
 *   segments nobody edited). Goes with its record.
 * - `record_segment_people`: who is heard in a segment.
 * - `record_segment_jobs`: each record's last detection job (job bookkeeping: not stamped, not
 *   backed up, like record_mp3_jobs).
 * The segments' words are searched with their record: an FTS5 table on SQLite (contentless, kept
 * by triggers, letters folded as 0015 folds them), a generated tsvector on PostgreSQL. Both
 * segment tables are stamped `archive`, as the records' are (0013).
 */
const STAMPED = ['record_segments', 'record_segment_people'] as const;
const OPERATIONS = ['insert', 'update', 'delete'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('record_segments'))
    .addColumn('record_id', 'integer', (c) =>
      c.notNull().references('records.id').onDelete('cascade'),
    )
    .addColumn('start_seconds', 'double precision', (c) => c.notNull())
    .addColumn('end_seconds', 'double precision')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('synopsis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('transcript', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('record_segments_record_idx')
    .on('record_segments')
    .columns(['record_id', 'start_seconds'])
    .execute();

  await db.schema
    .createTable('record_segment_people')
    .addColumn('segment_id', 'integer', (c) =>
      c.notNull().references('record_segments.id').onDelete('cascade'),
    )
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('record_segment_people_pk', ['segment_id', 'participant_id'])
    .execute();
  await db.schema
    .createIndex('record_segment_people_participant_idx')
    .on('record_segment_people')
    .columns(['participant_id', 'segment_id'])
    .execute();

  await db.schema
    .createTable('record_segment_jobs')
    .addColumn('record_id', 'integer', (c) =>
      c.primaryKey().references('records.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  if (pg) {
    await sql`
      alter table record_segments add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(synopsis)), 'B') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(keywords)), 'B') ||
        setweight(to_tsvector('simple'::regconfig, kinfolio_search_text(transcript)), 'C')
      ) stored
    `.execute(db);
    await sql`create index record_segments_search_idx on record_segments using gin (search_vector)`.execute(
      db,
    );
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
    create virtual table record_segments_fts using fts5(
      title, synopsis, keywords, transcript, content='', contentless_delete=1,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  // As the records' own index weighs title, summary and transcript.
  await sql`
    insert into record_segments_fts(record_segments_fts, rank)
    values ('rank', 'bm25(10.0, 2.0, 2.0, 1.0)')
  `.execute(db);
  const values = sql`(new.id, ${folded('new.title')}, ${folded('new.synopsis')},
    ${folded('new.keywords')}, ${folded('new.transcript')})`;
  await sql`
    create trigger record_segments_fts_insert after insert on record_segments begin
      insert into record_segments_fts(rowid, title, synopsis, keywords, transcript)
      values ${values};
    end
  `.execute(db);
  await sql`
    create trigger record_segments_fts_update
    after update of title, synopsis, keywords, transcript on record_segments begin
      delete from record_segments_fts where rowid = old.id;
      insert into record_segments_fts(rowid, title, synopsis, keywords, transcript)
      values ${values};
    end
  `.execute(db);
  await sql`
    create trigger record_segments_fts_delete after delete on record_segments begin
      delete from record_segments_fts where rowid = old.id;
    end
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists record_segments_fts`.execute(db);
  await db.schema.dropTable('record_segment_jobs').ifExists().execute();
  await db.schema.dropTable('record_segment_people').ifExists().execute();
  await db.schema.dropTable('record_segments').ifExists().execute();
}
