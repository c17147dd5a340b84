import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createTriggerFunction, isPostgres, withId } from './helpers.js';

/**
 * Places (modules/places).
 *
 * `places`: a name, a position, or both, with the country derived from the position (ISO alpha-2,
 * offline). An item or a record points to one (`place_id`); an entry that names the same place
 * again (same name and position) reuses its row, so named places can be offered and counted.
 * Rows are never edited: an entry moved elsewhere points to another row. Their position is copied
 * onto the entry (`latitude`, `longitude`) so the map reads one table.
 *
 * `place_cells`: live placed entries counted per grid cell of levels 2..18 (cells 360/2^level
 * degrees wide: the map's zooms 0..16, a cell a quarter of a 256-pixel tile), kind (item type or
 * `record`) and language, with the sums of their positions and ids: a cluster's mean position is
 * sum/n, and a cell holding one entry names it (id_sum). Kept exact by triggers, like
 * item_list_months (0025): a view reads the few thousand counters of the cells it shows instead
 * of grouping every entry in it (a world view would group a million). Closer zooms (17 and
 * more) show a few streets: grouping their entries is cheap. Cells that drop to zero stay
 * (n = 0) and are skipped by readers. Not backed up: a restore writes the entries, and the
 * triggers count them.
 *
 * `places` is stamped `archive` (the cached lists read it); `place_cells` changes only with
 * `items` and `records`, which are stamped.
 */
export const PLACE_LEVELS = { min: 2, max: 18 } as const;

interface Source {
  table: 'items' | 'records';
  kind: string;
  language: string;
}
const SOURCES: Source[] = [
  { table: 'items', kind: 'type', language: 'language' },
  { table: 'records', kind: `'record'`, language: 'lang' },
];

const levels = () => {
  const values: string[] = [];
  for (let level = PLACE_LEVELS.min; level <= PLACE_LEVELS.max; level++) {
    values.push(`select ${level} as level`);
  }
  return sql.raw(`(${values.join(' union all ')})`);
};

/** The cell of `row`'s position at `l.level`, in either dialect (floor: cast truncates in SQLite). */
function cellOf(pg: boolean, row: string) {
  const floor = (expr: string) => (pg ? `floor(${expr})::integer` : `cast(${expr} as integer)`);
  const least = pg ? 'least' : 'min';
  return sql.raw(
    `${least}(${floor(`(${row}.longitude + 180) * (1 << l.level) / 360.0`)}, (1 << l.level) - 1) as cx, ` +
      `${least}(${floor(`(${row}.latitude + 90) * (1 << l.level) / 360.0`)}, (1 << (l.level - 1)) - 1) as cy`,
  );
}

const upsert = sql`
  on conflict (level, cx, cy, kind, language) do update set
    n = place_cells.n + excluded.n,
    lat_sum = place_cells.lat_sum + excluded.lat_sum,
    lon_sum = place_cells.lon_sum + excluded.lon_sum,
    id_sum = place_cells.id_sum + excluded.id_sum`;

async function postgresTriggers(db: Kysely<unknown>, source: Source) {
  const { table, kind, language } = source;
  const rows = (transition: string, sign: number) => sql`
    select l.level, ${cellOf(true, 'r')}, ${sql.raw(kind.replace(/^type$/, 'r.type'))} as kind,
      r.${sql.raw(language)} as language, ${sql.lit(sign)} as d,
      r.latitude, r.longitude, r.id
    from ${sql.raw(transition)} r cross join ${levels()} l
    where r.latitude is not null and r.deleted_at is null`;
  const apply = (changes: RawBuilder<unknown>) => sql`
    insert into place_cells (level, cx, cy, kind, language, n, lat_sum, lon_sum, id_sum)
    select level, cx, cy, kind, language, sum(d), sum(d * latitude), sum(d * longitude),
      sum(d * id)
    from (${changes}) c
    group by level, cx, cy, kind, language
    having sum(d) <> 0 or sum(d * latitude) <> 0 or sum(d * longitude) <> 0
    ${upsert}`;
  const transitions = {
    insert: { referencing: `new table as new_rows`, body: apply(rows('new_rows', 1)) },
    update: {
      referencing: `old table as old_rows new table as new_rows`,
      body: apply(sql`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`),
    },
    delete: { referencing: `old table as old_rows`, body: apply(rows('old_rows', -1)) },
  };
  for (const [op, { referencing, body }] of Object.entries(transitions)) {
    const name = `${table}_place_cells_${op}`;
    await createTriggerFunction(db, name, [body], 'null');
    await sql`
      create trigger ${sql.raw(name)} after ${sql.raw(op)} on ${sql.raw(table)}
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(name)}()
    `.execute(db);
  }
}

