import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createTriggerFunction, isPostgres } from './helpers.js';

/**
 * Category subtree lists from one index range. A category's list shows the items linked to it or
 * to any descendant; read from `item_categories`, a deep page had to gather and sort every link of
 * the subtree, then skip (196 ms at a million items). Two tables derived by triggers:
 * - `category_ancestors`: one row per (category, ancestor or itself), the closure of the tree;
 * - `item_category_scopes`: one row per (ancestor category, item) for every item linked to that
 *   category or a descendant, with copies of the item's type, date and trash state like the link
 *   tables (0011_link_scopes) and a partial index of the live rows in list order, so that a
 *   subtree's page and count are one range of one index and need no DISTINCT.
 * SQLite triggers cannot recurse (no WITH RECURSIVE), so each change is derived from the closure
 * itself: a new category takes its parent's ancestors; a moved one's subtree drops the old
 * ancestors above it and takes the new ones, and the scope rows of the items linked in that
 * subtree are derived again from all their links; a removed link drops the scope rows no other
 * link of its item supports; a category is deleted with its links first. Neither table is
 * backed up: a restore writes categories and links, and the triggers derive them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('category_ancestors')
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('ancestor_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_ancestors_pk', ['category_id', 'ancestor_id'])
    .$call((t) => (postgres ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createIndex('category_ancestors_ancestor_idx')
    .on('category_ancestors')
    .columns(['ancestor_id', 'category_id'])
    .execute();
  await db.schema
    .createTable('item_category_scopes')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('item_type', 'text')
    .addColumn('item_date', 'text')
    .addColumn('item_live', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_category_scopes_pk', ['item_id', 'category_id'])
    .$call((t) => (postgres ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  // The existing tree and links.
  await sql`
    insert into category_ancestors (category_id, ancestor_id)
    with recursive tree(category_id, ancestor_id) as (
      select id, id from categories
      union
      select c.id, tree.ancestor_id from categories c join tree on c.parent_id = tree.category_id
    )
    select category_id, ancestor_id from tree
  `.execute(db);
  await sql`
    insert into item_category_scopes (item_id, category_id, item_type, item_date, item_live)
    select ic.item_id, ca.ancestor_id, min(ic.item_type), min(ic.item_date), min(ic.item_live)
    from item_categories ic join category_ancestors ca on ca.category_id = ic.category_id
    group by ic.item_id, ca.ancestor_id
    order by ic.item_id, ca.ancestor_id
  `.execute(db);
  await db.schema
    .createIndex('item_category_scopes_scope_idx')
    .on('item_category_scopes')
    .columns(['category_id', 'item_type', 'item_date', 'item_id'])
    .where(sql.ref('item_live'), '=', 1)
    .execute();

  const live = postgres
    ? sql`case when i.deleted_at is null then 1 else 0 end`
    : sql`i.deleted_at is null`;
  const newLive = postgres
    ? sql`case when new.deleted_at is null then 1 else 0 end`
    : sql`new.deleted_at is null`;
  const ignore = (insert: RawBuilder<unknown>) =>
    postgres ? sql`${insert} on conflict do nothing` : insert;
  const insertScopes = postgres
    ? sql`insert into item_category_scopes (item_id, category_id, item_type, item_date, item_live)`
    : sql`insert or ignore into item_category_scopes (item_id, category_id, item_type, item_date, item_live)`;

  // The statements of each trigger, in order (the same on both engines).
  const categoryInserted = [
    sql`insert into category_ancestors (category_id, ancestor_id)
      select new.id, new.id
      union all
      select new.id, ancestor_id from category_ancestors where category_id = new.parent_id`,
  ];
  const subtreeItems = sql`
    select l.item_id from item_categories l
    join category_ancestors s on s.category_id = l.category_id
    where s.ancestor_id = new.id`;
  const categoryMoved = [
    // The items linked in the moved subtree leave the old ancestors above it...
    sql`delete from item_category_scopes
      where category_id in (select ancestor_id from category_ancestors where category_id = old.parent_id)
        and item_id in (${subtreeItems})`,
    sql`delete from category_ancestors
      where category_id in (select category_id from category_ancestors where ancestor_id = new.id)
        and ancestor_id in (select ancestor_id from category_ancestors where category_id = old.parent_id)`,
    sql`insert into category_ancestors (category_id, ancestor_id)
      select s.category_id, a.ancestor_id from category_ancestors s
      join category_ancestors a on a.category_id = new.parent_id
      where s.ancestor_id = new.id`,
    // ...and their scope rows are derived again from all their links (another link may keep an
    // old ancestor).
    ignore(sql`${insertScopes}
      select ic.item_id, ca.ancestor_id, i.type, i.date, ${live}
      from item_categories ic
      join category_ancestors ca on ca.category_id = ic.category_id
      join items i on i.id = ic.item_id
      where ic.item_id in (${subtreeItems})`),
  ];
  // Its links go first, while the closure still names their ancestors.
  const categoryDeleting = [sql`delete from item_categories where category_id = old.id`];
  const categoryDeleted = [
    sql`delete from item_category_scopes where category_id = old.id`,
    sql`delete from category_ancestors where category_id = old.id or ancestor_id = old.id`,
  ];
  const linked = [
    ignore(sql`${insertScopes}
      select i.id, ca.ancestor_id, i.type, i.date, ${live}
      from category_ancestors ca join items i on i.id = new.item_id
      where ca.category_id = new.category_id`),
  ];
  const unlinked = [
    sql`delete from item_category_scopes
      where item_id = old.item_id
        and category_id in (select ancestor_id from category_ancestors where category_id = old.category_id)
        and not exists (
          select 1 from item_categories ic
          join category_ancestors ca on ca.category_id = ic.category_id
          where ic.item_id = old.item_id and ca.ancestor_id = item_category_scopes.category_id
        )`,
  ];
  const itemChanged = [
    sql`update item_category_scopes
      set item_type = new.type, item_date = new.date, item_live = ${newLive}
      where item_id = new.id`,
  ];
  const itemDeleted = [sql`delete from item_category_scopes where item_id = old.id`];

  const triggers: {
    name: string;
    table: string;
    event: string;
    when?: RawBuilder<unknown>;
    body: RawBuilder<unknown>[];
  }[] = [
    {
      name: 'categories_closure_insert',
      table: 'categories',
      event: 'after insert',
      body: categoryInserted,
    },
    {
      name: 'categories_closure_move',
      table: 'categories',
      event: 'after update of parent_id',
      when: postgres
        ? sql`old.parent_id is distinct from new.parent_id`
        : sql`old.parent_id is not new.parent_id`,
      body: categoryMoved,
    },
    {
      name: 'categories_closure_deleting',
      table: 'categories',
      event: 'before delete',
      body: categoryDeleting,
    },
    {
      name: 'categories_closure_delete',
      table: 'categories',
      event: 'after delete',
      body: categoryDeleted,
    },
    {
      name: 'item_categories_closure_insert',
      table: 'item_categories',
      event: 'after insert',
      body: linked,
    },
    {
      name: 'item_categories_closure_delete',
      table: 'item_categories',
      event: 'after delete',
      body: unlinked,
    },
    {
      name: 'item_categories_closure_update',
      table: 'item_categories',
      event: 'after update of item_id, category_id',
      when: sql`old.item_id <> new.item_id or old.category_id <> new.category_id`,
      body: [...unlinked, ...linked],
    },
    {
      name: 'items_closure_update',
      table: 'items',
      event: 'after update of type, date, deleted_at',
      when: postgres
        ? sql`new.type is distinct from old.type or new.date is distinct from old.date
            or (new.deleted_at is null) <> (old.deleted_at is null)`
        : sql`new.type is not old.type or new.date is not old.date
            or (new.deleted_at is null) <> (old.deleted_at is null)`,
      body: itemChanged,
    },
    { name: 'items_closure_delete', table: 'items', event: 'after delete', body: itemDeleted },
  ];

  for (const { name, table, event, when, body } of triggers) {
    if (postgres) {
      await createTriggerFunction(db, name, body, event.startsWith('before') ? 'old' : 'null');
      await sql`
        create trigger ${sql.raw(name)} ${sql.raw(event)} on ${sql.table(table)}
        for each row ${when ? sql`when (${when})` : sql``}
        execute function ${sql.raw(name)}()
      `.execute(db);
    } else {
      await sql`
        create trigger ${sql.raw(name)} ${sql.raw(event)} on ${sql.table(table)}
        for each row ${when ? sql`when ${when}` : sql``}
        begin
          ${sql.join(
            body.map((statement) => sql`${statement};`),
            sql`\n`,
          )}
        end
      `.execute(db);
    }
  }
  if (postgres) await sql`analyze category_ancestors, item_category_scopes`.execute(db);
}

const TRIGGERS = [
  ['categories_closure_insert', 'categories'],
  ['categories_closure_move', 'categories'],
  ['categories_closure_deleting', 'categories'],
  ['categories_closure_delete', 'categories'],
  ['item_categories_closure_insert', 'item_categories'],
  ['item_categories_closure_delete', 'item_categories'],
  ['item_categories_closure_update', 'item_categories'],
  ['items_closure_update', 'items'],
  ['items_closure_delete', 'items'],
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [name, table] of TRIGGERS) {
    if (postgres) {
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
    } else {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('item_category_scopes').ifExists().execute();
  await db.schema.dropTable('category_ancestors').ifExists().execute();
}
