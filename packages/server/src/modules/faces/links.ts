import { sql } from 'kysely';
import type { FacesExecutor } from './repository.js';

/**
 * A picture in which a participant's face is named appears in that participant's lists and
 * filters: through an `item_participants` link of role `face` (which the lists, the filter and
 * the counts already read, and which item forms leave alone: they edit `from` and `to`). For
 * each of `participantIds`, the item gets the link while one of its live pictures shows that
 * person named, and loses it when none does any more.
 */
export async function syncFaceLinks(
  trx: FacesExecutor,
  itemId: number | null,
  participantIds: (number | null | undefined)[],
): Promise<void> {
  if (itemId === null) return;
  const people = [...new Set(participantIds.filter((id): id is number => typeof id === 'number'))];
  for (const participantId of people) {
    const shown = await trx
      .selectFrom('faces as f')
      .innerJoin('files as fl', 'fl.id', 'f.file_id')
      .select('f.id')
      .where('fl.item_id', '=', itemId)
      .where('fl.deleted_at', 'is', null)
      .where('f.participant_id', '=', participantId)
      .limit(1)
      .executeTakeFirst();
    if (shown) {
      await sql`insert into item_participants (item_id, participant_id, role)
        values (${itemId}, ${participantId}, 'face') on conflict do nothing`.execute(trx);
    } else {
      await trx
        .deleteFrom('item_participants')
        .where('item_id', '=', itemId)
        .where('participant_id', '=', participantId)
        .where('role', '=', 'face')
        .execute();
    }
  }
}