async function sqliteTriggers(db: Kysely<unknown>, source: Source) {
  const { table, kind, language } = source;
  const kindOf = (row: string) => sql.raw(kind === 'type' ? `${row}.type` : kind);
  // The SELECT's WHERE also tells SQLite's parser that ON CONFLICT belongs to the INSERT.
  const change = (row: 'new' | 'old', sign: 1 | -1) => sql`
    insert into place_cells (level, cx, cy, kind, language, n, lat_sum, lon_sum, id_sum)
    select l.level, ${cellOf(false, row)}, ${kindOf(row)}, ${sql.raw(`${row}.${language}`)},
      ${sql.lit(sign)}, ${sql.lit(sign)} * ${sql.raw(row)}.latitude,
      ${sql.lit(sign)} * ${sql.raw(row)}.longitude, ${sql.lit(sign)} * ${sql.raw(row)}.id
    from ${levels()} l
    where ${sql.raw(row)}.latitude is not null and ${sql.raw(row)}.deleted_at is null
    ${upsert}`;
  const changed = sql.raw(
    `when new.latitude is not old.latitude or new.longitude is not old.longitude
      or (new.deleted_at is null) <> (old.deleted_at is null)
      or new.${language} is not old.${language}` +
      (kind === 'type' ? ' or new.type is not old.type' : ''),
  );
  const triggers = [
    { op: 'insert', event: 'after insert', when: sql``, body: [change('new', 1)] },
    { op: 'delete', event: 'after delete', when: sql``, body: [change('old', -1)] },
    {
      op: 'update',
      event: `after update of latitude, longitude, deleted_at, ${language}${kind === 'type' ? ', type' : ''}`,
      when: changed,
      body: [change('old', -1), change('new', 1)],
    },
  ];
  for (const { op, event, when, body } of triggers) {
    await sql`
      create trigger ${sql.raw(`${table}_place_cells_${op}`)} ${sql.raw(event)} on ${sql.raw(table)}
      for each row ${when}
      begin
        ${sql.join(
          body.map((statement) => sql`${statement};`),
          sql`\n`,
        )}
      end
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('places'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // The name folded as searches fold words (lower case, no accents): the autocomplete's key.
    .addColumn('name_folded', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('country', 'varchar(2)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('places_lookup_idx')
    .on('places')
    .columns(['name', 'latitude', 'longitude'])
    .execute();
  await db.schema.createIndex('places_folded_idx').on('places').column('name_folded').execute();

  for (const { table } of SOURCES) {
    await db.schema
      .alterTable(table)
      .addColumn('place_id', 'integer', (c) => c.references('places.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable(table).addColumn('latitude', 'double precision').execute();
    await db.schema.alterTable(table).addColumn('longitude', 'double precision').execute();
    await db.schema
      .createIndex(`${table}_place_idx`)
      .on(table)
      .column('place_id')
      .where(sql.ref('place_id'), 'is not', null)
      .execute();
    // The close map views (zoom 11 and more) and the filtered ones read live placed entries by
    // position; the id makes the index cover a grouping.
    await db.schema
      .createIndex(`${table}_position_idx`)
      .on(table)
      .columns(['latitude', 'longitude', 'id'])
      .where(sql<boolean>`latitude is not null and deleted_at is null`)
      .execute();
  }

  await db.schema
    .createTable('place_cells')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('lat_sum', 'double precision', (c) => c.notNull())
    .addColumn('lon_sum', 'double precision', (c) => c.notNull())
    .addColumn('id_sum', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('place_cells_pk', ['level', 'cx', 'cy', 'kind', 'language'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  for (const source of SOURCES) {
    await (pg ? postgresTriggers(db, source) : sqliteTriggers(db, source));
  }

  if (pg) {
    await sql`
      create trigger places_stamp_lock before insert or update or delete on places
      for each statement execute function kinfolio_lock_stamp('archive')
    `.execute(db);
    for (const op of ['insert', 'update', 'delete']) {
      const written = op === 'delete' ? 'old table as written' : 'new table as written';
      await sql`
        create trigger ${sql.raw(`places_stamp_${op}`)} after ${sql.raw(op)} on places
        referencing ${sql.raw(written)}
        for each statement execute function kinfolio_bump_stamp_if_written('archive')
      `.execute(db);
    }
  } else {
    for (const op of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`places_stamp_${op}`)} after ${sql.raw(op)} on places
        begin
          update change_stamps set version = version + 1 where name = 'archive';
        end
      `.execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const { table } of SOURCES) {
    for (const op of ['insert', 'update', 'delete']) {
      const name = `${table}_place_cells_${op}`;
      if (pg) {
        await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
        await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
      } else {
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
      }
    }
    await db.schema.dropIndex(`${table}_position_idx`).ifExists().execute();
    await db.schema.dropIndex(`${table}_place_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn('longitude').execute();
    await db.schema.alterTable(table).dropColumn('latitude').execute();
    await db.schema.alterTable(table).dropColumn('place_id').execute();
  }
  await db.schema.dropTable('place_cells').ifExists().execute();
  await db.schema.dropTable('places').ifExists().execute();
}
