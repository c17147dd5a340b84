import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { CategoriesTable, Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type CategoryRow = Selectable<CategoriesTable>;
export type CategoryWithCount = CategoryRow & { count: number };
export type CategoryChanges = Omit<Updateable<CategoriesTable>, 'id' | 'created_at'>;
export interface Sibling {
  id: number;
  position: number;
}

/** Any fixed number: the PostgreSQL advisory lock that serialises writes to the category tree. */
const TREE_LOCK = 7_310_001;

/**
 * The category tree with, per category, the number of distinct non-deleted items linked to it or
 * to any descendant: `tree` pairs every category (or just `rootId`) with itself and each of its
 * descendants, `counts` sums the links over those pairs. UNION (not UNION ALL) stops even on a
 * corrupted tree with a cycle.
 */
function withCounts(db: Executor, rootId?: number) {
  return db
    .withRecursive('tree(ancestor_id, id)', (qb) =>
      qb
        .selectFrom('categories')
        .select(['id as ancestor_id', 'id'])
        .$if(rootId !== undefined, (q) => q.where('id', '=', rootId!))
        .union((q) =>
          q
            .selectFrom('categories as c')
            .innerJoin('tree', 'tree.id', 'c.parent_id')
            .select(['tree.ancestor_id', 'c.id']),
        ),
    )
    .with('counts', (qb) =>
      qb
        .selectFrom('tree')
        .innerJoin('item_categories as ic', 'ic.category_id', 'tree.id')
        .innerJoin('items as i', 'i.id', 'ic.item_id')
        .where('i.deleted_at', 'is', null)
        .groupBy('tree.ancestor_id')
        .select((eb) => [
          'tree.ancestor_id',
          eb.fn.count<number>('ic.item_id').distinct().as('item_count'),
        ]),
    )
    .selectFrom('categories as c')
    .leftJoin('counts', 'counts.ancestor_id', 'c.id')
    .selectAll('c')
    .select((eb) => eb.fn.coalesce('counts.item_count', sql<number>`0`).as('count'));
}

/**
 * The ids of `rootId` and its descendants, the one subtree query (the tree checks here and the
 * archive's category scope use it). UNION stops even on a corrupted tree with a cycle.
 */
function subtree(db: Executor, rootId: number) {
  return db
    .withRecursive('subtree(id)', (qb) =>
      qb
        .selectFrom('categories')
        .select('id')
        .where('id', '=', rootId)
        .union((q) =>
          q
            .selectFrom('categories as c')
            .innerJoin('subtree', 'subtree.id', 'c.parent_id')
            .select('c.id'),
        ),
    )
    .selectFrom('subtree')
    .select('id');
}

export function categoriesRepository(db: Executor) {
  return {
    /** Serialises tree writes on PostgreSQL (SQLite transactions are serial already). */
    async lockTree(dialect: Dialect): Promise<void> {
      if (dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${sql.lit(TREE_LOCK)})`.execute(db);
    },
    /** The whole tree, flat: roots first, then by parent and sibling order. */
    async listWithCounts(): Promise<CategoryWithCount[]> {
      return withCounts(db)
        .orderBy('c.parent_id', (ob) => ob.asc().nullsFirst())
        .orderBy('c.position')
        .orderBy('c.id')
        .execute();
    },
    findWithCount(id: number): Promise<CategoryWithCount | undefined> {
      return withCounts(db, id).where('c.id', '=', id).executeTakeFirst();
    },
    find(id: number): Promise<CategoryRow | undefined> {
      return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Children of `parentId` (roots for null) in sibling order, without `exceptId`. */
    siblings(parentId: number | null, exceptId?: number): Promise<Sibling[]> {
      return db
        .selectFrom('categories')
        .select(['id', 'position'])
        .where((eb) =>
          parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId),
        )
        .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    async hasChildren(id: number): Promise<boolean> {
      const child = await db
        .selectFrom('categories')
        .select('id')
        .where('parent_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return child !== undefined;
    },
    /** A category and all its descendants (empty when it does not exist). */
    async subtreeIds(rootId: number): Promise<number[]> {
      return (await subtree(db, rootId).execute()).map((row) => row.id);
    },
    /** Whether `candidateId` is `rootId` or one of its descendants. */
    async inSubtree(rootId: number, candidateId: number): Promise<boolean> {
      const found = await subtree(db, rootId).where('id', '=', candidateId).executeTakeFirst();
      return found !== undefined;
    },
    async insert(values: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
      return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async update(id: number, changes: CategoryChanges): Promise<void> {
      await db.updateTable('categories').set(changes).where('id', '=', id).execute();
    },
    /** Sets many sibling positions in one statement per 500 rows. */
    async setPositions(changes: Sibling[]): Promise<void> {
      for (let start = 0; start < changes.length; start += 500) {
        const chunk = changes.slice(start, start + 500);
        const cases = sql.join(
          chunk.map(({ id, position }) => sql`when ${id} then cast(${position} as integer)`),
          sql` `,
        );
        await db
          .updateTable('categories')
          .set({ position: sql<number>`case id ${cases} end` })
          .where(
            'id',
            'in',
            chunk.map(({ id }) => id),
          )
          .execute();
      }
    },
    /** Removes the category and its item links (never the items). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('item_categories').where('category_id', '=', id).execute();
      await db.deleteFrom('categories').where('id', '=', id).execute();
    },
  };
}

export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
