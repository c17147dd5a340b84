import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Items and their links written straight into the database, for tests of modules that count or
 * move links before the items API exists.
 */
export function itemFixtures(db: Kysely<Database>) {
  return {
    async item(fields: { deleted?: boolean; type?: string } = {}): Promise<number> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('items')
        .values({
          type: fields.type ?? 'post',
          title: 'An item',
          content: '',
          language: 'fr',
          status: 'published',
          deleted_at: fields.deleted ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async inCategory(itemId: number, categoryId: number) {
      await db
        .insertInto('item_categories')
        .values({ item_id: itemId, category_id: categoryId })
        .execute();
    },
    async withTag(itemId: number, tagId: number) {
      await db.insertInto('item_tags').values({ item_id: itemId, tag_id: tagId }).execute();
    },
    async withParticipant(itemId: number, participantId: number, role: 'from' | 'to') {
      await db
        .insertInto('item_participants')
        .values({ item_id: itemId, participant_id: participantId, role })
        .execute();
    },
    /** Every participant link, sorted, as `item:participant:role` strings. */
    async participantLinks(): Promise<string[]> {
      const rows = await db.selectFrom('item_participants').selectAll().execute();
      return rows.map((r) => `${r.item_id}:${r.participant_id}:${r.role}`).sort();
    },
  };
}
