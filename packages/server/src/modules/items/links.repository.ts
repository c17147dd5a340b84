import type { Kysely, Transaction } from 'kysely';
import type { Database, TranslatedNameColumns } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An item's links as ids, each list sorted and without duplicates. */
export interface LinkIds {
  from: number[];
  to: number[];
  tags: number[];
  categories: number[];
}

export interface NamedLink {
  item_id: number;
  id: number;
  name: string;
}
export interface ParticipantLink extends NamedLink {
  role: string;
}
export type TranslatedLink = TranslatedNameColumns & { item_id: number; id: number };

export const LINK_KINDS = ['from', 'to', 'tags', 'categories'] as const;

/** The table each kind of link points to. */
export const LINK_TABLES = {
  from: 'participants',
  to: 'participants',
  tags: 'tags',
  categories: 'categories',
} as const;

export function sortedIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Whether two sorted id lists are the same. */
export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Item ↔ participant, tag and category links: read for many items at once, replaced per item. */
export function linksRepository(db: Executor) {
  /** Links a new item (it has none yet: nothing to remove first). */
  async function add(itemId: number, links: Partial<LinkIds>): Promise<void> {
    const people = [
      ...(links.from ?? []).map((id) => ({ item_id: itemId, participant_id: id, role: 'from' })),
      ...(links.to ?? []).map((id) => ({ item_id: itemId, participant_id: id, role: 'to' })),
    ];
    if (people.length) await db.insertInto('item_participants').values(people).execute();
    const tags = (links.tags ?? []).map((id) => ({ item_id: itemId, tag_id: id }));
    if (tags.length) await db.insertInto('item_tags').values(tags).execute();
    const categories = (links.categories ?? []).map((id) => ({ item_id: itemId, category_id: id }));
    if (categories.length) await db.insertInto('item_categories').values(categories).execute();
  }

  return {
    async participants(itemIds: number[]): Promise<ParticipantLink[]> {
      if (itemIds.length === 0) return [];
      return db
        .selectFrom('item_participants as ip')
        .innerJoin('participants as p', 'p.id', 'ip.participant_id')
        .select(['ip.item_id', 'ip.role', 'p.id', 'p.name'])
        .where('ip.item_id', 'in', itemIds)
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();
    },
    async tags(itemIds: number[]): Promise<TranslatedLink[]> {
      if (itemIds.length === 0) return [];
      return db
        .selectFrom('item_tags as it')
        .innerJoin('tags as t', 't.id', 'it.tag_id')
        .select(['it.item_id', 't.id', 't.name_fr', 't.name_en', 't.name_it', 't.name_de'])
        .where('it.item_id', 'in', itemIds)
        .orderBy('t.id')
        .execute();
    },
    async categories(itemIds: number[]): Promise<TranslatedLink[]> {
      if (itemIds.length === 0) return [];
      return db
        .selectFrom('item_categories as ic')
        .innerJoin('categories as c', 'c.id', 'ic.category_id')
        .select(['ic.item_id', 'c.id', 'c.name_fr', 'c.name_en', 'c.name_it', 'c.name_de'])
        .where('ic.item_id', 'in', itemIds)
        .orderBy('c.id')
        .execute();
    },

    /** The ids of one item's links. */
    async idsOf(itemId: number): Promise<LinkIds> {
      return (await linksRepository(db).idsOfMany([itemId])).get(itemId)!;
    },

    /** The ids of many items' links, by item. */
    async idsOfMany(itemIds: number[]): Promise<Map<number, LinkIds>> {
      const byItem = new Map<number, LinkIds>(
        itemIds.map((id) => [id, { from: [], to: [], tags: [], categories: [] }]),
      );
      if (itemIds.length === 0) return byItem;
      const [people, tags, categories] = await Promise.all([
        db
          .selectFrom('item_participants')
          .select(['item_id', 'participant_id', 'role'])
          .where('item_id', 'in', itemIds)
          .execute(),
        db
          .selectFrom('item_tags')
          .select(['item_id', 'tag_id'])
          .where('item_id', 'in', itemIds)
          .execute(),
        db
          .selectFrom('item_categories')
          .select(['item_id', 'category_id'])
          .where('item_id', 'in', itemIds)
          .execute(),
      ]);
      for (const p of people) {
        if (p.role === 'from' || p.role === 'to') {
          byItem.get(p.item_id)![p.role].push(p.participant_id);
        }
      }
      for (const t of tags) byItem.get(t.item_id)!.tags.push(t.tag_id);
      for (const c of categories) byItem.get(c.item_id)!.categories.push(c.category_id);
      for (const links of byItem.values()) {
        for (const kind of LINK_KINDS) links[kind] = sortedIds(links[kind]);
      }
      return byItem;
    },

    /** Ids among `ids` that name no row of `table`. */
    async missing(table: 'participants' | 'tags' | 'categories', ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
      const known = new Set(found.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Replaces the given kinds of links of one item (absent kinds are left alone). */
    async replace(itemId: number, links: Partial<LinkIds>): Promise<void> {
      const roles = [...(links.from ? ['from'] : []), ...(links.to ? ['to'] : [])];
      if (roles.length) {
        await db
          .deleteFrom('item_participants')
          .where('item_id', '=', itemId)
          .where('role', 'in', roles)
          .execute();
      }
      if (links.tags) await db.deleteFrom('item_tags').where('item_id', '=', itemId).execute();
      if (links.categories) {
        await db.deleteFrom('item_categories').where('item_id', '=', itemId).execute();
      }
      await add(itemId, links);
    },

    add,

    /** Current names of participants, tags and categories by id (for revisions). */
    async participantNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('participants').select(['id', 'name']).where('id', 'in', ids).execute();
    },
    async tagNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('tags')
        .select(['id', 'name_fr', 'name_en', 'name_it', 'name_de'])
        .where('id', 'in', ids)
        .execute();
    },
    async categoryNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('categories')
        .select(['id', 'name_fr', 'name_en', 'name_it', 'name_de'])
        .where('id', 'in', ids)
        .execute();
    },

    async exists(table: 'participants' | 'tags', id: number): Promise<boolean> {
      const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type LinksRepository = ReturnType<typeof linksRepository>;
