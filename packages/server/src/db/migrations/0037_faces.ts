import { sql, type Kysely } from 'kysely';
import { createTriggerFunction, isPostgres, withId } from './helpers.js';

/**
 * Faces found in pictures (modules/faces).
 *
 * `face_scans`: one row per picture the detector has read (or found unreadable), with the model
 * version: a picture without one is still owed a detection, which is how the backfill resumes and
 * why a second run never adds the same faces twice.
 *
 * `faces`: a face's box relative to the picture as shown (0..1, EXIF rotation applied), its 5 key
 * points and roll angle (JSON), its 128-value descriptor (float32, little-endian: biometric data,
 * deleted with the rest by the admin's "delete all face data"), detection score and model version;
 * `participant_id` once somebody named it (it is then a reference for suggestions), the suggested
 * participant and distance, and the group of similar unknown faces it belongs to.
 *
 * `face_groups`: groups of unnamed faces similar to each other; ids stay while faces join.
 * `face_rejections`: "not this person", never suggested again for that face.
 *
 * A picture moved off its item (to the deleted medias) takes its named faces' `face` links to
 * that item away, unless another picture of the item shows the same person; restored, it brings
 * them back (trigger `files_face_links`).
 *
 * None is stamped: no cached route reads them (a named face's picture reaches the cached lists
 * through an `item_participants` link of role `face`, which is stamped). All travel in backups.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('face_scans')
    .addColumn('file_id', 'integer', (c) =>
      c.primaryKey().references('files.id').onDelete('cascade'),
    )
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('faces', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_version', 'varchar(100)', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('face_groups'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('faces'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('box_x', 'double precision', (c) => c.notNull())
    .addColumn('box_y', 'double precision', (c) => c.notNull())
    .addColumn('box_width', 'double precision', (c) => c.notNull())
    .addColumn('box_height', 'double precision', (c) => c.notNull())
    .addColumn('landmarks', 'text')
    .addColumn('descriptor', bytes)
    .addColumn('score', 'double precision')
    .addColumn('model_version', 'varchar(100)', (c) => c.notNull())
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('participant_id', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .addColumn('suggested_id', 'integer', (c) =>
      c.references('participants.id').onDelete('set null'),
    )
    .addColumn('suggested_distance', 'double precision')
    .addColumn('group_id', 'integer', (c) => c.references('face_groups.id').onDelete('set null'))
    .addColumn('named_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('named_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The `faces_revision` setting when the row was last written: processes keep their
    // in-memory descriptor index in step by reading the rows written since they last looked.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('faces_revision_idx').on('faces').column('revision').execute();
  await db.schema.createIndex('faces_file_idx').on('faces').column('file_id').execute();
  await db.schema
    .createIndex('faces_participant_idx')
    .on('faces')
    .column('participant_id')
    .execute();
  await db.schema.createIndex('faces_group_idx').on('faces').column('group_id').execute();

  await db.schema
    .createTable('face_rejections')
    .addColumn('face_id', 'integer', (c) => c.notNull().references('faces.id').onDelete('cascade'))
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('participants.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('face_rejections_pk', ['face_id', 'participant_id'])
    .execute();
  await faceLinksTrigger(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function faceLinksTrigger(db: Kysely<any>) {
  const leave = (row: string) => sql`
    delete from item_participants where role = 'face' and item_id = ${sql.raw(row)}.item_id
      and participant_id in (
        select participant_id from faces where file_id = ${sql.raw(row)}.id
          and participant_id is not null)
      and not exists (
        select 1 from faces f join files fl on fl.id = f.file_id
        where fl.item_id = ${sql.raw(row)}.item_id and fl.id <> ${sql.raw(row)}.id
          and f.participant_id = item_participants.participant_id)`;
  const enter = sql`
    insert into item_participants (item_id, participant_id, role)
    select distinct new.item_id, participant_id, 'face' from faces
    where file_id = new.id and participant_id is not null and new.item_id is not null`;
  if (!isPostgres(db)) {
    await sql`
      create trigger files_face_links after update of item_id on files
      when old.item_id is not new.item_id
      begin
        ${leave('old')};
        ${enter} on conflict do nothing;
      end`.execute(db);
    return;
  }
  await createTriggerFunction(
    db,
    'kinfolio_files_face_links',
    [
      sql`if old.item_id is not null then ${leave('old')}; end if`,
      sql`${enter} on conflict do nothing`,
    ],
    'null',
  );
  await sql`
    create trigger files_face_links after update of item_id on files
    for each row when (old.item_id is distinct from new.item_id)
    execute function kinfolio_files_face_links()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists files_face_links on files`.execute(db);
    await sql`drop function if exists kinfolio_files_face_links()`.execute(db);
  } else {
    await sql`drop trigger if exists files_face_links`.execute(db);
  }
  await db.deleteFrom('item_participants').where('role', '=', 'face').execute();
  await db.schema.dropTable('face_rejections').ifExists().execute();
  await db.schema.dropTable('faces').ifExists().execute();
  await db.schema.dropTable('face_groups').ifExists().execute();
  await db.schema.dropTable('face_scans').ifExists().execute();
}
