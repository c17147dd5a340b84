import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * The family tree (modules/family).
 *
 * `participants` gain a life: given names, surname, sex, biography, birth and death (the date as
 * the contract's LifeDate JSON, beside a sortable key of its start, `YYYYMMDD` with unknown parts
 * 0; the place inline, its country derived from the position when written), a portrait (a named
 * face, or a picture: set null when either goes) and `gedcom_extra`, JSON a GEDCOM import keeps
 * (sources, tags Kinfolio has no field for) so that an export gives them back.
 *
 * `participant_relations`: `parent` (person1 is a parent of person2) or `spouse` (stored with
 * person1_id < person2_id, so one pair has one row), unique per type and pair; both people's rows
 * go with them. Siblings are derived, never stored.
 *
 * `family_revisions`: what a change to a life or a relation replaced and brought (before/after
 * JSON, null for a creation or a deletion), with who and when; `related_id` is a relation's other
 * person so each of them finds it. No foreign keys: a relation's history outlives the relation.
 *
 * `participant_relations` and `family_revisions` are stamped `archive` like `participants`: the
 * family and tree routes are cached with the archive.
 */
const STAMPED = ['participant_relations', 'family_revisions'] as const;
const EVENTS = ['birth', 'death'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const add = (name: string, type: 'text' | 'integer' | 'double precision' | 'varchar(10)') =>
    db.schema.alterTable('participants').addColumn(name, type).execute();
  await add('given_names', 'text');
  await add('surname', 'text');
  await add('sex', 'varchar(10)');
  for (const event of EVENTS) {
    await add(`${event}_date`, 'text');
    await add(`${event}_sort`, 'integer');
    await add(`${event}_place_name`, 'text');
    await add(`${event}_place_lat`, 'double precision');
    await add(`${event}_place_lon`, 'double precision');
    await db.schema
      .alterTable('participants')
      .addColumn(`${event}_place_country`, 'varchar(2)')
      .execute();
  }
  await add('biography', 'text');
  await db.schema
    .alterTable('participants')
    .addColumn('portrait_face_id', 'integer', (c) => c.references('faces.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('participants')
    .addColumn('portrait_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .execute();
  await add('gedcom_extra', 'text');
  // GEDCOM matching looks people up by surname and birth year.
  await db.schema
    .createIndex('participants_surname_idx')
    .on('participants')
    .expression(sql`lower(surname)`)
    .where(sql.ref('surname'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('participant_relations'))
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('person1_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('person2_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('place_name', 'text')
    .addColumn('place_lat', 'double precision')
    .addColumn('place_lon', 'double precision')
    .addColumn('place_country', 'varchar(2)')
    .addColumn('gedcom_extra', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('participant_relations_type', sql`type in ('parent', 'spouse')`)
    .addCheckConstraint(
      'participant_relations_pair',
      sql`person1_id <> person2_id and (type = 'parent' or person1_id < person2_id)`,
    )
    .addUniqueConstraint('participant_relations_unique', ['type', 'person1_id', 'person2_id'])
    .execute();
  await db.schema
    .createIndex('participant_relations_person1_idx')
    .on('participant_relations')
    .columns(['person1_id', 'type'])
    .execute();
  await db.schema
    .createIndex('participant_relations_person2_idx')
    .on('participant_relations')
    .columns(['person2_id', 'type'])
    .execute();

  await withId(db, db.schema.createTable('family_revisions'))
    .addColumn('participant_id', 'integer', (c) => c.notNull())
    .addColumn('related_id', 'integer')
    .addColumn('relation_id', 'integer')
    // life | relation.create | relation.update | relation.delete
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('family_revisions_participant_idx')
    .on('family_revisions')
    .columns(['participant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('family_revisions_related_idx')
    .on('family_revisions')
    .columns(['related_id', 'id'])
    .where(sql.ref('related_id'), 'is not', null)
    .execute();

  for (const table of STAMPED) {
    if (pg) {
      await sql`
        create trigger ${sql.raw(`${table}_stamp_lock`)}
        before insert or update or delete on ${sql.raw(table)}
        for each statement execute function kinfolio_lock_stamp('archive')
      `.execute(db);
      for (const op of ['insert', 'update', 'delete']) {
        const written = op === 'delete' ? 'old table as written' : 'new table as written';
        await sql`
          create trigger ${sql.raw(`${table}_stamp_${op}`)} after ${sql.raw(op)}
          on ${sql.raw(table)} referencing ${sql.raw(written)}
          for each statement execute function kinfolio_bump_stamp_if_written('archive')
        `.execute(db);
      }
    } else {
      for (const op of ['insert', 'update', 'delete']) {
        await sql`
          create trigger ${sql.raw(`${table}_stamp_${op}`)} after ${sql.raw(op)}
          on ${sql.raw(table)}
          begin
            update change_stamps set version = version + 1 where name = 'archive';
          end
        `.execute(db);
      }
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the tables drops their triggers too.
  await db.schema.dropTable('family_revisions').ifExists().execute();
  await db.schema.dropTable('participant_relations').ifExists().execute();
  await db.schema.dropIndex('participants_surname_idx').ifExists().execute();
  const columns = [
    'gedcom_extra',
    'portrait_file_id',
    'portrait_face_id',
    'biography',
    ...EVENTS.flatMap((event) =>
      ['date', 'sort', 'place_name', 'place_lat', 'place_lon', 'place_country'].map(
        (part) => `${event}_${part}`,
      ),
    ),
    'sex',
    'surname',
    'given_names',
  ];
  for (const column of columns) {
    await db.schema.alterTable('participants').dropColumn(column).execute();
  }
}
