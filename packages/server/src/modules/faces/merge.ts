import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { bumpFacesRevision } from './nearest.js';
import { facesTrx } from './repository.js';

/**
 * Participants merged into `keep` (in the merge's transaction, before the others are deleted):
 * their named faces become `keep`'s, suggestions of them too, and "not this person" said of any
 * of them is said of `keep`. Their `face` links move with their other links (copyLinks).
 */
export async function moveFacesOnMerge(
  t: Transaction<Database> | Kysely<Database>,
  others: number[],
  keep: number,
): Promise<void> {
  if (!others.length) return;
  const trx = facesTrx(t as Transaction<Database>);
  const revision = await bumpFacesRevision(trx);
  await trx
    .updateTable('faces')
    .set({ participant_id: keep, revision })
    .where('participant_id', 'in', others)
    .execute();
  await trx
    .updateTable('faces')
    .set({ suggested_id: keep, revision })
    .where('suggested_id', 'in', others)
    .execute();
  await trx
    .insertInto('face_rejections')
    .columns(['face_id', 'participant_id'])
    .expression((eb) =>
      eb
        .selectFrom('face_rejections')
        .distinct()
        .select(['face_id', sql<number>`cast(${keep} as integer)`.as('participant_id')])
        .where('participant_id', 'in', others),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Never suggested as someone they were said not to be.
  await trx
    .updateTable('faces')
    .set({ suggested_id: null, suggested_distance: null })
    .where('suggested_id', '=', keep)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('face_rejections as r')
          .select('r.face_id')
          .whereRef('r.face_id', '=', 'faces.id')
          .where('r.participant_id', '=', keep),
      ),
    )
    .execute();
}
