import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { placeColumns } from './repository.js';

/**
 * A photo's GPS position (read from its EXIF at upload) becomes the place of the item or record
 * it was just attached to, when that one has no place yet: the first such photo among `fileIds`.
 * No revision: it completes the entry as it is being made, and the user may move or clear it.
 */
export async function placeFromPhotos(
  trx: Transaction<Database>,
  owner: { kind: 'item' | 'record'; id: number },
  fileIds: number[],
  now: string,
): Promise<void> {
  if (!fileIds.length) return;
  const table = owner.kind === 'item' ? 'items' : 'records';
  const entry = await trx
    .selectFrom(table)
    .select('place_id')
    .where('id', '=', owner.id)
    .executeTakeFirst();
  if (!entry || entry.place_id !== null) return;
  const photo = await trx
    .selectFrom('files')
    .select(['latitude', 'longitude'])
    .where('id', 'in', fileIds)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!photo || photo.latitude === null || photo.longitude === null) return;
  const place = await placeColumns(
    trx,
    { name: '', latitude: Number(photo.latitude), longitude: Number(photo.longitude) },
    now,
  );
  await trx.updateTable(table).set(place).where('id', '=', owner.id).execute();
}
